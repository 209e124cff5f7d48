/**
 * Japanese prefectures as ISO 3166-2 codes (JP-01 … JP-47): registrars take the contact's state
 * as that code. People write 東京都, 東京, Tokyo or Tokyo-to; all of them are found here.
 */
const PREFECTURES: readonly [kanji: string, romaji: string][] = [
  ["北海道", "hokkaido"],
  ["青森県", "aomori"],
  ["岩手県", "iwate"],
  ["宮城県", "miyagi"],
  ["秋田県", "akita"],
  ["山形県", "yamagata"],
  ["福島県", "fukushima"],
  ["茨城県", "ibaraki"],
  ["栃木県", "tochigi"],
  ["群馬県", "gunma"],
  ["埼玉県", "saitama"],
  ["千葉県", "chiba"],
  ["東京都", "tokyo"],
  ["神奈川県", "kanagawa"],
  ["新潟県", "niigata"],
  ["富山県", "toyama"],
  ["石川県", "ishikawa"],
  ["福井県", "fukui"],
  ["山梨県", "yamanashi"],
  ["長野県", "nagano"],
  ["岐阜県", "gifu"],
  ["静岡県", "shizuoka"],
  ["愛知県", "aichi"],
  ["三重県", "mie"],
  ["滋賀県", "shiga"],
  ["京都府", "kyoto"],
  ["大阪府", "osaka"],
  ["兵庫県", "hyogo"],
  ["奈良県", "nara"],
  ["和歌山県", "wakayama"],
  ["鳥取県", "tottori"],
  ["島根県", "shimane"],
  ["岡山県", "okayama"],
  ["広島県", "hiroshima"],
  ["山口県", "yamaguchi"],
  ["徳島県", "tokushima"],
  ["香川県", "kagawa"],
  ["愛媛県", "ehime"],
  ["高知県", "kochi"],
  ["福岡県", "fukuoka"],
  ["佐賀県", "saga"],
  ["長崎県", "nagasaki"],
  ["熊本県", "kumamoto"],
  ["大分県", "oita"],
  ["宮崎県", "miyazaki"],
  ["鹿児島県", "kagoshima"],
  ["沖縄県", "okinawa"],
];

const BY_NAME = new Map<string, string>();
PREFECTURES.forEach(([kanji, romaji], i) => {
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
