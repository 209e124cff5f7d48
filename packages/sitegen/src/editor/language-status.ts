import type { TLanguage } from "@shobai/shared";
import { SECTION_IDS, type TLocalizedContent, type TSiteContent } from "../content-model.ts";
import { hashString } from "../hash.ts";

/** The sections whose text each language has its own copy of, compared between languages. */
export const TRANSLATED_SECTIONS = ["hero", ...SECTION_IDS] as const;
export type TTranslatedSection = (typeof TRANSLATED_SECTIONS)[number];

/** A short fingerprint of one section's text (stable across key order). */
export function sectionFingerprint(value: unknown): string {
  const stable = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
    if (v && typeof v === "object") {
      return `{${Object.keys(v)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
        .join(",")}}`;
    }
    return JSON.stringify(v) ?? "null";
  };
  return hashString(stable(value)).toString(36);
}

export type TLanguageStatus = {
  lang: TLanguage;
  /** The language has no text yet. */
  missing: boolean;
  /** Sections changed in the first language since this language's copy was last written. */
  outdated: TTranslatedSection[];
  /** Menu and service items still named in Japanese on a page in another language (by index). */
  untranslated: number[];
};

/** Kana or kanji: text a reader of the other five languages cannot read. */
const JAPANESE_SCRIPT = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

/** For every language after the first: missing, or which sections lag behind the first language. */
export function languageStatus(site: TSiteContent): TLanguageStatus[] {
  const [first, ...others] = site.languages;
  const source = first ? site.content[first] : undefined;
  return others.map((lang) => {
    const own = site.content[lang];
    if (!own || !source) return { lang, missing: true, outdated: [], untranslated: [] };
    const sync = site.sync?.[lang] ?? {};
    const outdated = TRANSLATED_SECTIONS.filter((section) => {
      const at = sync[section];
      return at !== undefined && at !== sectionFingerprint(source[section]);
    });
    const untranslated =
      lang === "ja"
        ? []
        : own.offerings.items.flatMap((item, i) => (JAPANESE_SCRIPT.test(item.name) ? [i] : []));
    return { lang, missing: false, outdated, untranslated };
  });
}

/**
 * Keeps the record `languageStatus` reads, for one change of the site (`before` → `after`):
 * - a section of another language that was written (edited, filled) is now in step with the first
 *   language's current section;
 * - before the first language's section changes, every language without a record for it is taken
 *   to have been in step with its old text (sites start in step), so that the change shows.
 */
export function trackTranslations(before: TSiteContent, after: TSiteContent): TSiteContent {
  const first = after.languages[0];
  if (!first) return after;
  const oldSource = before.content[first] as TLocalizedContent | undefined;
  const newSource = after.content[first] as TLocalizedContent | undefined;
  if (!newSource) return after;
  let sync = after.sync;
  const set = (lang: TLanguage, section: TTranslatedSection, print: string) => {
    if (sync?.[lang]?.[section] === print) return;
    sync = { ...sync, [lang]: { ...sync?.[lang], [section]: print } };
  };
  for (const lang of after.languages.slice(1)) {
    const now = after.content[lang];
    if (!now) continue;
    const was = before.content[lang];
    for (const section of TRANSLATED_SECTIONS) {
      if (was && was[section] !== now[section]) {
        set(lang, section, sectionFingerprint(newSource[section]));
      } else if (
        oldSource &&
        oldSource[section] !== newSource[section] &&
        after.sync?.[lang]?.[section] === undefined
      ) {
        set(lang, section, sectionFingerprint(oldSource[section]));
      }
    }
  }
  return sync === after.sync ? after : { ...after, sync };
}
