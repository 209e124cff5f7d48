import { CookieConsent } from "@/features/consent/components/cookie-consent";
import { SupportChat } from "@/features/support-chat/components/support-chat";
import { ErrorBoundary } from "./error-boundary";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

export function App() {
  return (
    <ErrorBoundary>
      <AppProviders>
        {/* The cookie banner comes first in the page: the first thing a keyboard reaches (WCAG 2.4.11). */}
        <CookieConsent part="banner" />
        <AppRouter />
        {/* On every page, whatever its layout (spec §2): cookie settings bottom left, chat bottom right. */}
        <CookieConsent part="button" />
        <SupportChat />
      </AppProviders>
    </ErrorBoundary>
  );
}
