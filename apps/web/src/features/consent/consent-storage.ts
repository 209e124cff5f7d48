import { CONSENT_COOKIE } from "@shobai/shared/constants";

/**
 * The visitor's cookie choice (spec §3, §4), kept in local storage: the record as JSON under
 * `cookie_consent`, the moment it was given as an ISO timestamp under `cookie_consent_date`.
 */
export const CONSENT_STORAGE_KEY = CONSENT_COOKIE;
export const CONSENT_DATE_STORAGE_KEY = "cookie_consent_date";

export const OPTIONAL_COOKIE_CATEGORIES = ["analytics", "functional", "marketing"] as const;
export type OptionalCookieCategory = (typeof OPTIONAL_COOKIE_CATEGORIES)[number];

export type CookieConsent = {
  /** Signing in, the language and this choice: always on. */
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
};

export const ACCEPT_ALL: CookieConsent = {
  necessary: true,
  analytics: true,
  marketing: true,
  functional: true,
};
export const NECESSARY_ONLY: CookieConsent = {
  necessary: true,
  analytics: false,
  marketing: false,
  functional: false,
};

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage can be switched off; the banner then simply asks again on the next visit.
    return null;
  }
}

/** A choice is kept for a year (the cookie policy's lifetime of cookie_consent); then the banner asks again. */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** The stored choice, or null when there is none, it is older than a year, or it is not one we wrote. */
export function readConsent(now: Date = new Date()): CookieConsent | null {
  const raw = storage()?.getItem(CONSENT_STORAGE_KEY);
  if (!raw) return null;
  const given = Date.parse(storage()?.getItem(CONSENT_DATE_STORAGE_KEY) ?? "");
  if (Number.isFinite(given) && now.getTime() - given > CONSENT_MAX_AGE_MS) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const record = value as Record<string, unknown>;
    if (!OPTIONAL_COOKIE_CATEGORIES.every((category) => typeof record[category] === "boolean")) return null;
    return {
      necessary: true,
      analytics: record.analytics === true,
      marketing: record.marketing === true,
      functional: record.functional === true,
    };
  } catch {
    return null;
  }
}

/** Stores the choice and the time it was made; necessary is forced on whatever is passed. */
export function writeConsent(consent: CookieConsent, now: Date = new Date()): CookieConsent {
  const record: CookieConsent = {
    necessary: true,
    analytics: consent.analytics,
    marketing: consent.marketing,
    functional: consent.functional,
  };
  const store = storage();
  try {
    store?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
    store?.setItem(CONSENT_DATE_STORAGE_KEY, now.toISOString());
  } catch {
    // A full or blocked storage: the choice holds for this visit only.
  }
  writeConsentCookie(record, now);
  return record;
}

/**
 * The same choice as the `cookie_consent` cookie the cookie policy lists (1 year), so the server
 * can leave the banner out of a prerendered page for a visitor who has already answered.
 */
function writeConsentCookie(record: CookieConsent, given: Date): void {
  if (typeof document === "undefined") return;
  const value = [record.analytics, record.functional, record.marketing].map((on) => (on ? 1 : 0)).join("");
  const maxAge = Math.max(0, Math.floor((given.getTime() + CONSENT_MAX_AGE_MS - Date.now()) / 1000));
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed, non-secret value; the Cookie Store API is not in every browser we support
  document.cookie = `${CONSENT_STORAGE_KEY}=${value}; path=/; max-age=${maxAge}; SameSite=Lax`;
}

/** A choice made before the cookie existed (or with the cookie cleared): give the server the cookie again. */
export function syncConsentCookie(now: Date = new Date()): void {
  if (typeof document === "undefined" || document.cookie.includes(`${CONSENT_STORAGE_KEY}=`)) return;
  const consent = readConsent(now);
  const given = Date.parse(storage()?.getItem(CONSENT_DATE_STORAGE_KEY) ?? "");
  if (consent) writeConsentCookie(consent, Number.isFinite(given) ? new Date(given) : now);
}
