import { CookieConsent } from "@/features/consent/components/cookie-consent";
import { SupportChat } from "@/features/support-chat/components/support-chat";
import { ErrorBoundary } from "./error-boundary";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

export function App() {
  return (
    <ErrorBoundary>
      <AppProviders>
        <AppRouter />
        {/* On every page, whatever its layout (spec §2): cookie settings bottom left, chat bottom right. */}
        <CookieConsent />
        <SupportChat />
      </AppProviders>
    </ErrorBoundary>
  );
}
