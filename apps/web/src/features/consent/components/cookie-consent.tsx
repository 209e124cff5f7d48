import { Cookie } from "lucide-react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useHydrated } from "@/lib/hydration";
import { useTranslation } from "@/lib/use-translation";
import { openConsentBanner, useConsentState } from "../consent-store";
import { prerenderedWithBanner } from "../prerender-banner";

// The banner is only needed until the visitor chooses: it loads on its own, off the first bundle.
const CookieBanner = lazy(() => import("./cookie-banner"));

/**
 * Spec §2, §4: the cookie banner while no choice is stored (or the visitor asked for it again),
 * otherwise the floating Cookie Settings button at the bottom left of every page. The app places
 * the banner first in the page (the first thing reached by Tab) and the button last (`part`).
 */
export function CookieConsent({ part }: { part?: "banner" | "button" }) {
  const { bannerOpen } = useConsentState();
  // The stored choice is only known in the browser. A prerendered page carries the banner when the
  // server saw no consent cookie (the banner variant); the hydrating render matches that markup.
  const hydrated = useHydrated();
  if (part === "button" && (!hydrated || bannerOpen)) return null;
  if (part === "banner" && hydrated && !bannerOpen) return null;
  if (!hydrated) {
    return prerenderedWithBanner() ? (
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
    ) : null;
  }
  if (bannerOpen) {
    return (
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
    );
  }
  return <CookieSettingsButton />;
}

function CookieSettingsButton() {
  const { t } = useTranslation("consent");
  const { reopened } = useConsentState();
  const ref = useRef<HTMLButtonElement>(null);

  // Back from a banner the visitor opened here: keyboard focus returns to where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the button appears
  useEffect(() => {
    if (reopened) ref.current?.focus();
  }, []);

  return (
    <button
      ref={ref}
      type="button"
      onClick={openConsentBanner}
      aria-label={t("settingsButton")}
      title={t("settingsButton")}
      data-testid="cookie-settings-button"
      className="fixed bottom-4 left-4 z-40 inline-flex size-11 cursor-pointer items-center justify-center rounded-full border border-border bg-background text-muted-foreground shadow-popover transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring print:hidden [&_svg]:size-5"
    >
      <Cookie aria-hidden="true" />
    </button>
  );
}
