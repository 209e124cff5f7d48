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
}

/** A header link that knows whether it is the current page. */
export function NavLink({ href, testId, children, className, activeClassName, onClick }: NavLinkProps) {
  const [location] = useLocation();
  const active = href === "/" ? location === "/" : location === href || location.startsWith(`${href}/`);
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
