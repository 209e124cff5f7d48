import type { TLanguage, TTargetMarket } from "@shobai/shared/constants";

/**
 * The first site languages and target market the forms suggest, from the owner's interface
 * language: a Japanese interface suggests a Japanese site for Japan; an Indonesian one Bahasa
 * Indonesia and English for Asia. The owner can change both.
 */
export function ownerDefaults(ui: TLanguage): { languages: TLanguage[]; market: TTargetMarket } {
  switch (ui) {
    case "ja":
      return { languages: ["ja"], market: "japan" };
    case "en":
      return { languages: ["en", "ja"], market: "japan" };
    case "id":
      return { languages: ["id", "en"], market: "asia" };
    case "ms":
      return { languages: ["ms", "en"], market: "asia" };
    case "pl":
      return { languages: ["pl", "en"], market: "global" };
    case "ro":
      return { languages: ["ro", "en"], market: "global" };
  }
}
