import { isLanguage } from "@shobai/shared/constants";
import type { Texts } from "./i18n-engine";

/** The server-side prerender and Vitest import the text files with the code (see locale-assets.ts). */
const bundled = __LOCALES_BUNDLED__
  ? import.meta.glob<Texts>("../locales/*/*.json", { import: "default" })
  : null;

let inlined: Record<string, Record<string, Texts>> | undefined;

/**
 * A prerendered page carries the texts its markup used (#prerender-texts, written by
 * scripts/prerender.mjs), so it hydrates without fetching any.
 */
function inlinedTexts(): Record<string, Record<string, Texts>> {
  if (inlined === undefined) {
    const script = typeof document === "undefined" ? null : document.getElementById("prerender-texts");
    inlined = script?.textContent ? JSON.parse(script.textContent) : {};
  }
  return inlined ?? {};
}

/** The namespaces a prerendered page carries for `language` (none when it is not prerendered). */
export function inlinedNamespaces(language: string): string[] {
  return Object.keys(inlinedTexts()[language] ?? {});
}

/** A text file as JSON from `/assets/locales/<version>/`, cached for a year under that version. */
async function fetchTexts(language: string, namespace: string): Promise<Texts> {
  const response = await fetch(`${__LOCALES_URL__}/${language}/${namespace}.json`);
  if (!response.ok) throw new Error(`texts ${language}/${namespace}: HTTP ${response.status}`);
  return (await response.json()) as Texts;
}

/**
 * One namespace of one language: the texts inlined in a prerendered page, else the bundled file
 * (prerender, tests), else fetched. Each language's namespaces load separately, when needed: the
 * first page carries one language, not six, however much text the product grows.
 */
export function loadTexts(language: string, namespace: string): Promise<Texts> {
  if (!isLanguage(language) || !(NAMESPACES as readonly string[]).includes(namespace))
    return Promise.resolve({});
  const inline = inlinedTexts()[language]?.[namespace];
  if (inline) return Promise.resolve(inline);
  if (!bundled) return fetchTexts(language, namespace);
  return bundled[`../locales/${language}/${namespace}.json`]?.() ?? Promise.resolve({});
}

export const NAMESPACES = [
  "common",
  "auth",
  "pages",
  "dashboard",
  "landing",
  "profile",
  "api-docs",
  "crm",
  "websites",
  "analytics",
  "email",
  "team",
  "domains",
  "subscription",
  "legal",
  "info",
  "consent",
  "chat",
  "examples",
  "tutorials",
  "seo",
] as const;
export type Namespace = (typeof NAMESPACES)[number];
