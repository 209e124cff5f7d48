import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BrandLogo } from "@/components/brand-logo";
import { cn } from "@/lib/cn";
import { DESKTOP_QUERY, useMediaQuery } from "@/lib/use-media-query";
import { MobileNav } from "./mobile-nav";

interface HeaderShellProps {
  /** Tailwind max-width and padding of the inner row. */
  className: string;
  /** The links in the phone menu; `close` shuts the menu as a link is followed. */
  phoneNav: (close: () => void) => ReactNode;
  desktopNav: ReactNode;
  /** The right-hand side (language, account), told whether the full navigation shows. */
  actions: (desktop: boolean) => ReactNode;
}

/**
 * The sticky top bar both layouts share. Only one navigation is rendered at a time (phone menu
 * or desktop row), so each `nav-*` test id exists once on the page.
 */
export function HeaderShell({ className, phoneNav, desktopNav, actions }: HeaderShellProps) {
  const { t } = useTranslation("common");
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className={cn("mx-auto flex h-16 items-center gap-2 px-4 sm:gap-3 sm:px-6", className)}>
        {desktop ? null : <MobileNav>{phoneNav}</MobileNav>}
        <BrandLogo />
        {desktop ? (
          <nav aria-label={t("nav.main")} className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto">
            {desktopNav}
          </nav>
        ) : (
          <div className="flex-1" />
        )}
        <div className="flex items-center gap-2">{actions(desktop)}</div>
      </div>
    </header>
  );
}
