import { Link } from "wouter";
import { cn } from "@/lib/cn";

/** "Shobai 商売" with its seal-like mark; links home. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={cn(
        "inline-flex shrink-0 items-center gap-2 rounded-md text-foreground no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
      data-testid="brand-logo"
    >
      <span
        aria-hidden
        className="grid size-8 place-items-center rounded-lg bg-primary text-[15px] font-bold leading-none text-primary-foreground"
      >
        商
      </span>
      <span className="flex items-baseline gap-1.5 leading-none">
        <span className="text-[17px] font-bold tracking-tight">Shobai</span>
        <span className="text-sm font-medium text-muted-foreground" lang="ja">
          商売
        </span>
      </span>
    </Link>
  );
}
