import type { ReactNode } from "react";
import { useTranslation } from "@/lib/use-translation";
import { PublicHeader } from "./public-header";
import { SiteFooter } from "./site-footer";

/** The frame of public pages: public navigation, the page, a small footer. */
export function PublicLayout({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  const { t } = useTranslation("common");
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("skipToContent")}
      </a>
      <PublicHeader />
      <main
        id="main"
        className={bare ? "flex-1" : "mx-auto w-full max-w-[1200px] flex-1 px-4 py-8 sm:px-6 sm:py-12"}
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
