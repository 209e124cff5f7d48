import { cn } from "@/lib/cn";
import type { HttpMethod } from "../openapi-types";

const METHOD_CLASSES: Record<HttpMethod, string> = {
  get: "bg-[#e6f4ec] text-[#17663f]",
  post: "bg-brand-50 text-brand-700",
  put: "bg-[#fff3dc] text-[#8a5300]",
  patch: "bg-[#fff3dc] text-[#8a5300]",
  delete: "bg-destructive-soft text-destructive",
  head: "bg-muted text-muted-foreground",
  options: "bg-muted text-muted-foreground",
};

export function MethodBadge({ method, className }: { method: HttpMethod; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex h-6 min-w-16 items-center justify-center rounded-md px-2 font-mono text-xs font-bold tracking-wide uppercase",
        METHOD_CLASSES[method],
        className,
      )}
      data-testid="method-badge"
    >
      {method}
    </span>
  );
}
