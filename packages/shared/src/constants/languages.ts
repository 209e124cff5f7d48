/** Interface and site languages, in the order the product lists them. `ja` is the default. */
export const LANGUAGES = ["ja", "en", "pl", "ro", "ms", "id"] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = "ja";

/** Each language named in its own script, for language selectors. */
export const LANGUAGE_NATIVE_NAMES: Record<TLanguage, string> = {
  ja: "日本語",
  en: "English",
  pl: "Polski",
  ro: "Română",
  ms: "Bahasa Melayu",
  id: "Bahasa Indonesia",
};

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Old or alternative primary subtags browsers still send for our languages. */
const SUBTAG_ALIASES: Record<string, TLanguage> = { in: "id", zsm: "ms", mo: "ro" };

/** A language tag to one of ours: "en-US" → en, "pl" → pl, "in-ID" → id, "fr" → null. */
export function languageFromTag(tag: string): TLanguage | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  if (isLanguage(primary)) return primary;
  return SUBTAG_ALIASES[primary] ?? null;
}

/** Open Graph locale of each language (og:locale on the public pages and on generated sites). */
export const OG_LOCALES: Record<TLanguage, string> = {
  ja: "ja_JP",
  en: "en_US",
  pl: "pl_PL",
  ro: "ro_RO",
  ms: "ms_MY",
  id: "id_ID",
};
