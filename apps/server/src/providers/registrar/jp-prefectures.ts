import { JP_PREFECTURES } from "@shobai/shared/constants";

/**
 * Japanese prefectures as ISO 3166-2 codes (JP-01 … JP-47): registrars take the contact's state
 * as that code. People write 東京都, 東京, Tokyo or Tokyo-to; all of them are found here.
 */

const BY_NAME = new Map<string, string>();
JP_PREFECTURES.forEach(({ ja: kanji, en }, i) => {
  const romaji = en.toLowerCase();
  const code = `JP-${String(i + 1).padStart(2, "0")}`;
  BY_NAME.set(kanji, code);
  if (kanji !== "北海道") BY_NAME.set(kanji.slice(0, -1), code);
  BY_NAME.set(romaji, code);
});

/** The ISO 3166-2 code of a Japanese prefecture written in kanji or romaji; null when unknown. */
export function prefectureCode(state: string): string | null {
  const text = state.normalize("NFKC").trim().toLowerCase();
  if (/^jp-\d{2}$/.test(text)) {
    const n = Number(text.slice(3));
    return n >= 1 && n <= 47 ? text.toUpperCase() : null;
  }
  const plain = text
    .replace(/ō|ou|oo/g, "o")
    .replace(/ū|uu/g, "u")
    .replace(/\s*prefecture$/, "")
    .replace(/[\s-]+(ken|fu|to)$/, "")
    .replace(/[\s-]+/g, "");
  return BY_NAME.get(text) ?? BY_NAME.get(plain) ?? null;
}
