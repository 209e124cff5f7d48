import { Menu } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { BrandLogo } from "@/components/brand-logo";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";

/**
 * The phone navigation: a menu button opening a sheet. The children receive `close` so a tap
 * on a link closes the sheet as it navigates.
 */
export function MobileNav({ children }: { children: (close: () => void) => ReactNode }) {
  const { t } = useTranslation("common");
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("nav.openMenu")}
          data-testid="mobile-nav-toggle"
          className="-ml-2"
        >
          <Menu className="size-5" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent closeLabel={t("nav.close")}>
        <SheetTitle className="sr-only">{t("nav.menuTitle")}</SheetTitle>
        <SheetDescription className="sr-only">{t("nav.main")}</SheetDescription>
        <div className="pt-1 pb-2">
          <BrandLogo />
        </div>
        <nav aria-label={t("nav.main")} className="flex flex-col gap-1">
          {children(() => setOpen(false))}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
