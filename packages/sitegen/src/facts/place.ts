import { baseForm, findPlace, PLACE_NAMES } from "./places.ts";
import { alignedPieces, isCapitalised, latinSentences } from "./text.ts";
import { DAY_NAMES } from "./words.ts";

/**
 * Where the business is, as the owner wrote it: 京都市上京区, 世田谷区・三軒茶屋, 沖縄・那覇,
 * "Minato-ku, Tokyo", "Lebuh Armenian, George Town, Penang", "Jl. Braga No. 21, Bandung", and for
 * Japanese text the access line (たまプラーザ駅から徒歩3分) apart.
 */

const PREF = "(?:東京都|北海道|(?:京都|大阪)府|[\\u4e00-\\u9fff]{2,3}県)";
const KANJI = "[\\u3400-\\u9fff々ヶ]";
const KANA_CITY = "さいたま|つくば|いわき|ひたちなか";
const WARD = new RegExp(
  `(?:${PREF})?(?:${KANA_CITY}|${KANJI}{1,4}?)[市区](?![場民役内外長販])(?:${KANJI}{1,3}区)?(?:${KANJI}{2,4}(?![市区町村駅店屋院室所])(?=[\\s、。,・/()（）にでの]|$))?|${PREF}${KANJI}{1,4}[市町村郡]`,
  "u",
);
const JA_KNOWN = PLACE_NAMES.filter((n) => /[\u3040-\u30ff\u3400-\u9fff]/.test(n));
const LATIN_KNOWN = new RegExp(
  `(?<![\\p{L}])(?:${PLACE_NAMES.filter((n) => !/[\u3040-\u30ff\u3400-\u9fff]/.test(n))
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|")})(?![\\p{L}])`,
  "iu",
);
const ACCESS =
  /(?:JR|東急|京急|小田急|京王|地下鉄|阪急|阪神|西鉄)?[^\s、。,・()（）]{1,12}駅(?:[東西南北]口|[東西南北]?口)?(?:から|より)?\s?(?:徒歩|歩いて|バスで|車で)\s?\d{1,2}分/u;

export type TFoundPlace = { place?: string; access?: string };

function japanesePlace(text: string): string | undefined {
  const candidates: { at: number; value: string }[] = [];
  const ward = WARD.exec(text);
  if (ward) candidates.push({ at: ward.index, value: ward[0] });
  for (const name of JA_KNOWN) {
    const at = text.indexOf(name);
    if (at >= 0) candidates.push({ at, value: name });
  }
  if (candidates.length === 0) return undefined;
  candidates.sort((a, b) => a.at - b.at || b.value.length - a.value.length);
  const first = candidates[0] as { at: number; value: string };
  const longer = candidates.find(
    (c) => c.at <= first.at + 1 && c.value.length > first.value.length && c.value.includes(first.value),
  );
  let best = longer ?? first;
  // A district after the city: 世田谷区・三軒茶屋, 沖縄・那覇, 京都・祇園.
  const after = text
    .slice(best.at + best.value.length)
    .match(/^・([\u3400-\u9fff\u30a0-\u30ffヶ]{2,8})(?=[\s、。,)）でにの/]|$)/u);
  if (after?.[1] && !/駅|徒歩/.test(after[1])) best = { at: best.at, value: `${best.value}・${after[1]}` };
  // 箱根湯本, 麻布十番: a known area followed by more of the same name.
  const tail = text.slice(best.at + best.value.length).match(/^[\u3400-\u9fff]{1,3}(?=[のでにへ、。]|$)/u);
  if (!longer && tail && !ward && !/[市区町村県都府]/.test(best.value))
    best = { at: best.at, value: best.value + tail[0] };
  return best.value;
}

const DAY_WORD = new RegExp(
  `^(?:${DAY_NAMES.flat()
    .filter((d) => /^[\\p{Script=Latin}.']+$/u.test(d))
    .map((d) => d.replace(".", "\\."))
    .join("|")})\\b`,
  "iu",
);
const STREET =
  /^(?:ul\.|al\.|pl\.|str\.|strada|bd\.|bulevardul|calea|jl\.|jalan|lebuh|lorong|taman|seksyen|sector|no\.|nr\.)/i;
const LOCATIVE = /(?:^|\s)(?:in|at|based in|near|w|we|z|în|din|la|di|dari|sekitar|di sekitar)\s+$/i;
const NOT_PLACE =
  /^(?:Tel|Telp|Tel\.|HP|WA|WhatsApp|Email|E-mail|E-mel|Mail|Open|Closed|Buka|Tutup|Program|Kontakt|Contact|Call|Hubungi|Rezerwacje|Rezervări|Menu|Layanan|Since|Sejak|Od|Din|From)\b/i;

/** A comma part that reads as a place: capitalised words, street words and numbers. */
function placeLike(part: string): boolean {
  const p = part.trim().replace(/\s*\([^)]*\)$/, "");
  if (!p || p.length > 50 || NOT_PLACE.test(p) || DAY_WORD.test(p)) return false;
  if (STREET.test(p)) return true;
  const words = p.split(/\s+/);
  return (
    words.length <= 5 &&
    words.every((w) => isCapitalised(w.replace(/^\(/, "")) || /^(?:de|la|di|del|nr\.|no\.|\d+\w?)$/i.test(w))
  );
}

function latinPlace(text: string, name: string | undefined, original: string): string | undefined {
  for (const sentence of alignedPieces(original, text, latinSentences).slice(0, 4)) {
    const whole = sentence.trim().replace(/[.!?]+$/, "");
    const body = name && whole.startsWith(name) ? whole.slice(name.length) : whole;
    // Runs of place-like comma parts, after a locative word, a dash after the name, or alone.
    const chunks = body.split(/\s[–-]\s|:\s/);
    for (const chunk of chunks) {
      const parts = chunk.split(/,\s*/);
      for (let i = 0; i < parts.length; i++) {
        let part = parts[i] ?? "";
        // "… in Tennoji" / "di Kotagede": the place starts after the last locative word.
        const loc = [
          ...part.matchAll(/(?:^|\s)(?:in|at|based in|w|we|z|în|din|di|dari|sekitar)\s+(?=[\p{Lu}])/gu),
        ].pop();
        const known = part.split(/\s+/).some((w) => findPlace(w.replace(/[()]/g, "")));
        if (loc) part = part.slice((loc.index ?? 0) + loc[0].length);
        else if (i === 0 && !placeLike(part)) continue;
        else if (!(placeLike(part) && (known || i > 0 || STREET.test(part) || chunks.indexOf(chunk) > 0)))
          continue;
        if (!placeLike(part)) continue;
        const run = [part.trim()];
        for (let j = i + 1; j < parts.length && placeLike(parts[j] ?? "") && parts[j]?.trim() !== name; j++) {
          run.push((parts[j] ?? "").trim());
        }
        const place = run.join(", ").replace(/\s+(?:since|sejak|od|din|from)\s+\d{4}.*$/i, "");
        if (LOCATIVE.test(place)) continue;
        return place
          .replace(/[.,;:!?]+$/, "")
          .split(/,\s*/)
          .map((p) => baseForm(p))
          .join(", ");
      }
    }
  }
  // A known city anywhere ("…, Poznań.", "Korepetycje z matematyki, Poznań"): the longest name first.
  const m = LATIN_KNOWN.exec(text);
  return m ? baseForm(m[0].replace(/[.]$/, "")) : undefined;
}

export function extractPlace(
  text: string,
  name: string | undefined,
  japanese: boolean,
  original = text,
): TFoundPlace {
  const access = text.match(ACCESS)?.[0];
  if (japanese) {
    const withoutName = name ? text.replace(name, " ".repeat(name.length)) : text;
    const place = japanesePlace(withoutName.replace(/〒?\d{3}-\d{4}/g, "        "));
    return { ...(place ? { place } : {}), ...(access ? { access } : {}) };
  }
  const place = latinPlace(text, name, original)?.trim();
  return place ? { place } : {};
}
