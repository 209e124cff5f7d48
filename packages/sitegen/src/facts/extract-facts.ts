import type { TBusinessCategory, TFactItem, TLanguage, TSiteFacts } from "@shobai/shared";
import type { CountryCode } from "libphonenumber-js/max";
import { extractAddress } from "../address.ts";
import { scoreIndustries } from "../infer-industry.ts";
import { extractFounded } from "./founded.ts";
import { extractHours } from "./hours.ts";
import { extractItems } from "./items.ts";
import { detectLanguage } from "./language.ts";
import { extractPrices, type TFoundPrice } from "./money.ts";
import { extractName } from "./name.ts";
import { extractPhone } from "./phone.ts";
import { extractPlace } from "./place.ts";
import { findPlace, PLACE_NAMES } from "./places.ts";
import { mask, normalizeText } from "./text.ts";
import { findTrades, type TTrade } from "./trades.ts";

const LANGUAGE_COUNTRY: Record<TLanguage, CountryCode> = {
  ja: "JP",
  en: "JP",
  pl: "PL",
  ro: "RO",
  ms: "MY",
  id: "ID",
};
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const URL = /https?:\/\/\S+|www\.\S+/g;

export type TFactsReading = {
  facts: TSiteFacts;
  /** The trades named, earliest first; the first decides the template and the copy's noun. */
  trades: TTrade[];
  industry: TBusinessCategory;
  /** Every template that fits, best first. */
  candidates: TBusinessCategory[];
};

/** Items with their prices: a price whose label names an item is that item's price. */
function joinPrices(names: string[], prices: TFoundPrice[]): TFactItem[] {
  const items: TFactItem[] = names.map((name) => ({ name }));
  for (const found of prices) {
    const label = found.label.trim();
    const fold = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, "");
    const match = items.find((i) => {
      const a = fold(i.name);
      const b = fold(label);
      return b.length > 0 && !i.price && (a === b || a.endsWith(b) || b.startsWith(a));
    });
    if (match) {
      const rest = label.slice(match.name.length).trim();
      match.price = {
        ...found.price,
        ...(rest && !found.price.unit ? { unit: rest } : {}),
      } as TFactItem["price"];
    } else if (label || found.price.unit) {
      const unitOnly = !label;
      const price = { ...found.price, ...(unitOnly ? { unit: undefined } : {}) } as TFactItem["price"];
      items.push({ name: label || (found.price.unit as string), price });
    }
  }
  return items.slice(0, 20);
}

/** What the owner calls the business in Japanese: 和菓子店, 古本屋, 税理士事務所, ヨガスタジオ. */
function japaneseTradeNoun(text: string): string | undefined {
  const m = text.match(
    /(?:^|[のでに、。\s・])(?:小さな|老舗の?|家族経営の|個人経営の|地域密着の)?([\u30a0-\u30ff\u4e00-\u9fff]{1,8}?(?:店|屋|院|教室|事務所|スタジオ|サロン|クリニック|カフェ|工房|塾|スクール|農園|宿|ジム))(?=[をでのはがと、。「『]|です|$)/u,
  );
  const noun = m?.[1]?.replace(/^(?:小さな|老舗|家族経営の|個人経営の)/u, "");
  return noun && noun.length >= 2 ? noun : undefined;
}

/** Everything the owner's description states about the business; what it does not state stays empty. */
export function readDescription(description: string, siteLanguage?: TLanguage): TFactsReading {
  const text = normalizeText(description);
  const sourceLanguage = detectLanguage(text, siteLanguage ?? "ja");
  const japanese = sourceLanguage === "ja";

  // Each reader blanks out what it took, so the next one does not read a phone number as hours.
  const spans: [number, number][] = [...text.matchAll(URL)].map((m) => [
    m.index ?? 0,
    (m.index ?? 0) + m[0].length,
  ]);
  const emailMatch = EMAIL.exec(text);
  const email = emailMatch?.[0];
  if (emailMatch) spans.push([emailMatch.index, emailMatch.index + emailMatch[0].length]);
  const address = extractAddress(text);
  const name = extractName(text, japanese);
  const firstPlace = PLACE_NAMES.map((n) => ({ n, at: text.toLowerCase().indexOf(n) }))
    .filter((p) => p.at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  const placeCountry = firstPlace ? findPlace(firstPlace.n)?.country : undefined;
  const countries: CountryCode[] = [
    ...(japanese ? (["JP"] as CountryCode[]) : []),
    ...(placeCountry && placeCountry !== "OTHER" ? [placeCountry as CountryCode] : []),
    LANGUAGE_COUNTRY[sourceLanguage],
  ];
  const founded = extractFounded(text);
  if (founded) spans.push(founded.span);
  const postal = text.match(/(?<![\d-])〒?\s?\d{3}-\d{4}(?![\d-])/);
  if (postal) spans.push([postal.index ?? 0, (postal.index ?? 0) + postal[0].length]);
  const phone = extractPhone(mask(text, spans), countries);
  if (phone) spans.push(phone.span);
  // "WhatsApp 0812-…", "WA: +60 12-…": the number is (also) the WhatsApp one.
  const whatsapp =
    phone &&
    /(?:whats\s?app|\bwa\b)[\s.:：]*(?:\+)?$/iu.test(
      text.slice(Math.max(0, phone.span[0] - 16), phone.span[0]),
    )
      ? phone.text
      : null;
  const lineMatch = /\bLINE\s?(?:ID|公式|公式アカウント)?\s?[:：]\s?(@?[A-Za-z0-9._-]{3,20})/u.exec(text);
  if (lineMatch) spans.push([lineMatch.index, lineMatch.index + lineMatch[0].length]);
  const prices = extractPrices(mask(text, spans));
  const priceSpans = prices.map((p) => p.span);
  const { hours, spans: hourSpans } = extractHours(mask(text, [...spans, ...priceSpans]));
  const rest = mask(text, [...spans, ...priceSpans, ...hourSpans]);
  const { place, access } = extractPlace(rest, name, japanese, text);

  // The item reader sees neither the name, the place, the address nor the prices' labels.
  const hide = (value: string | undefined): [number, number][] =>
    value
      ? value
          .split(/,\s*/)
          .filter((v) => v.length >= 2)
          .flatMap((v) => [...rest.matchAll(new RegExp(v.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g"))])
          .map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as [number, number])
      : [];
  const itemText = mask(rest, [
    ...hide(name),
    ...hide(place),
    ...hide(access),
    ...hide(address ?? undefined),
    ...prices.map((p) => [p.labelAt, p.span[1]] as [number, number]),
  ]);
  const trades = findTrades(text);
  const names = extractItems(itemText, {
    japanese,
    ...(name ? { name } : {}),
    ...(place ? { place } : {}),
    trades,
    original: text,
  }).filter((item) => !address?.includes(item) && !access?.includes(item));

  const scores = scoreIndustries(text);
  const ranked = (Object.entries(scores) as [TBusinessCategory, number][])
    .filter(([, s]) => s > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([c]) => c);
  const candidates = [...new Set([...trades.map((t) => t.category), ...ranked])];
  const industry = candidates[0] ?? "consulting";

  const facts: TSiteFacts = {
    sourceLanguage,
    name: name ?? null,
    trade:
      (japanese ? japaneseTradeNoun(text) : undefined) ?? (trades[0] ? trades[0].noun[sourceLanguage] : null),
    place: place ?? null,
    access: access ?? null,
    address: address ?? null,
    phone: phone?.text ?? null,
    email: email ?? null,
    foundedYear: founded?.year ?? null,
    items: joinPrices(names, prices),
    hours: hours ?? null,
    localized: {},
    notes: [],
    profile: null,
    whatsapp,
    lineId: lineMatch?.[1] ?? null,
    sameAs: [],
  };
  return { facts, trades, industry, candidates: candidates.length > 0 ? candidates : ["consulting"] };
}
