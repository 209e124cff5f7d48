import { LoaderCircle } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A spinning ring for pending buttons and whole-screen waits; lists use Skeleton instead. */
export function Spinner({ className, label, ...props }: ComponentProps<"svg"> & { label?: string }) {
  return (
    <LoaderCircle
      role="status"
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn("size-4 animate-spin", className)}
      {...props}
    />
  );
}

/** Centred spinner filling its container, for a screen whose data is on the way. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center" data-testid="page-spinner">
      <Spinner className="size-8 text-primary" label={label} />
    </div>
  );
}
