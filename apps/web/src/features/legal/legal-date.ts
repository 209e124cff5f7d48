import { intlLocale } from "@/lib/format";

/** The date every legal page was last changed (spec §2 Legal pages). */
export const LAST_UPDATED = "2025-01-01";

/** 2025年1月1日 (ja), 1 January 2025 (en), 1 stycznia 2025 (pl)… */
export function formatLegalDate(isoDay: string, language: string): string {
  const [year = 1970, month = 1, day = 1] = isoDay.split("-").map(Number);
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(new Date(Date.UTC(year, month - 1, day)));
}
