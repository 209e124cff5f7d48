import { i18n } from "@/lib/i18n";

/** The texts only the lower landing sections use (AI demo, dashboard preview, plans). */
export const LANDING_SECTIONS_NAMESPACES = ["websites", "crm", "email", "subscription"] as const;

/** Marks the element around the lower sections, in prerendered HTML and in the app alike. */
export const LANDING_SECTIONS_ATTRIBUTE = "data-landing-sections";

/**
 * Resolves when the lower landing sections are wanted: they come near the screen, the visitor
 * touches, clicks, types or scrolls, or the page has been quiet for a moment after loading.
 * Until then a prerendered page keeps its server HTML there (already readable) and fetches
 * neither their code nor their texts, which keeps the first load small.
 */
function sectionsWanted(): Promise<void> {
  if (typeof window === "undefined" || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const cleanups: (() => void)[] = [];
    const done = () => {
      for (const cleanup of cleanups) cleanup();
      resolve();
    };
    const target = document.querySelector(`[${LANDING_SECTIONS_ATTRIBUTE}]`);
    if (target) {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) done();
        },
        { rootMargin: "400px 0px" },
      );
      observer.observe(target);
      cleanups.push(() => observer.disconnect());
    }
    for (const type of ["pointerdown", "keydown", "focusin", "touchstart", "wheel"] as const) {
      document.addEventListener(type, done, { capture: true, passive: true, once: true });
      cleanups.push(() => document.removeEventListener(type, done, { capture: true }));
    }
    const afterLoad = () => {
      const timer = window.setTimeout(done, 2500);
      cleanups.push(() => window.clearTimeout(timer));
    };
    if (document.readyState === "complete") afterLoad();
    else {
      window.addEventListener("load", afterLoad, { once: true });
      cleanups.push(() => window.removeEventListener("load", afterLoad));
    }
  });
}

export function loadLandingSections() {
  return sectionsWanted().then(() =>
    Promise.all([
      import("./components/landing-sections"),
      i18n.loadNamespaces([...LANDING_SECTIONS_NAMESPACES]),
    ]).then(([module]) => module),
  );
}
