import type { TLanguage } from "@shobai/shared";

/**
 * Well-known places with their names per language: Japanese cities and districts owners name
 * without 市/区, and the Latin-script cities of the markets we serve. A place missing here stays as
 * the owner wrote it, and generated sentences in another script leave it out rather than mix scripts.
 * [Japanese, Latin (en, ro, ms, id), country, Polish where it differs]
 */
type TPlace = {
  ja?: string;
  latin: string;
  country: "JP" | "MY" | "ID" | "PL" | "RO" | "SG" | "OTHER";
  pl?: string;
  forms?: string[];
};

const JP: [string, string, string[]?][] = [
  ["東京", "Tokyo", ["東京都"]],
  ["大阪", "Osaka", ["大阪府", "大阪市"]],
  ["京都", "Kyoto", ["京都府", "京都市"]],
  ["横浜", "Yokohama", ["横浜市"]],
  ["名古屋", "Nagoya", ["名古屋市"]],
  ["札幌", "Sapporo", ["札幌市"]],
  ["福岡", "Fukuoka", ["福岡市", "福岡県"]],
  ["神戸", "Kobe", ["神戸市"]],
  ["仙台", "Sendai", ["仙台市"]],
  ["広島", "Hiroshima", ["広島市", "広島県"]],
  ["那覇", "Naha", ["那覇市"]],
  ["沖縄", "Okinawa", ["沖縄県"]],
  ["北海道", "Hokkaido"],
  ["金沢", "Kanazawa", ["金沢市"]],
  ["鎌倉", "Kamakura", ["鎌倉市"]],
  ["奈良", "Nara", ["奈良市", "奈良県"]],
  ["千葉", "Chiba", ["千葉県", "千葉市"]],
  ["埼玉", "Saitama", ["埼玉県"]],
  ["神奈川", "Kanagawa", ["神奈川県"]],
  ["愛知", "Aichi", ["愛知県"]],
  ["兵庫", "Hyogo", ["兵庫県"]],
  ["長野", "Nagano", ["長野県", "長野市"]],
  ["川崎", "Kawasaki", ["川崎市"]],
  ["岡山", "Okayama", ["岡山市", "岡山県"]],
  ["渋谷", "Shibuya", ["渋谷区"]],
  ["新宿", "Shinjuku", ["新宿区"]],
  ["池袋", "Ikebukuro"],
  ["銀座", "Ginza"],
  ["原宿", "Harajuku"],
  ["表参道", "Omotesando"],
  ["六本木", "Roppongi"],
  ["恵比寿", "Ebisu"],
  ["中目黒", "Nakameguro"],
  ["下北沢", "Shimokitazawa"],
  ["吉祥寺", "Kichijoji"],
  ["浅草", "Asakusa"],
  ["上野", "Ueno"],
  ["秋葉原", "Akihabara"],
  ["品川", "Shinagawa", ["品川区"]],
  ["目黒", "Meguro", ["目黒区"]],
  ["世田谷", "Setagaya", ["世田谷区"]],
  ["港区", "Minato"],
  ["中央区", "Chuo"],
  ["千代田区", "Chiyoda"],
  ["中野", "Nakano", ["中野区"]],
  ["杉並", "Suginami", ["杉並区"]],
  ["自由が丘", "Jiyugaoka"],
  ["梅田", "Umeda"],
  ["難波", "Namba"],
  ["なんば", "Namba"],
  ["心斎橋", "Shinsaibashi"],
  ["天王寺", "Tennoji"],
  ["三宮", "Sannomiya"],
  ["天神", "Tenjin"],
  ["博多", "Hakata", ["博多区"]],
  ["栄", "Sakae"],
  ["箱根", "Hakone"],
  ["ニセコ", "Niseko"],
  ["麻布十番", "Azabu-Juban"],
  ["東山", "Higashiyama"],
  ["祇園", "Gion"],
  ["嵐山", "Arashiyama"],
];

const LATIN: [string, TPlace["country"], string?, string?][] = [
  ["Kuala Lumpur", "MY", "クアラルンプール"],
  ["Penang", "MY", "ペナン"],
  ["George Town", "MY", "ジョージタウン"],
  ["Johor Bahru", "MY", "ジョホールバル"],
  ["Shah Alam", "MY"],
  ["Petaling Jaya", "MY"],
  ["Cyberjaya", "MY"],
  ["Putrajaya", "MY"],
  ["Iskandar Puteri", "MY"],
  ["Kota Bharu", "MY"],
  ["Kota Kinabalu", "MY", "コタキナバル"],
  ["Kuching", "MY", "クチン"],
  ["Ipoh", "MY", "イポー"],
  ["Malacca", "MY", "マラッカ"],
  ["Melaka", "MY", "マラッカ"],
  ["Terengganu", "MY"],
  ["Bangsar", "MY"],
  ["Jakarta", "ID", "ジャカルタ"],
  ["Bandung", "ID", "バンドン"],
  ["Surabaya", "ID", "スラバヤ"],
  ["Yogyakarta", "ID", "ジョグジャカルタ"],
  ["Bali", "ID", "バリ"],
  ["Denpasar", "ID", "デンパサール"],
  ["Medan", "ID", "メダン"],
  ["Semarang", "ID", "スマラン"],
  ["Depok", "ID"],
  ["Bekasi", "ID"],
  ["Bogor", "ID", "ボゴール"],
  ["Singapore", "SG", "シンガポール"],
  ["Singapura", "SG", "シンガポール"],
  ["Warsaw", "PL", "ワルシャワ", "Warszawa"],
  ["Warszawa", "PL", "ワルシャワ"],
  ["Kraków", "PL", "クラクフ"],
  ["Wrocław", "PL", "ヴロツワフ"],
  ["Gdańsk", "PL", "グダニスク"],
  ["Poznań", "PL", "ポズナン"],
  ["Łódź", "PL", "ウッチ"],
  ["Katowice", "PL", "カトヴィツェ"],
  ["Lublin", "PL", "ルブリン"],
  ["Zakopane", "PL", "ザコパネ"],
  ["Bucharest", "RO", "ブカレスト", "Bukareszt"],
  ["București", "RO", "ブカレスト", "Bukareszt"],
  ["Cluj-Napoca", "RO", "クルジュ＝ナポカ"],
  ["Iași", "RO", "ヤシ"],
  ["Timișoara", "RO", "ティミショアラ"],
  ["Brașov", "RO", "ブラショフ"],
  ["Constanța", "RO", "コンスタンツァ"],
  ["Sibiu", "RO", "シビウ"],
  ["Bran", "RO", "ブラン"],
];

/** Polish locative and genitive forms owners write ("w Krakowie", "z Łodzi"). */
const LATIN_FORMS: Record<string, string> = {
  Warszawie: "Warszawa",
  Krakowie: "Kraków",
  Wrocławiu: "Wrocław",
  Gdańsku: "Gdańsk",
  Poznaniu: "Poznań",
  Łodzi: "Łódź",
  Katowicach: "Katowice",
  Lublinie: "Lublin",
  Zakopanem: "Zakopane",
  Bucureşti: "București",
  Tokio: "Tokyo",
};

export const PLACES: TPlace[] = [
  ...JP.map(([ja, latin, forms]) => ({
    ja,
    latin,
    country: "JP" as const,
    ...(forms ? { forms } : {}),
    ...(latin === "Tokyo" ? { pl: "Tokio" } : {}),
  })),
  ...LATIN.map(([latin, country, ja, pl]) => ({
    latin,
    country,
    ...(ja ? { ja } : {}),
    ...(pl ? { pl } : {}),
  })),
];

const BY_NAME = new Map<string, TPlace>();
for (const place of PLACES) {
  for (const name of [place.ja, place.latin, ...(place.forms ?? [])])
    if (name) BY_NAME.set(name.toLowerCase(), place);
}
for (const [form, base] of Object.entries(LATIN_FORMS)) {
  const place = BY_NAME.get(base.toLowerCase());
  if (place) BY_NAME.set(form.toLowerCase(), place);
}

export function findPlace(name: string): TPlace | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}

/** The dictionary form of a declined place name ("Krakowie" → "Kraków"); others unchanged. */
export function baseForm(name: string): string {
  const base = LATIN_FORMS[name];
  return base && base !== "Tokyo" ? base : name;
}

/** Every known place name (Japanese and Latin, with forms), longest first, for searching text. */
export const PLACE_NAMES = [...BY_NAME.keys()].sort((a, b) => b.length - a.length);

/**
 * How a place reads in a site language: 東京 ↔ Tokyo, Tokyo → Tokio in Polish; "東京都渋谷区" in
 * English is "Shibuya, Tokyo" when every part is known. undefined when there is no safe rendering.
 */
export function placeIn(lang: TLanguage, place: string): string | undefined {
  const japanese = /[\u3040-\u30ff\u3400-\u9fff]/.test(place);
  if (lang === "ja") {
    if (japanese) return place;
    const parts = place.split(/,\s*/).map((p) => findPlace(p)?.ja);
    return parts.every(Boolean) ? [...parts].reverse().join("") : undefined;
  }
  if (!japanese) {
    const known = findPlace(place);
    if (lang === "pl") return known?.pl ?? place;
    return known && known.latin !== place && LATIN_FORMS[place] ? known.latin : place;
  }
  const whole = findPlace(place);
  if (whole) return lang === "pl" ? (whole.pl ?? whole.latin) : whole.latin;
  // 京都市上京区 → parts the table knows, smallest first (Shibuya, Tokyo).
  const parts: string[] = [];
  let rest = place;
  while (rest) {
    const name = PLACE_NAMES.find((n) => rest.startsWith(n) && /[\u3040-\u30ff\u3400-\u9fff]/.test(n));
    if (!name) return undefined;
    const known = findPlace(name);
    const latin = lang === "pl" ? (known?.pl ?? known?.latin) : known?.latin;
    if (latin && !parts.includes(latin)) parts.unshift(latin);
    rest = rest.slice(name.length).replace(/^[・\s]/, "");
  }
  return parts.length > 0 ? parts.join(", ") : undefined;
}
