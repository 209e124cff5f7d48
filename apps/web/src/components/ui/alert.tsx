import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

const alertVariants = cva(
  "flex gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-1 [&>svg]:size-4 [&>svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "border-border bg-muted text-foreground",
        info: "border-brand-200 bg-brand-50 text-brand-900",
        destructive: "border-destructive/30 bg-destructive-soft text-destructive",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

/** An inline message that stays on screen (toasts disappear; this does not). */
export function Alert({
  className,
  variant,
  ...props
}: ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div role="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}
