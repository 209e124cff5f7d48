import type { ReactNode } from "react";
import { BrandLogo } from "@/components/brand-logo";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { useTranslation } from "@/lib/use-translation";

/** The phone menu's sheet: loaded the first time the menu button is pressed (mobile-nav.tsx). */
export default function MobileNavSheet({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation("common");
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent closeLabel={t("nav.close")}>
        <SheetTitle className="sr-only">{t("nav.menuTitle")}</SheetTitle>
        <SheetDescription className="sr-only">{t("nav.main")}</SheetDescription>
        <div className="pt-1 pb-2">
          <BrandLogo />
        </div>
        <nav aria-label={t("nav.main")} className="flex flex-col gap-1">
          {children(() => onOpenChange(false))}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
