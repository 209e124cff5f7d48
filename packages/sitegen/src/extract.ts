import { isValidPhone, toHalfWidthDigits } from "@shobai/shared";
import { extractAddress } from "./address.ts";

/** Opening hours as structured data so every language can print them its own way. */
export type THoursRange = { opens: string; closes: string };
/** 0 = Sunday … 6 = Saturday; "holidays" marks public holidays (祝日). */
export type TClosedDay = 0 | 1 | 2 | 3 | 4 | 5 | 6 | "holidays";

export type TExtractedFacts = {
  name?: string;
  /** What the owner calls the business in Japanese (ラーメン店, 歯科医院), for a name when none is given. */
  tradeNoun?: string;
  place?: string;
  address?: string;
  services: string[];
  hours: THoursRange[];
  closedDays: TClosedDay[];
  openEveryDay: boolean;
  phone?: string;
  email?: string;
};

const PREFECTURES =
  "北海道 青森 岩手 宮城 秋田 山形 福島 茨城 栃木 群馬 埼玉 千葉 東京 神奈川 新潟 富山 石川 福井 山梨 長野 岐阜 静岡 愛知 三重 滋賀 京都 大阪 兵庫 奈良 和歌山 鳥取 島根 岡山 広島 山口 徳島 香川 愛媛 高知 福岡 佐賀 長崎 熊本 大分 宮崎 鹿児島 沖縄".split(
    " ",
  );
/** Well-known districts people name without 区/市 (渋谷で…, 銀座の…). */
const JA_AREAS =
  "東京 大阪 京都 沖縄 渋谷 新宿 池袋 銀座 原宿 表参道 六本木 恵比寿 中目黒 下北沢 吉祥寺 浅草 上野 秋葉原 品川 目黒 世田谷 自由が丘 二子玉川 横浜 川崎 鎌倉 梅田 難波 心斎橋 天王寺 京橋 三宮 元町 天神 博多 栄 名駅 札幌 仙台 金沢 那覇 神戸 名古屋 広島 福岡".split(
    " ",
  );
const LATIN_PLACES = [
  "Tokyo",
  "Osaka",
  "Kyoto",
  "Yokohama",
  "Nagoya",
  "Sapporo",
  "Fukuoka",
  "Kobe",
  "Sendai",
  "Hiroshima",
  "Nara",
  "Okinawa",
  "Naha",
  "Shibuya",
  "Shinjuku",
  "Ginza",
  "Asakusa",
  "Roppongi",
  "Kanazawa",
  "Kuala Lumpur",
  "Penang",
  "Johor Bahru",
  "Malacca",
  "Melaka",
  "Ipoh",
  "Kota Kinabalu",
  "Kuching",
  "Singapore",
  "Jakarta",
  "Bali",
  "Bandung",
  "Surabaya",
  "Yogyakarta",
  "Medan",
  "Semarang",
  "Denpasar",
  "Bangkok",
  "Seoul",
  "Taipei",
  "Hong Kong",
  "Manila",
  "Ho Chi Minh City",
  "Hanoi",
  "Warsaw",
  "Warszawa",
  "Warszawie",
  "Kraków",
  "Krakowie",
  "Wrocław",
  "Wrocławiu",
  "Gdańsk",
  "Gdańsku",
  "Poznań",
  "Poznaniu",
  "Łódź",
  "Łodzi",
  "Katowice",
  "Katowicach",
  "Lublin",
  "Lublinie",
  "Bucharest",
  "București",
  "Bucureşti",
  "Cluj-Napoca",
  "Cluj",
  "Iași",
  "Timișoara",
  "Brașov",
  "Constanța",
  "London",
  "Berlin",
  "Paris",
  "Sydney",
  "Melbourne",
  "New York",
  "Singapura",
];

/** Polish names a city in the locative ("w Krakowie"); sites show its dictionary form. */
const LATIN_BASE_FORMS: Record<string, string> = {
  Warszawie: "Warszawa",
  Krakowie: "Kraków",
  Wrocławiu: "Wrocław",
  Gdańsku: "Gdańsk",
  Poznaniu: "Poznań",
  Łodzi: "Łódź",
  Katowicach: "Katowice",
  Lublinie: "Lublin",
};

const NAME_STOPWORDS =
  /^(私|わたし|僕|当店|当社|弊社|当院|当事務所|私たち|わたしたち|うち|当教室|当サロン|We|Our|This|It|I)$/i;
const JA_CHARS = /[\u3040-\u30ff\u3400-\u9fff]/;

function clean(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function firstByIndex(text: string, candidates: string[]): string | undefined {
  let best: { index: number; value: string } | undefined;
  for (const candidate of candidates) {
    const index = text.indexOf(candidate);
    if (
      index >= 0 &&
      (!best || index < best.index || (index === best.index && candidate.length > best.value.length))
    ) {
      best = { index, value: candidate };
    }
  }
  return best?.value;
}

export function extractName(text: string): string | undefined {
  const quoted = text.match(/[「『]([^」』\n]{1,40})[」』]/);
  if (quoted?.[1]) return clean(quoted[1]);
  const labelled = text.match(/(?:店名|屋号|社名|名前|事務所名|教室名)\s*(?:は|:|：)\s*([^\s、。,.]{1,30})/);
  if (labelled?.[1]) return clean(labelled[1].replace(/です$/, ""));
  const latinLabelled = text.match(
    /(?:called|named|nazywa się|se numește|bernama|bernama)\s+["“]?([\p{Lu}][\p{L}\p{N}'&.\- ]{1,40}?)["”]?(?=[,.;!]|\s+(?:in|w|în|di|is)\b|$)/u,
  );
  if (latinLabelled?.[1]) return clean(latinLabelled[1]);
  const dq = text.match(/["“]([^"”\n]{2,40})["”]/);
  if (dq?.[1]) return clean(dq[1]);
  // 「さくら歯科は、…」: a short noun phrase before the first は that opens the text.
  const topic = text.match(/^\s*([^\s、。,.!?！？]{2,20}?)(?:は|では)[、,\s]?/);
  if (
    topic?.[1] &&
    !NAME_STOPWORDS.test(topic[1]) &&
    !/[でにをがのと]$/.test(topic[1]) &&
    JA_CHARS.test(topic[1])
  ) {
    if (!/(?:年|月|日|時|で|の|から|、)/.test(topic[1])) return clean(topic[1]);
  }
  // "Blue Door Bakery is a …", "Kancelaria Nowak to …", "Kedai Ali ialah …".
  const latin = text.match(
    /^\s*((?:[\p{Lu}\p{N}][\p{L}\p{N}'&.-]*)(?:\s+(?:&|and|de|la|di|i|si|și|[\p{Lu}\p{N}][\p{L}\p{N}'&.-]*)){0,5})\s+(?:is|are|to|jest|este|ialah|adalah|merupakan)\s/u,
  );
  if (latin?.[1] && !NAME_STOPWORDS.test(latin[1])) return clean(latin[1]);
  return undefined;
}

export function extractPlace(text: string): string | undefined {
  const ward = text.match(
    /((?:東京都|北海道|(?:京都|大阪)府|[\u4e00-\u9fff]{2,3}県)?[\u4e00-\u9fff]{1,4}[区市](?![場民役内外長販])(?:[\u4e00-\u9fff]{1,4}[区町])?)/,
  );
  const prefecture = PREFECTURES.map((p) =>
    p === "北海道" ? p : `${p}${p === "東京" ? "都" : p === "京都" || p === "大阪" ? "府" : "県"}`,
  );
  const candidates: { index: number; value: string }[] = [];
  if (ward?.[1] && ward.index !== undefined) candidates.push({ index: ward.index, value: ward[1] });
  const pref = firstByIndex(text, prefecture);
  if (pref) candidates.push({ index: text.indexOf(pref), value: pref });
  const area = firstByIndex(text, JA_AREAS);
  if (area) candidates.push({ index: text.indexOf(area), value: area });
  if (candidates.length > 0) {
    // Prefer the longest phrase that starts earliest (大阪市北区 over 大阪).
    candidates.sort((a, b) => a.index - b.index || b.value.length - a.value.length);
    const first = candidates[0]!;
    const longer = candidates.find(
      (c) => c.value.length > first.value.length && c.value.includes(first.value),
    );
    return (longer ?? first).value;
  }
  for (const place of LATIN_PLACES) {
    const re = new RegExp(`(?:^|[^\\p{L}])${place.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "u");
    if (re.test(text)) return LATIN_BASE_FORMS[place] ?? place;
  }
  return undefined;
}

const JA_SERVICE_MARKERS =
  /(が人気|が自慢|がおすすめ|が評判|を中心に|を提供|を販売|を扱|を取り扱|を承|のご相談|に対応|を専門|を行って|を行い|を教え|のレッスン|などを|などの|を手が|を制作|を開講|を実施|を取りそろえ|を開発|をご用意|を揃え|をそろえ|のお店|の専門)/;
const LATIN_SERVICE_MARKERS =
  /\b(?:we offer|offers?|we serve|serves?|we sell|sells?|speciali[sz](?:e|es|ing) in|providing|provides?|we provide|teach(?:es|ing)?|known for|famous for|including|such as|oferujemy|serwujemy|sprzedajemy|specjalizujemy się w|zajmujemy się|oferim|servim|vindem|ne specializăm în|ne ocupăm de|menawarkan|menyediakan|menjual|melayani|pakar dalam|khusus dalam|spesialis|termasuk)\s+([^.!?\n;]+)/iu;

function nounLike(item: string): boolean {
  if (item.length < 1 || item.length > 24) return false;
  if (/(です|ます|でした|ません|[るたてくいし]$)/.test(item)) return false;
  if (/\d+(年|時|分)/.test(item)) return false;
  return !/[はがをにで]/.test(item.replace(/[のと・]/g, ""));
}

function splitJaList(segment: string): string[] {
  const parts = segment.split(/[、,，]/);
  const items: string[] = [];
  for (let i = parts.length - 1; i >= 0; i--) {
    let part = clean(parts[i] ?? "");
    if (!nounLike(part)) {
      const tail = part.split(/(?:では|には|は|で|を|が|に|も)/).pop() ?? "";
      if (tail && tail !== part && nounLike(tail)) items.unshift(tail);
      break;
    }
    part = part.replace(/^(当店の|当院の|当社の|自慢の|人気の)/, "");
    items.unshift(part);
  }
  return (
    items
      // と joins two nouns (醤油ラーメンと餃子) but also sits inside words (おとな), so split only between kanji/katakana.
      .flatMap((item) => item.split(/・|(?<=[\u30a0-\u30ff\u4e00-\u9fff])と(?=[\u30a0-\u30ff\u4e00-\u9fff])/))
      .map(clean)
      .filter((s) => s.length >= 2 || /^[\u4e00-\u9fff]$/.test(s))
  ); // one kanji can be a product (器, 茶)
}

function splitLatinList(segment: string): string[] {
  const cut =
    segment.split(/\s+(?:for|to|in|at|with|from|near|since|dla|w|în|pentru|untuk|di|sejak|kepada)\s+/i)[0] ??
    "";
  return cut
    .split(/,|;|\s+(?:and|&|i|oraz|și|si|dan|serta)\s+/i)
    .map((s) => clean(s.replace(/^(?:a|an|the|our|fresh|also|many|various|berbagai|pelbagai)\s+/i, "")))
    .filter((s) => s.length >= 2 && s.length <= 40 && !/^(we|you|customers?|people|clients?)$/i.test(s));
}

export function extractServices(text: string): string[] {
  const found: string[] = [];
  for (const sentence of text.split(/[。！!？?\n]/)) {
    const ja = sentence.match(JA_SERVICE_MARKERS);
    if (ja?.index !== undefined && ja.index > 0) {
      found.push(...splitJaList(sentence.slice(0, ja.index)));
      continue;
    }
    const latin = sentence.match(LATIN_SERVICE_MARKERS);
    if (latin?.[1]) found.push(...splitLatinList(latin[1]));
  }
  const unique: string[] = [];
  for (const item of found) {
    if (!unique.some((u) => u.toLowerCase() === item.toLowerCase())) unique.push(item);
  }
  return unique.slice(0, 6);
}

function pad(time: string): string {
  const [h = "0", m = "00"] = time.split(":");
  return `${h.padStart(2, "0")}:${m.padStart(2, "0")}`;
}

function jaTime(hour: string, minute?: string, half?: string): string {
  return pad(`${hour}:${half ? "30" : (minute ?? "00")}`);
}

function to24(hour: number, minute: number, meridiem?: string): string {
  let h = hour;
  if (meridiem?.toLowerCase() === "pm" && h < 12) h += 12;
  if (meridiem?.toLowerCase() === "am" && h === 12) h = 0;
  return pad(`${h}:${minute}`);
}

export function extractHours(text: string): Pick<TExtractedFacts, "hours" | "closedDays" | "openEveryDay"> {
  const t = toHalfWidthDigits(text).replace(/：/g, ":");
  const hours: THoursRange[] = [];
  const ja =
    /(\d{1,2})(?::(\d{2})|時(?:(\d{1,2})分|(半))?)\s*(?:[〜~～\-－–—]|から)\s*(?:翌)?(\d{1,2})(?::(\d{2})|時(?:(\d{1,2})分|(半))?)/g;
  for (const m of t.matchAll(ja)) {
    hours.push({ opens: jaTime(m[1]!, m[2] ?? m[3], m[4]), closes: jaTime(m[5]!, m[6] ?? m[7], m[8]) });
  }
  if (hours.length === 0) {
    const latin =
      /\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\s*(?:-|–|—|to|do|până la|hingga|sampai)\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\b/gi;
    for (const m of t.matchAll(latin)) {
      // Without minutes or am/pm "2010-2020" or "3-5 people" would pass for hours.
      if (!(m[2] || m[3]) || !(m[5] || m[6])) continue;
      const oh = Number(m[1]);
      const ch = Number(m[4]);
      if (oh > 24 || ch > 24) continue;
      hours.push({
        opens: to24(oh, Number(m[2] ?? 0), m[3]),
        closes: to24(ch, Number(m[5] ?? 0), m[6] ?? m[3]),
      });
    }
  }
  const closedDays: TClosedDay[] = [];
  const jaDays = "日月火水木金土";
  const add = (d: TClosedDay) => {
    if (!closedDays.includes(d)) closedDays.push(d);
  };
  const closedPatterns = [
    /定休日?\s*(?:は|:)?\s*((?:[月火水木金土日祝](?:曜日?)?[・、と,]?\s*)+)/g,
    /((?:[月火水木金土日祝](?:曜日?)?[・、と]?)+)(?:は|曜)?\s*(?:定休|休み|休業|休診|お休み)/g,
  ];
  for (const re of closedPatterns) {
    for (const m of t.matchAll(re)) {
      for (const ch of m[1] ?? "") {
        const index = jaDays.indexOf(ch);
        if (index >= 0) add(index as TClosedDay);
        if (ch === "祝") add("holidays");
      }
    }
  }
  const latinDays: [RegExp, TClosedDay][] = [
    [/sun(?:day)?s?|niedziel|duminic|ahad|minggu/i, 0],
    [/mon(?:day)?s?|poniedział|luni|isnin|senin/i, 1],
    [/tue(?:sday)?s?|wtor|marți|marti|selasa/i, 2],
    [/wed(?:nesday)?s?|środ|miercuri|rabu/i, 3],
    [/thu(?:rsday)?s?|czwart|joi|khamis|kamis/i, 4],
    [/fri(?:day)?s?|piąt|vineri|jumaat|jumat/i, 5],
    [/sat(?:urday)?s?|sobot|sâmbăt|sabtu/i, 6],
  ];
  const closedLatin = t.match(
    /(?:closed (?:on )?|zamknięte w |nieczynne w |închis |tutup (?:pada |setiap |hari )?)([^.;\n]{2,60})/i,
  );
  if (closedLatin?.[1]) {
    for (const [re, day] of latinDays) if (re.test(closedLatin[1])) add(day);
    if (/holiday|święt|sărbăt|cuti umum|libur nasional/i.test(closedLatin[1])) add("holidays");
  }
  const openEveryDay =
    /年中無休|無休|open (?:every day|daily|7 days)|otwarte codziennie|deschis zilnic|buka setiap hari/i.test(
      t,
    );
  return { hours: hours.slice(0, 3), closedDays: closedDays.slice(0, 7), openEveryDay };
}

export function extractPhone(text: string): string | undefined {
  const t = toHalfWidthDigits(text);
  const patterns = [
    /\+\d{1,3}[\s-]?\(?\d{1,4}\)?(?:[\s-]?\d{2,4}){2,3}/,
    /\(?0\d{1,4}\)?[\s-]\d{1,4}-\d{3,4}/,
    /0\d{1,4}-\d{1,4}-\d{3,4}/,
    /\b0\d{9,10}\b/,
  ];
  for (const re of patterns) {
    const m = t.match(re);
    if (m && isValidPhone(m[0].trim())) return m[0].trim();
  }
  return undefined;
}

export function extractEmail(text: string): string | undefined {
  return text.match(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/)?.[0];
}

export function extractTradeNoun(text: string): string | undefined {
  const m = text.match(
    /([\u30a0-\u30ff\u4e00-\u9fff]{1,10}(?:店|屋|院|室|事務所|教室|スタジオ|サロン|クリニック|カフェ|会社|工房|塾|スクール))(?:です|を営|を経営|を運営|として)/,
  );
  const noun = m?.[1]?.replace(/^(?:家族経営の|個人経営の|小さな)/, "");
  return noun && noun.length >= 2 ? noun : undefined;
}

/** Everything the description states about the business; missing facts stay missing. */
export function extractFacts(description: string): TExtractedFacts {
  const text = description.normalize("NFC");
  const place = extractPlace(text);
  return {
    name: extractName(text),
    tradeNoun: extractTradeNoun(text),
    place,
    address: extractAddress(text),
    // "名古屋市を中心に" names where the business works, not what it offers.
    services: extractServices(text).filter(
      (s) => s !== place && !/[市区町村県都府]$/.test(s) && !JA_AREAS.includes(s),
    ),
    ...extractHours(text),
    phone: extractPhone(text),
    email: extractEmail(text),
  };
}
