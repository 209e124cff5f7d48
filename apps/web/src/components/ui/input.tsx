import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export const fieldClasses =
  "w-full rounded-lg border border-input bg-background px-3 text-[0.9375rem] text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:bg-muted disabled:text-muted-foreground aria-invalid:border-destructive aria-invalid:outline-destructive/30";

export function Input({ className, type, ...props }: ComponentProps<"input">) {
  return (
    <input type={type ?? "text"} className={cn(fieldClasses, "h-10 leading-normal", className)} {...props} />
  );
}
