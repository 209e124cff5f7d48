import type { TLanguage } from "@shobai/shared/constants";

/** Ticking adds a language at the end (the first stays the default); unticking removes it. */
export function toggleLanguage(selected: TLanguage[], language: TLanguage, checked: boolean): TLanguage[] {
  if (checked) return selected.includes(language) ? selected : [...selected, language];
  return selected.filter((l) => l !== language);
}
