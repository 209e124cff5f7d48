import { LANGUAGES } from "@shobai/shared/constants";
import { isPrerenderedPage } from "./hydration";
import { I18n } from "./i18n-engine";
import {
  detectLanguage,
  languageFromTag,
  readBrowserLanguages,
  readStoredLanguage,
  readUrlLanguage,
} from "./language-detection";
import { inlinedNamespaces, loadTexts, NAMESPACES } from "./locale-resources";

export const i18n = new I18n({
  languages: LANGUAGES,
  // Latin-script languages fall back to English (the sign-in screen shows English for them),
  // English falls back to Japanese, the language every key is written in first.
  fallbacks: { pl: ["en", "ja"], ro: ["en", "ja"], ms: ["en", "ja"], id: ["en", "ja"], default: ["ja"] },
  defaultNamespace: "common",
  load: loadTexts,
});

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
 * A prerendered page hydrates with the namespaces whose texts it carries; the rest come with the
 * first move to another screen (lazy-pages.ts). The app loads them all.
 */
function initialNamespaces(language: string): string[] {
  const carried = isPrerenderedPage() ? inlinedNamespaces(language) : [];
  return carried.length > 0 ? carried : [...NAMESPACES];
}

/** Resolves once the chosen language (and its fallbacks) is loaded; render after it. */
const language = initialLanguage();
export const i18nReady = i18n
  .init(language, initialNamespaces(language))
  .then(() => setDocumentLanguage(i18n.language));
