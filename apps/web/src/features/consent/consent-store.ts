import { useSyncExternalStore } from "react";
import { type CookieConsent, readConsent, writeConsent } from "./consent-storage";

type ConsentState = {
  consent: CookieConsent | null;
  bannerOpen: boolean;
  /** The visitor opened the banner with the settings button: give focus back to it on close. */
  reopened: boolean;
};

let state: ConsentState | null = null;
const listeners = new Set<() => void>();

function current(): ConsentState {
  if (!state) {
    const consent = readConsent();
    state = { consent, bannerOpen: consent === null, reopened: false };
  }
  return state;
}

function update(next: Partial<ConsentState>): void {
  state = { ...current(), ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsentState(): ConsentState {
  return useSyncExternalStore(subscribe, current, current);
}

/** Saves the visitor's choice and hides the banner. */
export function saveConsent(consent: CookieConsent): void {
  update({ consent: writeConsent(consent), bannerOpen: false });
}

/** Shows the banner again, with the current choice filled in (the settings button, the policy page). */
export function openConsentBanner(): void {
  update({ bannerOpen: true, reopened: true });
}

/** Forget the in-memory state, so the next read comes from storage again (tests). */
export function resetConsentState(): void {
  state = null;
  for (const listener of listeners) listener();
}
