import { isLanguage, type TLanguage } from "@shobai/shared/constants";
import { useTranslation } from "@/lib/use-translation";

/** The interface language, re-rendering the caller whenever it changes. */
export function useCurrentLanguage(): TLanguage {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : "ja";
}
