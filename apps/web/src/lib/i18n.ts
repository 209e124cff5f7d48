import { LANGUAGES } from "@shobai/shared/constants";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { appRoot, isPrerenderedPage } from "./hydration";
import {
  detectLanguage,
  languageFromTag,
  readBrowserLanguages,
  readStoredLanguage,
  readUrlLanguage,
} from "./language-detection";
import { localeBackend, NAMESPACES } from "./locale-resources";

export const i18n = i18next.createInstance();

function setDocumentLanguage(language: string): void {
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

i18n.on("languageChanged", setDocumentLanguage);

/**
 * A prerendered page is hydrated in the language the server rendered it in (its <html lang>);
 * otherwise a ?lang= link wins, then the stored choice, then the browser's languages.
 */
function initialLanguage() {
  if (isPrerenderedPage()) {
    const rendered = languageFromTag(document.documentElement.lang);
    if (rendered) return rendered;
  }
  return detectLanguage({
    stored: readUrlLanguage() ?? readStoredLanguage(),
    browserLanguages: readBrowserLanguages(),
  });
}

/**
 * A prerendered page names the namespaces its markup used (data-namespaces): only those are
 * fetched before it hydrates, the rest once the page is idle (main.tsx). The app loads them all.
 */
function initialNamespaces(): string[] {
  const listed = isPrerenderedPage() ? appRoot()?.dataset.namespaces : undefined;
  if (!listed) return [...NAMESPACES];
  const known = new Set<string>(NAMESPACES);
  return ["common", ...listed.split(",").filter((ns) => known.has(ns) && ns !== "common")];
}

/** Resolves once the chosen language (and its fallback) is loaded; render after it. */
export const i18nReady = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    // Latin-script languages fall back to English (the sign-in screen shows English for them),
    // English falls back to Japanese, the language every key is written in first.
    fallbackLng: { pl: ["en", "ja"], ro: ["en", "ja"], ms: ["en", "ja"], id: ["en", "ja"], default: ["ja"] },
    supportedLngs: [...LANGUAGES],
    ns: initialNamespaces(),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  })
  .then(() => setDocumentLanguage(i18n.language));
