/** Dates are shown in the ja-JP format, in Tokyo time, whatever the interface language (design.md). */
const dateFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "long",
  day: "numeric",
});

const dateTimeFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 2025年1月15日 */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : "";
}

/** 2025/01/15 09:30:00 */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : "";
}

const yenNumber = new Intl.NumberFormat("ja-JP", { maximumFractionDigits: 0 });

/** Integer JPY as ¥4,980 (the half-width yen sign, which every font has). */
export function formatJpy(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  return `${sign}¥${yenNumber.format(Math.abs(Math.round(amount)))}`;
}

const shortDateFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  month: "numeric",
  day: "numeric",
});

/** 1/15, for chart axes. Takes a Tokyo calendar day (YYYY-MM-DD) or any date. */
export function formatShortDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? shortDateFormat.format(date) : "";
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, fractionDigits: number, style: "decimal" | "percent") {
  const key = `${language}|${fractionDigits}|${style}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** A count in the interface language's digits grouping: 12,345 (ja, en), 12 345 (pl), 12.345 (id). */
export function formatNumber(value: number, language: string): string {
  return numberFormat(language, 0, "decimal").format(value);
}

/** A percentage given in percent (3.2 → 3.2%, or 3,2% in Polish), one decimal unless told. */
export function formatPercent(percent: number, language: string, fractionDigits = 1): string {
  return numberFormat(language, fractionDigits, "percent").format(percent / 100);
}

const timeFormat = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** 09:30:05, Tokyo time. */
export function formatTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : "";
}
