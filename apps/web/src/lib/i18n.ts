import { LANGUAGES } from "@shobai/shared/constants";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { detectLanguage, readBrowserLanguages, readStoredLanguage } from "./language-detection";
import { localeBackend, NAMESPACES } from "./locale-resources";

export const i18n = i18next.createInstance();

function setDocumentLanguage(language: string): void {
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

i18n.on("languageChanged", setDocumentLanguage);

/** Resolves once the chosen language (and its fallback) is loaded; render after it. */
export const i18nReady = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    lng: detectLanguage({ stored: readStoredLanguage(), browserLanguages: readBrowserLanguages() }),
    // Latin-script languages fall back to English (the sign-in screen shows English for them),
    // English falls back to Japanese, the language every key is written in first.
    fallbackLng: { pl: ["en", "ja"], ro: ["en", "ja"], ms: ["en", "ja"], id: ["en", "ja"], default: ["ja"] },
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  })
  .then(() => setDocumentLanguage(i18n.language));
