import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { cn } from "@/lib/cn";

interface NavLinkProps {
  href: string;
  testId: string;
  children: ReactNode;
  className?: string;
  activeClassName?: string;
  onClick?: () => void;
  /** Other paths where this link is the current section. */
  also?: readonly string[] | undefined;
}

/** A header link that knows whether it is the current page. */
export function NavLink({ href, testId, children, className, activeClassName, onClick, also }: NavLinkProps) {
  const [location] = useLocation();
  const under = (path: string) => location === path || location.startsWith(`${path}/`);
  const active = href === "/" ? location === "/" : under(href) || (also ?? []).some(under);
  return (
    <Link
      href={href}
      data-testid={testId}
      aria-current={active ? "page" : undefined}
      onClick={onClick}
      className={cn(
        "inline-flex items-center gap-2 rounded-md text-sm font-medium whitespace-nowrap text-muted-foreground no-underline transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
        active && (activeClassName ?? "bg-muted text-foreground"),
      )}
    >
      {children}
    </Link>
  );
}
