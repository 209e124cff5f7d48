import { DOMAIN_PERIOD_MAX } from "@shobai/shared";

/** 1 to 10 years (spec §9: default 1). */
export const PERIODS = Array.from({ length: DOMAIN_PERIOD_MAX }, (_, i) => i + 1);

const formats = new Map<string, Intl.NumberFormat>();

/** "1 year", "3 lata", "3 年": the language's own plural rules, without plural keys in the locales. */
export function formatYears(years: number, language: string): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: "unit", unit: "year", unitDisplay: "long" });
    formats.set(language, format);
  }
  return format.format(years).replace(/(\d) 年/, "$1年");
}
