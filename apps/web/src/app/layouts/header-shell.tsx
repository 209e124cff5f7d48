import type { ReactNode } from "react";
import { BrandLogo } from "@/components/brand-logo";
import { cn } from "@/lib/cn";
import { useHydrated } from "@/lib/hydration";
import { DESKTOP_QUERY, useMediaQuery } from "@/lib/use-media-query";
import { useTranslation } from "@/lib/use-translation";
import { MobileNav } from "./mobile-nav";

interface HeaderShellProps {
  /** Tailwind max-width and padding of the inner row. */
  className: string;
  /** The links in the phone menu; `close` shuts the menu as a link is followed. */
  phoneNav: (close: () => void) => ReactNode;
  desktopNav: ReactNode;
  /** The right-hand side (language, account), told whether the full navigation shows. */
  actions: (desktop: boolean | null) => ReactNode;
}

/**
 * The sticky top bar both layouts share. Only one navigation is rendered at a time (phone menu
 * or desktop row), so each `nav-*` test id exists once on the page.
 */
export function HeaderShell({ className, phoneNav, desktopNav, actions }: HeaderShellProps) {
  const { t } = useTranslation("common");
  const wide = useMediaQuery(DESKTOP_QUERY);
  // Prerendered HTML cannot know the screen: until hydrated, both navigations are in the markup and
  // CSS shows the right one (the phone menu's links mount only when it opens, so ids stay unique).
  const desktop = useHydrated() ? wide : null;
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className={cn("mx-auto flex h-16 items-center gap-2 px-4 sm:gap-3 sm:px-6", className)}>
        {desktop === true ? null : (
          <div className={desktop === null ? "contents lg:hidden" : "contents"}>
            <MobileNav>{phoneNav}</MobileNav>
          </div>
        )}
        <BrandLogo />
        {desktop === false ? null : (
          <nav
            aria-label={t("nav.main")}
            className={cn(
              "min-w-0 flex-1 items-center gap-1 overflow-x-auto",
              desktop === null ? "hidden lg:flex" : "flex",
            )}
          >
            {desktopNav}
          </nav>
        )}
        {desktop === true ? null : <div className={desktop === null ? "flex-1 lg:hidden" : "flex-1"} />}
        <div className="flex items-center gap-2">{actions(desktop)}</div>
      </div>
    </header>
  );
}
