import { isLanguage, type TLanguage } from "@shobai/shared/constants";
import { i18n } from "./i18n";
import { LANGUAGE_STORAGE_KEY } from "./language-detection";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** The interface language now shown, always one of ours. */
export function currentLanguage(): TLanguage {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : "ja";
}

/**
 * Switches the interface language and remembers it: local storage (read first on the next
 * visit, and seen by other tabs through the storage event) and the `user_language` cookie the
 * cookie policy lists, so the server can answer in the same language.
 */
export async function chooseLanguage(language: TLanguage): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or storage full: the choice still applies to this tab.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed, non-secret value; the Cookie Store API is not in every browser we support
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
  await i18n.changeLanguage(language);
}

/** Applies a language chosen in another tab of this browser. Returns the unsubscribe function. */
export function followLanguageOfOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LANGUAGE_STORAGE_KEY || !isLanguage(event.newValue)) return;
    if (event.newValue !== i18n.language) void i18n.changeLanguage(event.newValue);
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}
