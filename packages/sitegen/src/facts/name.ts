import { findPlace } from "./places.ts";
import { isCapitalised, latinSentences } from "./text.ts";

/**
 * The business name as the owner wrote it: quoted (「」『』""), labelled (屋号は, called, namanya),
 * the heading line of terse notes, 〜です after the trade (浅草の金物屋、ふじ屋です), or the Title Case
 * words that open a Latin description ("Kopi Lane Café – …", "Klinik Gigi Senyum, Taman …").
 */

/** Endings that make a Japanese noun phrase a shop or office name. */
const JA_NAME_END =
  "(?:事務所|商店|店|屋|院|堂|庵|舎|館|社|会社|スタジオ|サロン|クリニック|教室|工房|農園|荘|亭|処|研究所|ジム|カフェ|ベーカリー|ラボ|LAB|本舗)";
const JA_COMPANY =
  /(?:株式会社|有限会社|合同会社|一般社団法人|医療法人)\s?[^\s、。,()（）]{1,20}|[^\s、。,()（）]{1,20}(?:株式会社|有限会社)/u;
const PRONOUNS =
  /^(?:we|we're|i|i'm|our|my|this|it|kami|saya|kita|jestem|prowadzę|nazywam|sunt|ofer|oferim|uczę|projektuję|jual|jasa|les|family|small|freelance|vintage)$/i;
const CONNECTORS = /^(?:&|and|de|di|la|du|von|van|pod|u|nad|na|i|dan|și|y|'n'|of|the)$/i;
const LATIN_LABEL =
  /(?:called|named|namanya|bernama|nazwa|se numește|numit)\s+["“']?([\p{Lu}\d][\p{L}\p{N}'’&.\- ]{1,40}?)["”']?(?=[,.;!]|\s+(?:in|di|w|în|is|and)\b|$)/u;
const JA_LABEL =
  /(?:屋号|店名|社名|名前|事務所名|教室名|サロン名)\s?(?:は|:|：)\s?[「『]?([^\s、。,」』]{1,30})/u;
const QUOTED = /[「『]([^」』\n]{1,40})[」』]|["“]([^"”\n]{2,40})["”]/u;

function japaneseFirstLine(text: string): string | undefined {
  for (const raw of text.split(/\n|[／/|｜]/).slice(0, 3)) {
    const line = raw
      .replace(/^[\s■□●○◆◇・*•\-☆★]+/u, "")
      .replace(/[(（][^)）]*[)）]/gu, "")
      .replace(/\s*(?:創業|設立|since).*$/iu, "")
      .trim();
    if (!line) continue;
    if (/^〒|^\d|TEL|電話|@|[:：]/.test(line)) continue;
    if (/[。！!？?]|です|ます|ました/.test(line) || line.length > 40) return undefined;
    return line;
  }
  return undefined;
}

function japaneseName(text: string): string | undefined {
  const labelled = text.match(JA_LABEL)?.[1];
  if (labelled) return labelled.replace(/です$/, "");
  const quoted = text.match(QUOTED);
  const q = quoted?.[1] ?? quoted?.[2];
  if (q && !/[。、]/.test(q)) return q.trim();
  const company = text.match(JA_COMPANY)?.[0];
  if (company) return company.trim();
  if (/[\n／/|｜]/.test(text.trim()) || /^[■・●]/.test(text.trim())) {
    const line = japaneseFirstLine(text);
    if (line) return line;
  }
  // 「…、山本税理士事務所です。」「浅草の金物屋、ふじ屋です。」
  const desu = text.match(
    new RegExp(`(?:^|[、。\\s])([^、。\\s]{1,20}(?:\\s[^、。\\s]{1,12})?${JA_NAME_END})です`, "u"),
  )?.[1];
  if (desu && !/^(?:小さな|家族経営の|個人の|地元の)/.test(desu) && !/[のでをにが]/.test(desu.slice(0, -1)))
    return desu;
  // A first sentence that is only a name: 「有限会社みどり不動産（昭和58年創業）。」
  const first = japaneseFirstLine(text.split("。")[0] ?? "");
  if (first && new RegExp(`${JA_NAME_END}$`, "u").test(first)) return first;
  return undefined;
}

/** "Studio foto Lumina", "Kedai Kopi Hj. Ismail", "Lim & Partners": Title Case, last word too. */
const LEGAL_FORM =
  /\s+(?:sp\. z o\.o\.|sp\.j\.|s\.a\.|SRL|S\.R\.L\.|SA|PFA|Sdn\.? Bhd\.?|Bhd|K\.K\.|Ltd\.?|Inc\.?|LLC|GmbH|PT|CV)$/iu;

function titleCaseName(chunk: string, single = false): string | undefined {
  const full = chunk.trim();
  const bare = full.replace(LEGAL_FORM, "");
  const words = bare.split(/\s+/);
  if (bare !== full) single = true;
  if (words.length === 0 || words.length > 7) return undefined;
  if (PRONOUNS.test(words[0] ?? "")) return undefined;
  const lower = words.filter((w) => !isCapitalised(w) && !CONNECTORS.test(w));
  if (lower.length > 1 || !isCapitalised(words[words.length - 1] ?? "") || !isCapitalised(words[0] ?? ""))
    return undefined;
  if (words.length === 1 && !single && !/[A-Z].*[A-Z]|\d/.test(words[0] ?? "")) return undefined;
  const name = full;
  if (findPlace(name) || /^(?:Jalan|Jl\.|Lebuh|Taman|Seksyen|ul\.|str\.)/i.test(name)) return undefined;
  return name;
}

function latinName(text: string): string | undefined {
  const labelled = text.match(LATIN_LABEL)?.[1];
  if (labelled) return labelled.trim();
  const quoted = text.match(QUOTED);
  if (quoted?.[2] && isCapitalised(quoted[2])) return quoted[2].trim();
  const first = (latinSentences(text)[0] ?? "").replace(/[.!?]$/, "");
  // "Bridgeworks K.K. is a small IT consultancy …"
  const is = first.match(
    /^([\p{Lu}\d][\p{L}\p{N}'’&.\- ]{1,50}?)\s+(?:is|are|to|jest|este|ialah|adalah|merupakan)\s/u,
  )?.[1];
  const isName = is ? titleCaseName(is) : undefined;
  if (isName) return isName;
  const chunks = first.split(/\s[–-]\s|:\s/);
  for (const [i, chunk] of chunks.entries()) {
    const parts = chunk.split(/,\s*/);
    for (const [j, part] of parts.entries()) {
      if (i > 0 && j > 0) break;
      // "Studio tatuażu Czarny Kot w Krakowie": the place at the end is not part of the name.
      const cut = part.replace(/\s+(?:in|w|we|în|din|di|at)\s+[\p{Lu}].*$/u, "").trim();
      const name = titleCaseName(cut, j > 0);
      // An appositive ("…, Sakura-tei, servește…") that is a place is not a name (Gdańsk Wrzeszcz).
      const placeWord = j > 0 && name?.split(/\s+/).some((w) => findPlace(w));
      if (name && !placeWord && (i === 0 || chunks.length > 1)) return name;
      if (i === 0 && j === 0) continue;
      if (j >= 2) break;
    }
  }
  return undefined;
}

export function extractName(text: string, japanese: boolean): string | undefined {
  const name = japanese ? japaneseName(text) : latinName(text);
  return name ? name.replace(/\s+/g, " ").slice(0, 120) : undefined;
}
