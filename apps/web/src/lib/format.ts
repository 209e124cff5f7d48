import { i18n } from "./i18n";

/**
 * Dates and numbers in the interface language's own way (design.md: ja-JP for ja), dates in Tokyo
 * time. Every formatter takes the language, or uses the interface's current one: components that
 * show these re-render through `useTranslation` when it changes.
 */

/** The Intl locale of each interface language. English is written the British way (1 January 2025). */
const INTL_LOCALES: Record<string, string> = {
  ja: "ja-JP",
  en: "en-GB",
  pl: "pl-PL",
  ro: "ro-RO",
  ms: "ms-MY",
  id: "id-ID",
};

/** The Intl locale for an interface language (ja-JP for ja); the interface's own when none is given. */
export function intlLocale(language: string = currentLanguage()): string {
  return INTL_LOCALES[language] ?? INTL_LOCALES.ja ?? "ja-JP";
}

function currentLanguage(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? "ja";
}

const TOKYO = "Asia/Tokyo";
const DATE_OPTIONS = {
  date: { timeZone: TOKYO, year: "numeric", month: "long", day: "numeric" },
  dateTime: {
    timeZone: TOKYO,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  },
  shortDate: { timeZone: TOKYO, month: "numeric", day: "numeric" },
  time: { timeZone: TOKYO, hour: "2-digit", minute: "2-digit", second: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type DateStyle = keyof typeof DATE_OPTIONS;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(style: DateStyle, language: string): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  const key = `${style}|${locale}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, DATE_OPTIONS[style]);
    dateFormats.set(key, format);
  }
  return format;
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function formatAs(style: DateStyle, value: Date | string | number, language: string): string {
  const date = toDate(value);
  return date ? dateFormat(style, language).format(date) : "";
}

/** 2025年1月15日 (ja), 15 January 2025 (en), 15 stycznia 2025 (pl). */
export function formatDate(value: Date | string | number, language: string = currentLanguage()): string {
  return formatAs("date", value, language);
}

/** 2025/01/15 09:30:00 (ja), 15/01/2025, 09:30:00 (en). */
export function formatDateTime(value: Date | string | number, language: string = currentLanguage()): string {
  return formatAs("dateTime", value, language);
}

/** 1/15 (ja), 15/01 (en), for chart axes. Takes a Tokyo calendar day (YYYY-MM-DD) or any date. */
export function formatShortDate(value: Date | string | number, language: string = currentLanguage()): string {
  return formatAs("shortDate", value, language);
}

/** 09:30:05, Tokyo time. */
export function formatTime(value: Date | string | number, language: string = currentLanguage()): string {
  return formatAs("time", value, language);
}

const yenNumber = new Intl.NumberFormat("ja-JP", { maximumFractionDigits: 0 });

/**
 * Integer JPY as ¥4,980 (the half-width yen sign, which every font has) in every language: the
 * amount is the one on the invoice, written as yen prices are written.
 */
export function formatJpy(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  return `${sign}¥${yenNumber.format(Math.abs(Math.round(amount)))}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, fractionDigits: number, style: "decimal" | "percent") {
  const locale = intlLocale(language);
  const key = `${locale}|${fractionDigits}|${style}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** A count in the interface language's digits grouping: 12,345 (ja, en), 12 345 (pl), 12.345 (id). */
export function formatNumber(value: number, language: string = currentLanguage()): string {
  return numberFormat(language, 0, "decimal").format(value);
}

/** A percentage given in percent (3.2 → 3.2%, or 3,2% in Polish), one decimal unless told. */
export function formatPercent(
  percent: number,
  language: string = currentLanguage(),
  fractionDigits = 1,
): string {
  return numberFormat(language, fractionDigits, "percent").format(percent / 100);
}
