import { priceWithTax, type TLanguage, type TOpeningHours, type TPrice } from "@shobai/shared";

/**
 * How each site language writes the language-free facts: opening hours by day, closed days,
 * prices (tax-inclusive yen, 税込) and the founding year. Words per language, one table.
 */
type TFactWords = {
  locale: string;
  days: string[];
  /** 月〜金 / Mon–Fri */
  dayRange: (from: string, to: string) => string;
  dayJoin: string;
  dash: string;
  closed: string;
  holidays: string;
  everyDay: string;
  untilOpen: string;
  taxIncluded: string;
  beforeTax: (amount: string) => string;
  from: (amount: string) => string;
  /** A recurring fee: 月額 33,000円（税込）, ¥33,000 (tax incl.) per month. */
  period: Record<"month" | "year", (price: string) => string>;
  founded: (year: number) => string;
};

export const FACT_WORDS: Record<TLanguage, TFactWords> = {
  ja: {
    locale: "ja-JP",
    days: ["日曜日", "月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日"],
    dayRange: (a, b) => `${a}〜${b}`,
    dayJoin: "・",
    dash: "〜",
    closed: "定休日：",
    holidays: "祝日",
    everyDay: "年中無休",
    untilOpen: "",
    taxIncluded: "（税込）",
    beforeTax: (a) => `（税抜 ${a}）`,
    from: (a) => `${a}〜`,
    period: { month: (p) => `月額 ${p}`, year: (p) => `年額 ${p}` },
    founded: (y) => `創業 ${y}年`,
  },
  en: {
    locale: "en-US",
    days: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    dayRange: (a, b) => `${a}–${b}`,
    dayJoin: ", ",
    dash: "–",
    closed: "Closed: ",
    holidays: "public holidays",
    everyDay: "Open every day",
    untilOpen: "",
    taxIncluded: " (tax incl.)",
    beforeTax: (a) => ` (${a} before tax)`,
    from: (a) => `from ${a}`,
    period: { month: (p) => `${p} per month`, year: (p) => `${p} per year` },
    founded: (y) => `Since ${y}`,
  },
  pl: {
    locale: "pl-PL",
    days: ["niedziela", "poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota"],
    dayRange: (a, b) => `${a}–${b}`,
    dayJoin: ", ",
    dash: "–",
    closed: "Nieczynne: ",
    holidays: "święta",
    everyDay: "Otwarte codziennie",
    untilOpen: "",
    taxIncluded: " (z podatkiem)",
    beforeTax: (a) => ` (${a} bez podatku)`,
    from: (a) => `od ${a}`,
    period: { month: (p) => `${p} miesięcznie`, year: (p) => `${p} rocznie` },
    founded: (y) => `Od ${y} roku`,
  },
  ro: {
    locale: "ro-RO",
    days: ["duminică", "luni", "marți", "miercuri", "joi", "vineri", "sâmbătă"],
    dayRange: (a, b) => `${a}–${b}`,
    dayJoin: ", ",
    dash: "–",
    closed: "Închis: ",
    holidays: "sărbători legale",
    everyDay: "Deschis zilnic",
    untilOpen: "",
    taxIncluded: " (cu taxe incluse)",
    beforeTax: (a) => ` (${a} fără taxe)`,
    from: (a) => `de la ${a}`,
    period: { month: (p) => `${p} pe lună`, year: (p) => `${p} pe an` },
    founded: (y) => `Din ${y}`,
  },
  ms: {
    locale: "ms-MY",
    days: ["Ahad", "Isnin", "Selasa", "Rabu", "Khamis", "Jumaat", "Sabtu"],
    dayRange: (a, b) => `${a}–${b}`,
    dayJoin: ", ",
    dash: "–",
    closed: "Tutup: ",
    holidays: "cuti umum",
    everyDay: "Buka setiap hari",
    untilOpen: "",
    taxIncluded: " (termasuk cukai)",
    beforeTax: (a) => ` (${a} sebelum cukai)`,
    from: (a) => `dari ${a}`,
    period: { month: (p) => `${p} sebulan`, year: (p) => `${p} setahun` },
    founded: (y) => `Sejak ${y}`,
  },
  id: {
    locale: "id-ID",
    days: ["Minggu", "Senin", "Selasa", "Rabu", "Kamis", "Jumat", "Sabtu"],
    dayRange: (a, b) => `${a}–${b}`,
    dayJoin: ", ",
    dash: "–",
    closed: "Tutup: ",
    holidays: "hari libur nasional",
    everyDay: "Buka setiap hari",
    untilOpen: "",
    taxIncluded: " (termasuk pajak)",
    beforeTax: (a) => ` (${a} sebelum pajak)`,
    from: (a) => `mulai ${a}`,
    period: { month: (p) => `${p} per bulan`, year: (p) => `${p} per tahun` },
    founded: (y) => `Sejak ${y}`,
  },
};

const time = (t: string) => t.replace(/^0(\d)/, "$1");

/** 月〜金 for a run of three or more days, 月・火・木 otherwise; Monday first, Sunday last. */
function dayText(days: number[], w: TFactWords, lang: TLanguage): string {
  const short = (d: number) => (lang === "ja" ? (w.days[d] ?? "").slice(0, 1) : (w.days[d] ?? ""));
  const order = [...new Set(days)].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  const runs: number[][] = [];
  for (const d of order) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last !== undefined && (last + 1) % 7 === d) run.push(d);
    else runs.push([d]);
  }
  return runs
    .map((run) =>
      run.length >= 3
        ? w.dayRange(short(run[0] as number), short(run[run.length - 1] as number))
        : run.map(short).join(w.dayJoin),
    )
    .join(w.dayJoin);
}

/** One line per period ("月〜金 9:00〜18:00"), then closed days, then the owner's notes (own language only). */
export function hoursText(hours: TOpeningHours, lang: TLanguage, sourceLanguage: TLanguage): string[] {
  const w = FACT_WORDS[lang];
  const lines: string[] = [];
  const byDays = new Map<string, string[]>();
  for (const p of hours.periods) {
    const key = p.days.length > 0 && p.days.length < 7 ? dayText(p.days, w, lang) : "";
    const range = p.closes ? `${time(p.opens)}${w.dash}${time(p.closes)}` : `${time(p.opens)}${w.dash}`;
    byDays.set(key, [...(byDays.get(key) ?? []), range]);
  }
  for (const [days, ranges] of byDays)
    lines.push([days, ranges.join(lang === "ja" ? "、" : ", ")].filter(Boolean).join(" "));
  const closedDays = [...new Set(hours.closedDays)].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  const closed = closedDays.map((d) => w.days[d] ?? "");
  if (hours.closedOnHolidays) closed.push(w.holidays);
  if (closed.length > 0) lines.push(`${w.closed}${closed.join(w.dayJoin)}`);
  else if (hours.openEveryDay) lines.push(w.everyDay);
  if (lang === sourceLanguage) lines.push(...hours.notes);
  return lines;
}

/** "4,400円（税込）", "¥6,600 from (tax incl.)"; other currencies as written, without tax words. */
export function priceText(price: TPrice, lang: TLanguage): string {
  const w = FACT_WORDS[lang];
  const format = (amount: number) =>
    price.currency === "JPY" && lang === "ja"
      ? `${new Intl.NumberFormat("ja-JP").format(amount)}円`
      : new Intl.NumberFormat(w.locale, {
          style: "currency",
          currency: price.currency,
          currencyDisplay: "narrowSymbol",
          minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
          maximumFractionDigits: price.currency === "JPY" || price.currency === "IDR" ? 0 : 2,
        }).format(amount);
  const shown = format(priceWithTax(price));
  let text = price.from ? w.from(shown) : shown;
  if (price.currency === "JPY") {
    text += w.taxIncluded;
    if (!price.taxIncluded) text += w.beforeTax(format(price.amount));
  }
  if (price.period) text = w.period[price.period](text);
  return price.unit ? `${price.unit} ${text}` : text;
}

export function foundedText(year: number, lang: TLanguage): string {
  return FACT_WORDS[lang].founded(year);
}

/** A sentence for the about text: 1897年に創業しました。 / Founded in 1897. */
export function foundedSentence(year: number, lang: TLanguage): string {
  const sentences: Record<TLanguage, string> = {
    ja: `${year}年に創業しました。`,
    en: `Founded in ${year}.`,
    pl: `Działamy od ${year} roku.`,
    ro: `Activăm din ${year}.`,
    ms: `Beroperasi sejak ${year}.`,
    id: `Berdiri sejak ${year}.`,
  };
  return sentences[lang];
}
