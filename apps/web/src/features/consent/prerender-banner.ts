import { appRoot } from "@/lib/hydration";

let serverBanner = false;

/** Build-time prerendering: whether the page being rendered carries the cookie banner. */
export function setPrerenderBanner(on: boolean): void {
  serverBanner = on;
}

/**
 * Whether the prerendered markup holds the cookie banner: on the server, what the prerender asked
 * for; in the browser, the mark the banner variant of the page carries on #root.
 */
export function prerenderedWithBanner(): boolean {
  if (typeof document === "undefined") return serverBanner;
  return appRoot()?.dataset.consentBanner !== undefined;
}
