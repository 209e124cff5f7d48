import type { ReactNode } from "react";
import { VerifyEmailBanner } from "@/features/auth/components/verify-email-banner";
import { useTranslation } from "@/lib/use-translation";
import { AppHeader } from "./app-header";

/** The signed-in frame: header with the app navigation, then the page on a light grey canvas. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("skipToContent")}
      </a>
      <AppHeader />
      <VerifyEmailBanner />
      <main id="main" className="mx-auto w-full max-w-[1440px] flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        {children}
      </main>
    </div>
  );
}
