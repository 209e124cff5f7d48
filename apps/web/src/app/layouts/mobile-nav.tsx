import { Menu } from "lucide-react";
import { type ReactNode, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { onDemand } from "@/lib/on-demand";
import { useTranslation } from "@/lib/use-translation";

// The sheet (a Radix dialog) is fetched when the menu is first wanted, not with every page.
const { Component: MobileNavSheet, preloadProps } = onDemand(() =>
  import("./mobile-nav-sheet").then((m) => m.default),
);

/**
 * The phone navigation: a menu button opening a sheet. The children receive `close` so a tap
 * on a link closes the sheet as it navigates.
 */
export function MobileNav({ children }: { children: (close: () => void) => ReactNode }) {
  const { t } = useTranslation("common");
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("nav.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? "open" : "closed"}
        data-testid="mobile-nav-toggle"
        className="-ml-2"
        {...preloadProps}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5" aria-hidden />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileNavSheet open={open} onOpenChange={setOpen}>
            {children}
          </MobileNavSheet>
        </Suspense>
      ) : null}
    </>
  );
}
