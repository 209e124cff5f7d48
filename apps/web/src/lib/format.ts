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
