import type { TCurrency, TPriceInput } from "@shobai/shared";

/**
 * Prices as owners write them: 4,400円, ¥550, 1,500円（税込）, 6,600円〜, 3,000円（税抜）, 無料,
 * 4000 jenów, 1.200 de yeni, ¥1,300, RM15, Rp8.000, 180 zł, 250 lei; each with the words before it
 * as its label ("カット", "体験レッスン", "Set ramen").
 */

/** `span` covers the amount; `labelAt` where its label starts (the item reader skips both). */
export type TFoundPrice = { label: string; price: TPriceInput; span: [number, number]; labelAt: number };

const NUMBER = String.raw`\d{1,3}(?:[,.]\d{3})+|\d+`;
const CURRENCY_BEFORE: [string, TCurrency][] = [
  ["¥", "JPY"],
  ["JPY", "JPY"],
  ["RM", "MYR"],
  ["Rp.", "IDR"],
  ["Rp", "IDR"],
  ["S$", "SGD"],
  ["PLN", "PLN"],
  ["US$", "USD"],
  ["€", "EUR"],
];
const CURRENCY_AFTER: [string, TCurrency][] = [
  ["円", "JPY"],
  ["de yeni", "JPY"],
  ["yeni", "JPY"],
  ["jenów", "JPY"],
  ["jeny", "JPY"],
  ["yen", "JPY"],
  ["zł", "PLN"],
  ["złotych", "PLN"],
  ["lei", "RON"],
  ["RON", "RON"],
  ["ringgit", "MYR"],
  ["rupiah", "IDR"],
];
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\$]/g, "\\$&");
const PRICE = new RegExp(
  String.raw`(?<from1>from|od|de la|dari|mulai|starting at)?\s?` +
    `(?:(?<cb>${CURRENCY_BEFORE.map(([w]) => esc(w)).join("|")})\\s?(?<n1>${NUMBER})` +
    `|(?<n2>${NUMBER})\\s?(?<ca>${CURRENCY_AFTER.map(([w]) => esc(w)).join("|")})(?![\\p{L}])` +
    // 3万円, 1.5万円, 12万8000円: ten-thousands as Japanese prices are often written.
    String.raw`|(?<man>\d+(?:\.\d+)?)万(?<manRest>\d{1,4})?円)` +
    String.raw`(?<from2>\s?[〜~]|\s?から|\s?～)?(?:\s?\((?<tax>税込|税抜|税別|tax incl\.?|tax excl\.?|\+tax)\))?`,
  "giu",
);
const FREE =
  /(?<label>[^、。,.\n/|!！]{1,30}?)(?:は|:|\s)?\s?(?:無料|free of charge|gratis|bezpłatn\w*|gratuit\w*|percuma)/giu;
const LABEL_STOP = /[、,。;\n/|(（):：•・■!?]|\.\s|\s[–-]\s/u;
const LABEL_NOISE =
  /^(?:our|harga|price|prices|cena|ceny|preț|prețul|rates?|tarif|biaya|kos|each|per|only|just|approx\.?|about|ok\.?|ca\.)\s+|\s+(?:costă|costs?|kosztuje|kosztują|harganya|harga|start at|starts at|starting at|from|od|de la|dari|mulai)$|(?:は|が|も|で)$/iu;
/** 月額, 年額 and their kin just before the amount: a recurring fee, split off the item's name. */
const PERIOD_BEFORE = /\s?(月額|月々|毎月|年額|年間|monthly|yearly|annually)$/iu;
/** "/月", "per month", "a year" just after the amount. */
const PERIOD_AFTER =
  /^\s?(?:[/／]\s?(月|年|month|mo|year|yr)(?![a-z])|(?:per|a|an)\s(month|year)(?![a-z]))/iu;
const periodOf = (word: string): "month" | "year" =>
  /^(?:月|毎月|month|mo|monthly)/iu.test(word) ? "month" : "year";

/** 1個, 1本, 1房, 60 min, 1時間: what the price is for, split off the item's name. */
const UNIT_TAIL =
  /\s?((?:\d+\s?(?:個|本|房|枚|杯|皿|時間|分|min|minut|kg|g)|お一人様|1名|per person|per night|\/kg))$/u;

function amountOf(raw: string, currency: TCurrency): number {
  // "1,500" and "1.200" (thousands); a decimal point only in currencies that use cents.
  if (/^\d{1,3}(?:[,.]\d{3})+$/.test(raw)) return Number(raw.replace(/[,.]/g, ""));
  return currency === "JPY" ? Math.round(Number(raw.replace(",", "."))) : Number(raw.replace(",", "."));
}

function labelBefore(text: string, at: number): string {
  const before = text.slice(Math.max(0, at - 60), at);
  const parts = before.split(LABEL_STOP);
  // "Zestaw obiadowy: 1500 jenów", "Masaż 60 min – 200 zł": the words before the colon or dash.
  const last = (parts[parts.length - 1] ?? "").trim();
  let label =
    last || /[:：]\s*$|\s[–-]\s*$/u.test(before) ? last || (parts[parts.length - 2] ?? "").trim() : last;
  // 「通常 6,000円」 inside parentheses, 「上生菓子 1個 380円」: the nearest words are the label.
  for (let i = 0; i < 3 && LABEL_NOISE.test(label); i++) label = label.replace(LABEL_NOISE, "").trim();
  return label;
}

export function extractPrices(text: string): TFoundPrice[] {
  const found: TFoundPrice[] = [];
  const groupTax =
    /(?:すべて|いずれも|全て|全品|表示価格は)\s?(税込|税抜|税別)|(?:all prices|prices)\s(?:include|exclude)/iu.exec(
      text,
    );
  const groupIncluded = groupTax ? !/税抜|税別|exclude/i.test(groupTax[0]) : true;
  for (const m of text.matchAll(PRICE)) {
    const g = m.groups ?? {};
    const currency =
      (g.cb
        ? CURRENCY_BEFORE.find(([w]) => w === g.cb)?.[1]
        : CURRENCY_AFTER.find(([w]) => w.toLowerCase() === g.ca?.toLowerCase())?.[1]) ?? "JPY";
    const amount = g.man
      ? Math.round(Number(g.man) * 10_000) + Number(g.manRest ?? 0)
      : amountOf(g.n1 ?? g.n2 ?? "0", currency);
    const start = (m.index ?? 0) + (m[0].length - m[0].trimStart().length);
    let label = labelBefore(text, start);
    let period: "month" | "year" | undefined;
    const periodWord = label.match(PERIOD_BEFORE);
    if (periodWord?.[1]) {
      period = periodOf(periodWord[1]);
      label = label.slice(0, label.length - periodWord[0].length).trim();
      // 「記帳代行：月額20,000円」: the name is before the colon.
      if (!label) label = labelBefore(text, Math.max(0, text.lastIndexOf(periodWord[1], start)));
    } else {
      const after = text.slice((m.index ?? 0) + m[0].length).match(PERIOD_AFTER);
      if (after) period = periodOf(after[1] ?? after[2] ?? "");
    }
    let unit: string | undefined;
    const tail = label.match(UNIT_TAIL);
    if (tail?.[1] && label.length > tail[0].length) {
      unit = tail[1];
      label = label.slice(0, label.length - tail[0].length).trim();
    } else if (!label) {
      const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 30);
      unit = after.match(/^\s?((?:per|\/|za|pe|untuk)\s[\p{L}]+(?:\s[\p{L}]+)?)/u)?.[1];
    }
    const tax =
      g.tax ??
      text
        .slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 12)
        .match(/^\s?[（(]?(税込|税抜|税別)/)?.[1];
    const taxIncluded = tax ? !/税抜|税別|excl|\+tax/i.test(tax) : groupIncluded;
    found.push({
      label: label.replace(/^[\s:：\-–]+|[\s:：\-–]+$/g, ""),
      price: {
        amount,
        currency,
        taxIncluded: currency === "JPY" ? taxIncluded : true,
        from: Boolean(g.from1 || g.from2),
        ...(unit ? { unit } : {}),
        ...(period ? { period } : {}),
      },
      span: [m.index ?? 0, (m.index ?? 0) + m[0].length],
      labelAt: label ? Math.max(0, text.lastIndexOf(label, start)) : (m.index ?? 0),
    });
  }
  for (const m of text.matchAll(FREE)) {
    const label = (m.groups?.label ?? "").trim().replace(LABEL_NOISE, "").trim();
    if (label.length >= 2 && label.length <= 20 && !/[。.!]/.test(label)) {
      found.push({
        label,
        price: { amount: 0, currency: "JPY", taxIncluded: true, from: false },
        span: [m.index ?? 0, (m.index ?? 0) + m[0].length],
        labelAt: m.index ?? 0,
      });
    }
  }
  return found;
}
