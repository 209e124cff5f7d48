import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * False while React renders on the server (build-time prerendering) and while it hydrates that
 * HTML; true from the first render after it. Parts that depend on the browser (stored consent,
 * screen width) wait for it, so the hydrating render matches the prerendered markup exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** The element the app renders into. */
export function appRoot(): HTMLElement | null {
  return typeof document === "undefined" ? null : document.getElementById("root");
}

/** The page arrived prerendered (the server filled #root for a visitor without a session). */
export function isPrerenderedPage(): boolean {
  return appRoot()?.dataset.prerendered !== undefined;
}

/** True until React has taken over the prerendered page (each screen marks <html data-hydrated>, lazy-pages.ts). */
export function isHydratingPrerenderedPage(): boolean {
  return isPrerenderedPage() && document.documentElement.dataset.hydrated === undefined;
}
