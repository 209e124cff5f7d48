import { LANGUAGES } from "@shobai/shared/constants";
import { appRoot, isPrerenderedPage } from "./hydration";
import { I18n } from "./i18n-engine";
import {
  detectLanguage,
  languageFromTag,
  readBrowserLanguages,
  readStoredLanguage,
  readUrlLanguage,
} from "./language-detection";
import { loadTexts, NAMESPACES } from "./locale-resources";

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
 * A prerendered page names the namespaces its markup used (data-namespaces): it carries their
 * texts and hydrates with only those; the rest come with the first move to another screen
 * (lazy-pages.ts). The app loads them all.
 */
function initialNamespaces(): string[] {
  const listed = isPrerenderedPage() ? appRoot()?.dataset.namespaces : undefined;
  if (!listed) return [...NAMESPACES];
  const known = new Set<string>(NAMESPACES);
  return ["common", ...listed.split(",").filter((ns) => known.has(ns) && ns !== "common")];
}

/** Resolves once the chosen language (and its fallbacks) is loaded; render after it. */
export const i18nReady = i18n
  .init(initialLanguage(), initialNamespaces())
  .then(() => setDocumentLanguage(i18n.language));
