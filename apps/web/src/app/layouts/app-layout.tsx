import { lazy, type ReactNode, Suspense } from "react";
import { VerifyEmailBanner } from "@/features/auth/components/verify-email-banner";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { SecondFactorScreen } from "../lazy-pages";
import { AppHeader } from "./app-header";

// Two-factor sign-in (decision 0052): loaded only for users who use it; the screen marks the page
// as taken over by React like every other screen.
const FreshCodeDialog = lazy(() => import("@/components/two-factor/fresh-code-dialog"));

/**
 * The signed-in frame: header with the app navigation, then the page on a light grey canvas. A
 * session still waiting for its second factor (or a user who must enrol) sees only that screen.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  const { user } = useUser();
  if (user && user.secondFactor.state !== "ok") {
    return (
      <Suspense fallback={null}>
        <SecondFactorScreen user={user} />
      </Suspense>
    );
  }
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
      {user?.secondFactor.enabled ? (
        <Suspense fallback={null}>
          <FreshCodeDialog />
        </Suspense>
      ) : null}
    </div>
  );
}
