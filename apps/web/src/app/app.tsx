import { useEffect } from "react";
import { CookieConsent } from "@/features/consent/components/cookie-consent";
import { SupportChat } from "@/features/support-chat/components/support-chat";
import { ErrorBoundary } from "./error-boundary";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

/** Marks <html data-hydrated> once React has taken over the page (prerendered or not): tests wait for it. */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}

export function App() {
  return (
    <ErrorBoundary>
      <AppProviders>
        <HydratedMark />
        <AppRouter />
        {/* On every page, whatever its layout (spec §2): cookie settings bottom left, chat bottom right. */}
        <CookieConsent />
        <SupportChat />
      </AppProviders>
    </ErrorBoundary>
  );
}
