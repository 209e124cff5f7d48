/// <reference path="./japanese-numerals-to-number.d.ts" />
import toNumber from "japanese-numerals-to-number";

/**
 * Founding years: 創業明治三十年, 昭和58年創業, 令和2年オープン, 2019年に開業, since 1988, od 1992
 * roku, din 2005, sejak 2008. Era names come from Intl's Japanese calendar, not a hand-kept table.
 */
const ERA_START = (() => {
  const starts = new Map<string, number>();
  const format = new Intl.DateTimeFormat("ja-JP-u-ca-japanese", {
    era: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  for (let year = 1868; year <= new Date().getUTCFullYear() + 1; year++) {
    const parts = format.formatToParts(Date.UTC(year, 11, 31));
    const era = parts.find((p) => p.type === "era")?.value;
    // ICU writes the first year of an era as 元 (元年).
    const raw = parts.find((p) => p.type === "year")?.value;
    const n = raw === "元" ? 1 : Number(raw);
    if (era && n === 1 && !starts.has(era)) starts.set(era, year);
  }
  return starts;
})();

const ERAS = [...ERA_START.keys()].join("|");
const KANJI_NUMBER = "[〇一二三四五六七八九十百]+";
const ERA_YEAR = new RegExp(`(${ERAS})(元|\\d{1,2}|${KANJI_NUMBER})年`);
const MARK_JA = "(?:創業|設立|創立|開業|開店|オープン|開院|開校|創刊)";
const MARK_LATIN =
  "(?:since|established|est\\.|founded(?: in)?|from|od|od roku|din|din anul|fondat[aă]? în|sejak|berdiri sejak|ditubuhkan pada)";

function eraToYear(era: string, n: string): number | undefined {
  const start = ERA_START.get(era);
  if (start === undefined) return undefined;
  let value: number;
  try {
    value = n === "元" ? 1 : /^\d+$/.test(n) ? Number(n) : toNumber(n);
  } catch {
    return undefined;
  }
  return start + value - 1;
}

export function extractFounded(text: string): { year: number; span: [number, number] } | undefined {
  const thisYear = new Date().getUTCFullYear();
  const ok = (y: number | undefined) => (y !== undefined && y >= 1000 && y <= thisYear ? y : undefined);
  const patterns: [RegExp, (m: RegExpMatchArray) => number | undefined][] = [
    [new RegExp(`${MARK_JA}[:\\s]*${ERA_YEAR.source}`), (m) => eraToYear(m[1] ?? "", m[2] ?? "")],
    [new RegExp(`${ERA_YEAR.source}\\s*(?:に|より)?${MARK_JA}`), (m) => eraToYear(m[1] ?? "", m[2] ?? "")],
    [new RegExp(`${MARK_JA}[:\\s]*(\\d{4})年?`), (m) => Number(m[1])],
    [new RegExp(`(\\d{4})年\\s*(?:に|より)?${MARK_JA}`), (m) => Number(m[1])],
    [
      new RegExp(`(?<![\\p{L}])${MARK_LATIN}\\s+(\\d{4})(?![\\d])(?:\\s?(?:roku|r\\.|year|tahun))?`, "iu"),
      (m) => Number(m[1]),
    ],
  ];
  for (const [re, year] of patterns) {
    const m = text.match(re);
    const y = m ? ok(year(m)) : undefined;
    if (m && y !== undefined) return { year: y, span: [m.index ?? 0, (m.index ?? 0) + m[0].length] };
  }
  return undefined;
}
