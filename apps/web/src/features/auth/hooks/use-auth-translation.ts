import { useMemo } from "react";
import { useTranslation } from "@/lib/use-translation";

/**
 * Spec §1: the sign-in screen shows only Japanese or English; every other interface language
 * falls back to English there. Re-renders when the language changes.
 */
export function useAuthTranslation() {
  const { i18n } = useTranslation("auth");
  const language = i18n.resolvedLanguage === "ja" ? "ja" : "en";
  const t = useMemo(() => i18n.getFixedT(language, "auth"), [i18n, language]);
  return { t, language } as const;
}
