import type { TContactStatus } from "@shobai/shared";
import { cn } from "@/lib/cn";
import { STATUS_STYLE } from "../status-style";

export function StatusDot({ status, className }: { status: TContactStatus; className?: string }) {
  return (
    <span aria-hidden className={cn("size-2 shrink-0 rounded-full", STATUS_STYLE[status].dot, className)} />
  );
}
