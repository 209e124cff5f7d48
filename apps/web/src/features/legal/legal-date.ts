/** The date every legal page was last changed (spec §2 Legal pages). */
export const LAST_UPDATED = "2025-01-01";

/** English is written the British way here (1 January 2025); the other languages their own way. */
const LOCALES: Record<string, string> = {
  ja: "ja-JP",
  en: "en-GB",
  pl: "pl-PL",
  ro: "ro-RO",
  ms: "ms-MY",
  id: "id-ID",
};

/** 2025年1月1日 (ja), 1 January 2025 (en), 1 stycznia 2025 (pl)… */
export function formatLegalDate(isoDay: string, language: string): string {
  const [year = 1970, month = 1, day = 1] = isoDay.split("-").map(Number);
  return new Intl.DateTimeFormat(LOCALES[language] ?? language, {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(new Date(Date.UTC(year, month - 1, day)));
}
