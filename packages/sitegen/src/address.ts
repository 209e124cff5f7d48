/**
 * Postal addresses in the forms Japanese sites write them: 〒 and postal code, prefecture, city or
 * ward, town, chōme-banchi (1-2-3, 1丁目2番3号, 123番地の4), building and floor; full-width digits
 * and the many dashes (－ ー ‐ −) people type; 住所／所在地 labels; and romanised English
 * ("1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001"). Results are one line with half-width digits:
 * `〒150-0001 東京都渋谷区神宮前1-2-3 ○○ビル2F`.
 */

const PREFECTURE_NAMES =
  "青森 岩手 宮城 秋田 山形 福島 茨城 栃木 群馬 埼玉 千葉 神奈川 新潟 富山 石川 福井 山梨 長野 岐阜 静岡 愛知 三重 滋賀 兵庫 奈良 和歌山 鳥取 島根 岡山 広島 山口 徳島 香川 愛媛 高知 福岡 佐賀 長崎 熊本 大分 宮崎 鹿児島 沖縄";
const PREF = `(?:東京都|北海道|京都府|大阪府|(?:${PREFECTURE_NAMES.split(" ").join("|")})県)`;
const KANJI = "\\u3400-\\u9fff々〆";
const KATAKANA = "\\u30a0-\\u30ffヶ";
/** Cities written in kana; every other municipality name is kanji or katakana. */
const KANA_CITIES =
  "さいたま|つくばみらい|つくば|いわき|ひたちなか|かすみがうら|みどり|たつの|あきる野|みよし";
const MUNI = `(?:[${KANJI}${KATAKANA}]{1,5}郡)?(?:${KANA_CITIES}|[${KANJI}${KATAKANA}]{1,5}?)[市区町村]`;
// Sapporo and other Hokkaido towns number their blocks: 北1条西2丁目.
const TOWN = `(?:[${KANJI}${KATAKANA}\\u3040-\\u309f]|\\d{1,2}[条線]){0,20}?`;
const KNUM = "(?:\\d{1,4}|[一二三四五六七八九十]{1,3})";
// Banchi never starts with 0, which keeps phone numbers (03-1234-5678) out.
const BANCHI =
  `(?:${KNUM}丁目\\s?(?:[1-9]\\d{0,4}(?:番地?|-)\\s?(?:[1-9]\\d{0,4}(?:号|-[1-9]\\d{0,4})?)?)?` +
  "|[1-9]\\d{0,4}(?:-[1-9]\\d{0,4}){1,3}(?![\\d-])" +
  "|[1-9]\\d{0,4}番地?(?:の?[1-9]\\d{0,4}号?|-[1-9]\\d{0,4})?" +
  "|[1-9]\\d{0,4}(?=号|番地|[\\s,、。)]|$)(?:号|番地)?)";
const BUILDING_WORD =
  "(?:ビル(?:ディング)?|タワー|マンション|ハイツ|コーポ|プラザ|ヒルズ|レジデンス|センター|会館|館|棟|荘|ハウス|スクエア|テラス|Bldg\\.?|Building)";
const FLOOR = "(?:\\d{1,3}[F階]|B\\d{1,2}F?|地下\\d{1,2}階)";
const BUILDING =
  `(?:\\s?[^\\s、。,()「」:]{1,30}${BUILDING_WORD}(?:\\s?${FLOOR})?(?:\\s?\\d{1,4}号室)?` +
  `|\\s?${FLOOR}(?:\\s?\\d{1,4}号室)?|\\s?\\d{1,4}号室)?`;
const POSTAL = `(?<![\\d-])〒?\\s?(\\d{3})-?(\\d{4})(?![\\d-])`;

/** Japanese order: [〒postal] [prefecture] municipality [municipality] town banchi [building]. */
const JA_ADDRESS = new RegExp(
  `(?:〒\\s?(\\d{3})-?(\\d{4})\\s?(?:${PREF})?|(?<![\\d-])(\\d{3})-(\\d{4})\\s?(?=${PREF})${PREF}|${PREF}|(?<![${KANJI}${KATAKANA}]))` +
    `\\s?(?:${MUNI}){1,2}(${TOWN})(${BANCHI})${BUILDING}`,
  "u",
);

const EN_SUFFIX = "(?:-(?:ku|shi|cho|machi|gun|mura|son)| (?:City|Ward|Town|Village))";
/** Romanised: [building,] 1-2-3 Town, Ward-ku, [City-shi,] Prefecture [postal][, Japan]. */
const EN_ADDRESS = new RegExp(
  "(?:[A-Z][\\w.'& ]{0,40}?(?:Bldg\\.?|Building|Tower|Bld\\.),?\\s*(?:\\d{1,3}F,?\\s*)?)?" +
    "(?:\\d{1,3}F,?\\s*)?" +
    "(?:\\d{1,4} ?Chome-\\d{1,4}(?:-\\d{1,4})?|[1-9]\\d{0,4}(?:-\\d{1,4}){1,3})\\s+" +
    "[A-Z][A-Za-z]+(?:[- ][A-Z][A-Za-z]+){0,2}(?: \\d-chome)?,\\s*" +
    `(?:[A-Z][A-Za-z]+${EN_SUFFIX},\\s*){0,3}` +
    `(?:[A-Z][A-Za-z]+${EN_SUFFIX}|[A-Z][a-z]+(?:-(?:to|fu|ken)| Prefecture)?)` +
    "(?:,?\\s*(?:Japan,?\\s*)?〒?\\s?\\d{3}-\\d{4}(?![\\d-]))?(?:,?\\s*Japan)?",
);

/** Particles and verb endings that show a match ran into a sentence, not an address. */
const NOT_A_PLACE = /(?:では|には|から|まで|です|ます|にあ|[をでへ]|は)/;

const LABEL = /(住所|所在地|アクセス|address|adres|adresa|alamat)\s*(?:は|:)?\s*/gi;
const FALLBACK_STOP =
  /\s+(?=(?:TEL|Tel|tel|電話|FAX|Fax|営業時間|定休日|E-?mail|メール|Phone|Open|Hours|Telefon|Godziny))|[。\n;]|\s{2,}/;

/** Full-width forms to ASCII (NFKC), dashes between digits to "-", spaces to one. */
export function prepareAddressText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/(?<=\d)\s?[‐‑‒–—―−ー－ｰ-]\s?(?=\d)/g, "-")
    .replace(/〒\s*(\d{3})-?(\d{4})/g, "〒$1-$2")
    .replace(/[ \t\u00a0]+/g, " ");
}

function hasCjk(text: string): boolean {
  return /[\u3040-\u30ff\u3400-\u9fff]/.test(text);
}

/** One line: `〒150-0001 東京都渋谷区…` for Japanese, the address as written (tidied) otherwise. */
export function normalizeAddress(raw: string): string {
  const text = prepareAddressText(raw)
    .replace(/\s*\n\s*/g, " ")
    .replace(/^[\s,、]+|[\s,、。.]+$/g, "")
    .replace(/^(?:住所|所在地)\s*:?\s*/, "");
  if (!hasCjk(text)) return text.slice(0, 200);
  const postal = new RegExp(POSTAL).exec(text);
  if (!postal) return text.replace(/\s+/g, " ").slice(0, 200);
  const rest = (text.slice(0, postal.index) + text.slice(postal.index + postal[0].length))
    .replace(/^[\s,、]+/, "")
    .replace(/\s+/g, " ")
    .trim();
  return `〒${postal[1]}-${postal[2]} ${rest}`.trim().slice(0, 200);
}

function findJapanese(text: string): string | undefined {
  const re = new RegExp(JA_ADDRESS.source, "gud");
  for (const m of text.matchAll(re)) {
    if (NOT_A_PLACE.test(m[5] ?? "")) continue;
    const start = m.index ?? 0;
    const banchiEnd = m.indices?.[6]?.[1] ?? start + m[0].length;
    // A building part that ran into a sentence ("…1-2-3 にあるビル") is cut back off.
    const tail = text.slice(banchiEnd, start + m[0].length);
    return normalizeAddress(text.slice(start, NOT_A_PLACE.test(tail) ? banchiEnd : start + m[0].length));
  }
  return undefined;
}

function findEnglish(text: string): string | undefined {
  const m = EN_ADDRESS.exec(text);
  if (!m) return undefined;
  const found = m[0].trim().replace(/,\s*/g, ", ");
  // Two capitalised words and a number are not an address; a ward or city suffix or a postal code is.
  if (!new RegExp(EN_SUFFIX).test(found) && !/\d{3}-\d{4}/.test(found)) return undefined;
  return normalizeAddress(found);
}

function findLabelled(text: string): string | undefined {
  for (const m of text.matchAll(LABEL)) {
    const after = text.slice((m.index ?? 0) + m[0].length);
    const value = (after.split(FALLBACK_STOP)[0] ?? "").replace(/です$/, "").trim();
    // Something address-like: a digit, a comma-separated list or a Japanese place suffix.
    if (value.length >= 4 && value.length <= 150 && /\d|,|[都道府県市区町村郡]/.test(value)) {
      return normalizeAddress(value);
    }
  }
  return undefined;
}

/** The first postal address in free text, normalised; undefined when there is none. */
export function extractAddress(text: string): string | undefined {
  const prepared = prepareAddressText(text).replace(LABEL, (_, label: string) => `${label}: `);
  return findJapanese(prepared) ?? findEnglish(prepared) ?? findLabelled(prepared);
}

export type TPostalAddressParts = {
  postalCode?: string;
  addressRegion?: string;
  addressLocality?: string;
  streetAddress?: string;
  addressCountry?: string;
};

/** schema.org PostalAddress as one line: Japanese order for Japanese text, Western order otherwise. */
export function formatPostalAddress(parts: TPostalAddressParts): string | undefined {
  const p = (value: string | undefined) => prepareAddressText(value ?? "").trim();
  const postal = p(parts.postalCode).replace(/^〒\s?/, "");
  const region = p(parts.addressRegion);
  const locality = p(parts.addressLocality);
  const street = p(parts.streetAddress);
  if (!street && !locality) return undefined;
  if (hasCjk(`${region}${locality}${street}`)) {
    // Some sites repeat the prefecture or city inside streetAddress.
    let line = street;
    if (locality && !line.startsWith(locality) && !line.includes(locality)) line = `${locality}${line}`;
    if (region && !line.startsWith(region)) line = `${region}${line}`;
    const code = /^(\d{3})-?(\d{4})$/.exec(postal);
    return normalizeAddress(code ? `〒${code[1]}-${code[2]} ${line}` : line);
  }
  const country = p(parts.addressCountry);
  const tail = [region, postal].filter(Boolean).join(" ");
  const line = [street, locality, tail].filter(Boolean).join(", ");
  return normalizeAddress(
    country && !/^(?:JP|JPN)$/i.test(country)
      ? `${line}, ${country}`
      : /^(?:JP|JPN)$/i.test(country)
        ? `${line}, Japan`
        : line,
  );
}
