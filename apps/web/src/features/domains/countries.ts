/** Countries offered first in the owner's address; any other two-letter code can still be chosen. */
export const COUNTRIES = [
  "JP",
  "KR",
  "CN",
  "TW",
  "HK",
  "SG",
  "MY",
  "ID",
  "TH",
  "VN",
  "PH",
  "IN",
  "AU",
  "NZ",
  "US",
  "CA",
  "GB",
  "DE",
  "FR",
  "PL",
  "RO",
] as const;

const names = new Map<string, Intl.DisplayNames | null>();

/** A country's name in the interface language (日本, Japan, Japonia…), or its code. */
export function countryName(code: string, language: string): string {
  if (!names.has(language)) {
    try {
      names.set(language, new Intl.DisplayNames([language], { type: "region" }));
    } catch {
      names.set(language, null);
    }
  }
  return names.get(language)?.of(code) ?? code;
}
