import { findPlace } from "./places.ts";
import { alignedPieces, fields, isCapitalised, latinSentences, sentences } from "./text.ts";
import { findTrades, type TTrade } from "./trades.ts";

/**
 * Products, services and menu items in the owner's own words. Three readings, tried per sentence or
 * field: the words before a Japanese "we offer" ending (…をご用意しております, …に対応, …が人気), the list
 * after a Latin marker or a colon (We offer…, Oferim…, Layanan: …, Menu: …), and a field or
 * sentence that is itself a list of short noun phrases (醤油らーめん、塩らーめん / Nasi lemak, roti bakar
 * dan kopi O). The markers are tables; a new way of saying "we offer" is a new entry.
 */

const JA_MARKERS = [
  "をご用意",
  "を用意",
  "を承って",
  "を承り",
  "を行って",
  "を行い",
  "に対応",
  "のクラスがあり",
  "のコースがあり",
  "のメニューがあり",
  "のレッスン",
  "があります",
  "が人気",
  "が自慢",
  "がおすすめ",
  "が評判",
  "を販売",
  "を扱って",
  "を取り扱",
  "を提供",
  "を手がけ",
  "を手掛け",
  "を制作",
  "を開講",
  "を実施",
  "を取りそろえ",
  "を揃え",
  "をそろえ",
  "を直売",
  "を教えて",
  "をお届け",
  "をお受け",
  "など",
  "を中心に",
  "の専門",
];
const JA_MARKER = new RegExp(JA_MARKERS.join("|"), "u");
/** Labels that introduce a list of items in terse notes (事業内容：…, Menu: …, Layanan: …). */
const LIST_LABEL =
  /^(?:事業内容|業務内容|取扱業務|取扱商品|主な商品|メニュー|サービス|診療科目|診療内容|コース|services?|menu|products|we offer|usługi|oferta|menu|servicii|meniu|perkhidmatan|layanan|produk|jasa)\s?[:：]\s?/iu;
/** Labels of fields that are not items. */
const META_LABEL =
  /^(?:フリーダイヤル|tel|fax|電話|お電話|ご予約|予約|ご連絡|お問い合わせ|☎|営業|営業時間|受付|定休日|休診日|診療時間|設立|創業|所在地|住所|アクセス|mail|e-?mail|e-mel|email|open|hours|closed|対象|料金|価格|月謝|入会金|kontakt|contact|program|orar|tel\.|telp|hp|wa|whatsapp|hubungi|rezerwacje|rezervări|programări|instagram|line)(?![\p{L}])/iu;

const LATIN_MARKERS = [
  /\b(?:help(?:s|ed)?|assist(?:s|ed)?)\b[^.]*?\bwith\s+/iu,
  /\b(?:we offer|offering|we provide|providing|we sell|selling|we serve|specializ(?:e|ing) in|speciali[sz]es in|we teach|we make)\s+/iu,
  /(?<![\p{L}])(?:oferujemy|oferuję|serwujemy|sprzedajemy|specjalizujemy się w|zajmujemy się|prowadzimy|wykonujemy|wykonuję|projektuję|tworzę|robię|szyję|piekę)\s+/iu,
  /\b(?:oferim|ofer|servim|servește|servesc|vindem|realizăm|ne ocupăm de)\s+/iu,
  /\b(?:menyediakan|menawarkan|menjual|jual|jasa|melayani|kami bantu|bantu|terima|menerima pesanan|menerima)\s+/iu,
];
/** A descriptor that opens with the kind of shop: "toko batik tulis dan batik cap di …". */
const TRADE_OPENER = /^(?:toko|kedai|warung|sklep|magazin|shop|store|butik)\s+(?!di\b|w\b|în\b|in\b)/iu;
const NOT_NOUN_START =
  /^(?:we|we're|i|i'm|our|you|my|it|this|they|open|opens|closed|call|book|contact|email|tel|phone|buka|tutup|czynne|otwarte|nieczynne|deschis|închis|program|kontakt|hubungi|rezerwacje|rezervări|since|sejak|od|din|pesan|semua|all|also|kami|saya|sunt|jestem|nazywam|uczę|pracuję|projektuję|prowadzę|family|small|freelance|bilingual|english|open)\b/iu;

function cleanLatin(part: string): string {
  return (part.split(/[.!?:]\s/)[0] ?? "")
    .replace(/\s+/g, " ")
    .replace(/^(?:and|also|a|an|the|our|various|many|fresh|berbagai|pelbagai)\s+/i, "")
    .replace(/\s*(?:etc\.?|dll\.?|dsb\.?|itd\.?|ș\.a\.)$/i, "")
    .replace(/[\s.!?:;–-]+$/, "")
    .replace(/^[\s.!?:;–-]+/, "")
    .trim();
}

function latinNoun(part: string): boolean {
  if (part.length < 2 || part.length > 70) return false;
  if (NOT_NOUN_START.test(part)) return false;
  if (/^\d|\d{3}|@/.test(part)) return false;
  if (part.split(/\s+/).length > 9) return false;
  if (/\b(?:is|are|was|have|has|we|our|you|will)\b/i.test(part)) return false;
  // "baked every morning", "ingredients included": a participle describes, it is not an item.
  if (/^[a-z]+ed\b/.test(part) || /\b(?:included|inclus|termasuk|w cenie)$/i.test(part)) return false;
  return true;
}

function splitLatin(list: string): string[] {
  // Not inside parentheses: "kakutei shinkoku (annual tax return), furusato nozei".
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of list) {
    if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === "," || ch === ";")) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts
    .flatMap((p) => p.split(/\s(?:and|oraz|i|și|si|dan|serta|or|sau|atau)\s(?![^(]*\))/u))
    .map(cleanLatin)
    .filter(Boolean);
}

/** Places are not items; "payroll for small businesses in Penang" keeps "payroll for small businesses". */
function dropPlaces(parts: string[]): string[] {
  return parts
    .filter((p) => !findPlace(p) && !p.split(/\s+/).every((w) => isCapitalised(w) && findPlace(w)))
    .map((p) =>
      p
        .replace(/(?:^|\s)(?:in|di|w|we|în|din|at|based in|di sekitar|sekitar)(?:\s+[\p{Lu}].*|\s*)$/u, "")
        .trim(),
    )
    .filter((p) => p.length >= 2);
}

/** A list part that is only the trade ("Fryzjer damski", "Small surf shop") is the business, not an item. */
function dropTrade(parts: string[], first: boolean): string[] {
  if (!first || parts.length === 0) return parts;
  const [head, ...tail] = parts;
  return head && findTrades(head).length > 0 && !/,/.test(head) ? tail : parts;
}

/** Items of one Latin sentence, or [] when it is not a list. */
function latinItems(sentence: string, name: string | undefined, first: boolean): string[] {
  let s = sentence.replace(/[.!?]$/, "").trim();
  if (name && s.startsWith(name)) s = s.slice(name.length);
  s = s.replace(/^[\s,–—:-]+/, "");
  const colon = s.match(/^[^:]{1,40}:\s+(.+)$/u);
  if (colon?.[1] && !/^(?:tel|telp|hp|wa|email|e-mail|e-mel|kontakt|contact|program|hours|open)/i.test(s)) {
    return dropPlaces(splitLatin(colon[1]).filter(latinNoun));
  }
  for (const marker of LATIN_MARKERS) {
    const m = marker.exec(s);
    if (m) {
      const after = s
        .slice((m.index ?? 0) + m[0].length)
        .replace(/\s+(?:for|pentru|untuk|dla)\s+(?:small|firme|UMKM|PKS).*$/iu, (x) => x);
      const items = dropPlaces(splitLatin(after).filter(latinNoun));
      if (items.length > 0) return items;
    }
  }
  // "… – toko batik tulis dan batik cap di Jl. Braga …": the list after the kind of shop.
  for (const chunk of s.split(/\s[–-]\s/)) {
    if (TRADE_OPENER.test(chunk)) {
      const body = chunk.replace(TRADE_OPENER, "").replace(/\s(?:di|w|în|in|at)\s[\p{Lu}].*$/u, "");
      const parts = splitLatin(body).filter(latinNoun);
      if (parts.length >= 2) return dropPlaces(parts);
    }
  }
  const chunks = s.split(/\s[–-]\s/);
  for (const chunk of chunks.slice(chunks.length > 1 ? 1 : 0)) {
    const parts = dropTrade(splitLatin(chunk), first && chunk === chunks[0]);
    const nouns = parts.filter(latinNoun);
    const kept = dropPlaces(nouns);
    if (parts.length >= 2 && nouns.length >= parts.length - 1 && kept.length >= 2) return kept;
  }
  return [];
}

const JA_PARTICLE_END = /(?:では|には|から|まで|を拠点に|を中心に|[はがをにでもへと])$/u;
const JA_VERB =
  /(?:です|ます|ました|ません|でした|ください|ている|ており|ります|います|って|んで|[るたて])$/u;

function jaNoun(part: string): boolean {
  if (part.length < 1 || part.length > 30) return false;
  if (JA_VERB.test(part) || JA_PARTICLE_END.test(part)) return false;
  if (/\d+(?:年|時|分|歳|才)|[。！？]|^全?\d+[室名席台階]/.test(part)) return false;
  return true;
}

/** 「A、B、Cを…」: the list right before a marker, read backwards until a part is not a noun. */
function jaListBefore(chunk: string): string[] {
  const parts = chunk.split(/[、,]/);
  const items: string[] = [];
  for (let i = parts.length - 1; i >= 0; i--) {
    let part = (parts[i] ?? "").trim().replace(/^(?:当店の|当院の|当社の|自慢の|人気の|季節ごとの)/u, "");
    // 「…です🍞 天然酵母の食パン」: the list starts after the last space, emoji or sentence end.
    if (i === 0) part = part.split(/[\s！!？?]|\p{Extended_Pictographic}/u).pop() ?? part;
    if (!jaNoun(part)) {
      const tail = part.split(/(?:では|には|にて|を拠点に|を中心に|[はでをにも])/u).pop() ?? "";
      if (tail && tail !== part && jaNoun(tail) && tail.length >= 2) items.unshift(tail);
      break;
    }
    part = part.replace(/(?:など|等)$/u, "");
    if (part) items.unshift(part);
  }
  return splitJaJoined(items, parts.length === 1);
}

/** と between two nouns (醤油ラーメンと餃子), and ・ when the list has no 、 (英会話クラス・フォニックス). */
function splitJaJoined(items: string[], splitDots: boolean): string[] {
  return items
    .flatMap((item) => item.split(/(?<=[\u30a0-\u30ff\u4e00-\u9fff])と(?=[\u30a0-\u30ff\u4e00-\u9fff])/u))
    .flatMap((item) => (splitDots ? item.split("・") : [item]))
    .map((s) => s.trim())
    .filter((s) => s.length >= 2 || /^[\u4e00-\u9fff]$/u.test(s));
}

function japaneseItems(field: string): string[] {
  const s = field
    .replace(LIST_LABEL, "")
    .replace(/[。！!？?]+$/u, "")
    .trim();
  const marker = JA_MARKER.exec(s);
  if (marker && marker.index > 0) return jaListBefore(s.slice(0, marker.index));
  // 「シャインマスカット、ナガノパープル、巨峰を…直売」: a 、-list right before を.
  const wo = s.indexOf("を");
  if (wo > 0 && (s.slice(0, wo).match(/、/g) ?? []).length >= 1) {
    const list = jaListBefore(s.slice(0, wo));
    if (list.length >= 2) return list;
  }
  const parts = s.split(/[、,]/).map((p) => p.trim());
  if (parts.length >= 2 && parts.every(jaNoun)) return splitJaJoined(parts, false);
  if (parts.length === 1 && /・/.test(s) && s.split("・").every(jaNoun) && s.length <= 40)
    return s.split("・");
  return [];
}

/** Spaces folded, stray punctuation and unbalanced brackets at the ends removed. */
function tidy(raw: string): string {
  let item = raw
    .replace(/\s+/g, " ")
    .replace(/^[\s:：.,、–-]+|[\s:：.,、–-]+$/gu, "")
    // 「オンラインクラスあり」: "available" is not part of the item's name.
    .replace(/(?<=[\p{Script=Han}\p{Script=Katakana}ー])(?:あり|有り|も可)$/u, "")
    .trim();
  const opens = (item.match(/[(（]/g) ?? []).length;
  const closes = (item.match(/[)）]/g) ?? []).length;
  if (opens > closes) item = item.replace(/[(（][^)）]*$/u, (m) => (m.length > 1 ? `${m})` : "")).trim();
  if (closes > opens) item = item.replace(/^[^(（]*[)）]/u, "").trim();
  return item.replace(/^[(（)）\s]+$/u, "");
}

/** Leftovers of masked text ("( )", "hari", "to", "Harga", "(すべて税込)") are not items. */
const LEFTOVER =
  /^(?:hari|to|de|până|hingga|sampai|on|w|i|și|dan|and|or|harga|price|cena|preț|namanya|bernama|called|jam|pukul|毎週|毎月|kg|per|od|din|sejak|since)$/iu;
function meaningful(item: string): boolean {
  if ((item.match(/\p{L}/gu) ?? []).length < 2) return false;
  if (LEFTOVER.test(item) || /税込|税抜|税別|\btax (?:incl|excl)/i.test(item)) return false;
  return !/^[\p{Script=Latin}\s]+$/u.test(item) || item.replace(/\s/g, "").length >= 3;
}

export type TItemsContext = {
  name?: string;
  place?: string;
  japanese: boolean;
  /** The trades named: a list part that only names the trade ("Fryzjer damski") is not an item. */
  trades?: TTrade[];
  /** The unmasked text, for the one-phrase descriptions of lessons ("Les privat bahasa Inggris …"). */
  original?: string;
};

/** Short noun fields of terse notes (・骨盤矯正 / ・産後ケア), used when nothing else was found. */
function lonelyNouns(fieldList: string[], ctx: TItemsContext): string[] {
  return fieldList.filter((f) => {
    if (META_LABEL.test(f) || (ctx.name && f.includes(ctx.name)) || (ctx.place && f.includes(ctx.place)))
      return false;
    if (findPlace(f)) return false;
    if (/[、,]/.test(f) || (findTrades(f).length > 0 && f.split(/\s+/).length <= 3)) return false;
    return ctx.japanese
      ? jaNoun(f) && f.length <= 20 && !/[:：]/.test(f)
      : latinNoun(f) && f.split(/\s+/).length <= 5;
  });
}

/** `text` has contact details, hours and prices blanked out already. */
export function extractItems(text: string, ctx: TItemsContext): string[] {
  const found: string[] = [];
  const original = ctx.original ?? text;
  const fieldList = alignedPieces(original, text, fields)
    .map((f) =>
      f
        .replace(/\s{2,}/g, " ")
        .replace(/^[\s,、/]+|[\s,、/]+$/g, "")
        .trim(),
    )
    .filter((f) => f.length > 0);
  for (const field of fieldList) {
    if (ctx.name && (field === ctx.name || (ctx.japanese && field.startsWith(ctx.name)))) continue;
    if (META_LABEL.test(field) && !LIST_LABEL.test(field)) continue;
    if (ctx.japanese) found.push(...japaneseItems(field));
    else {
      const sentenceList = latinSentences(field);
      sentenceList.forEach((sentence, i) => {
        found.push(...latinItems(sentence, ctx.name, fieldList.indexOf(field) === 0 && i === 0));
      });
    }
  }
  // 「Les privat bahasa Inggris untuk anak SD di Bekasi.」: a lesson described in one phrase is the offer.
  if (found.length === 0 && !ctx.japanese && ctx.trades?.[0]?.category === "education" && ctx.original) {
    const head = (latinSentences(ctx.original)[0] ?? "")
      .split(/,|\s(?:untuk|secara|for|dla|pentru|di|w|în|in|online)\s/u)[0]
      ?.trim();
    if (head && head.split(/\s+/).length <= 6 && latinNoun(head)) found.push(head);
  }
  if (found.length === 0) {
    const bullets = lonelyNouns(
      ctx.japanese
        ? fieldList
        : sentences(text)
            .slice(1)
            .map((s) => s.replace(/[.!?]$/, "").trim()),
      ctx,
    );
    found.push(...bullets.filter((b) => b !== ctx.name));
  }
  const unique: string[] = [];
  for (const item of found.map(tidy)) {
    if (!item || item === ctx.name || item === ctx.place || !meaningful(item)) continue;
    if (!unique.some((u) => u.toLowerCase() === item.toLowerCase())) unique.push(item);
  }
  return unique.slice(0, 12);
}
