import { isKana, toHiragana, toKatakana, toRomaji } from "wanakana";

/**
 * Contact names as Japanese records keep them: family name (姓) and given name (名), each with its
 * reading (セイ / メイ), and a company with its reading. Either the family name or the company is
 * the record's name; the given name is optional. Readings are stored in full-width katakana.
 */
export interface ContactNameParts {
  firstName: string;
  lastName: string;
  firstNameKana?: string;
  lastNameKana?: string;
  company?: string;
  companyKana?: string;
  email?: string;
}

/** The issue code when neither the family name nor the company is given (path `lastName`). */
export const NAME_OR_COMPANY_ISSUE = "name_or_company_required";

/**
 * Either the family name or the company names the record (a person, or a business as a whole). A
 * given name alone is still accepted where this is checked (decision 0038): records and API
 * clients from before readings existed, and site forms with one name field, carry only that.
 */
export function hasNameOrCompany(v: { lastName?: string; company?: string }): boolean {
  return Boolean(v.lastName?.trim() || v.company?.trim());
}

/** Han, hiragana, katakana (full and half width) or Hangul: written family name first. */
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}々〆ヶ]/u;

/** Family name first for a Japanese (or Chinese, Korean) name, given name first for a Latin one. */
export function isEastAsianName(first: string, last: string): boolean {
  return EAST_ASIAN.test(last) || EAST_ASIAN.test(first);
}

/**
 * The one display of a contact's name: 「佐々木 花子」 (by the name's script, not the interface
 * language), "John Smith"; the company when there is no personal name; the email when nothing else.
 */
export function formatContactName(contact: ContactNameParts): string {
  const first = contact.firstName.trim();
  const last = contact.lastName.trim();
  const parts = isEastAsianName(first, last) ? [last, first] : [first, last];
  const name = parts.filter(Boolean).join(" ");
  return name || contact.company?.trim() || contact.email?.trim() || "";
}

/**
 * The name with the Japanese honorific: a person is 様 (佐々木 花子 様), a company addressed as a
 * whole is 御中 (株式会社みどり 御中). Nothing is added to a bare email address.
 */
export function formatContactNameWithHonorific(contact: ContactNameParts): string {
  const name = formatContactName(contact);
  if (contact.firstName.trim() || contact.lastName.trim()) return `${name} 様`;
  if (contact.company?.trim()) return `${name} 御中`;
  return name;
}

/** The reading as shown: 「ササキ ハナコ」, family name first. */
export function formatContactKana(contact: ContactNameParts): string {
  return [contact.lastNameKana?.trim(), contact.firstNameKana?.trim()].filter(Boolean).join(" ");
}

/**
 * A reading as it is stored: full-width katakana (half-width ｻｻｷ and hiragana ささき become
 * ササキ). Anything that is not all kana (a romaji reading, say) is kept as typed, only NFKC-folded.
 */
export function normalizeKana(value: string): string {
  const folded = value.normalize("NFKC").trim().replace(/\s+/g, " ");
  if (!folded) return "";
  return isKana(folded.replace(/ /g, "")) ? toKatakana(folded) : folded;
}

/**
 * Text folded for searching: NFKC (full-width ＡＢＣ and half-width ｶﾅ to their usual forms),
 * lower case, katakana as hiragana. The same folding is applied to the stored text and the query.
 */
export function foldForSearch(value: string): string {
  const folded = value.normalize("NFKC").toLowerCase().trim();
  // Only katakana changes; most fields (email, romaji, kanji, digits) skip the conversion.
  return KATAKANA.test(folded) ? toHiragana(folded, { passRomaji: true }) : folded;
}

const KATAKANA = /[\u30a1-\u30fc]/;

function digitsOf(value: string): string {
  return value.normalize("NFKC").replace(/\D/g, "");
}

/** Romaji of a kana reading (ささき → sasaki), empty when the reading is not kana. */
function romajiOf(kana: string): string {
  const compact = kana.replace(/\s+/g, "");
  return compact && isKana(compact) ? toRomaji(compact).toLowerCase() : "";
}

/** The field separator of the search text: never typed into a search box. */
const SEP = "\u001f";

/**
 * One contact's search text, stored beside the row and matched by substring: names in both
 * orders with and without a space, readings in hiragana and romaji, company and its reading,
 * email, and the phone's digits.
 */
export function contactSearchText(contact: ContactNameParts & { phone?: string }): string {
  const first = contact.firstName.trim();
  const last = contact.lastName.trim();
  const firstKana = contact.firstNameKana?.trim() ?? "";
  const lastKana = contact.lastNameKana?.trim() ?? "";
  const companyKana = contact.companyKana?.trim() ?? "";
  const parts = [
    `${last} ${first}`,
    `${first} ${last}`,
    `${last}${first}`,
    `${lastKana} ${firstKana}`,
    `${lastKana}${firstKana}`,
    `${romajiOf(lastKana)} ${romajiOf(firstKana)}`,
    `${romajiOf(firstKana)} ${romajiOf(lastKana)}`,
    `${romajiOf(lastKana)}${romajiOf(firstKana)}`,
    contact.company ?? "",
    companyKana,
    romajiOf(companyKana),
    contact.email ?? "",
    digitsOf(contact.phone ?? ""),
  ];
  return parts
    .map(foldForSearch)
    .filter((p) => p.length > 0)
    .join(SEP);
}

const PHONE_LIKE = /^[\d\s\-+()]+$/;
const ROMAJI_LIKE = /^[a-z' -]+$/;

/**
 * What a query is looked for as, any of which matches: the folded text; for romaji (sasaki) also
 * its hiragana (ささき, so "sasaki" finds a reading stored as kana whichever romanisation the
 * person uses); for a phone number (03-1234-5678) its digits.
 */
export function searchNeedles(query: string): string[] {
  const folded = foldForSearch(query);
  if (!folded) return [];
  const needles = new Set([folded]);
  if (ROMAJI_LIKE.test(folded)) {
    const kana = toHiragana(folded.replace(/[\s']/g, ""));
    if (kana && isKana(kana)) needles.add(kana);
  }
  if (PHONE_LIKE.test(folded)) {
    const digits = digitsOf(folded);
    if (digits.length >= 2) needles.add(digits);
  }
  return [...needles];
}
