import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  languageFromTag,
  type TLanguage,
} from "@shobai/shared/constants";

/** Where the chosen interface language is kept (spec §3: its own local-storage key). */
export const LANGUAGE_STORAGE_KEY = LANGUAGE_COOKIE;

export { languageFromTag };

/** Stored preference first, then the browser's languages in their order, then ja (spec §1). */
export function detectLanguage(input: {
  stored: string | null | undefined;
  browserLanguages: readonly string[];
}): TLanguage {
  if (isLanguage(input.stored)) return input.stored;
  for (const tag of input.browserLanguages) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function readBrowserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** `?lang=en` on a shared or search-result link (the hreflang alternates of public pages). */
export function readUrlLanguage(): TLanguage | null {
  if (typeof window === "undefined") return null;
  const value = new URLSearchParams(window.location.search).get("lang");
  return value && isLanguage(value) ? value : null;
}
