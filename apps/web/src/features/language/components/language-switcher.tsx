import { useTranslation } from "react-i18next";
import { LanguageSelect } from "@/components/ui/language-select";
import { useCurrentLanguage } from "../hooks/use-current-language";
import { useSetLanguage } from "../hooks/use-set-language";

interface LanguageSwitcherProps {
  compact?: boolean;
  /** Accessible name; defaults to "Language" in the interface language. */
  label?: string;
  testId?: string;
  className?: string;
}

export function LanguageSwitcher({ compact, label, testId, className }: LanguageSwitcherProps) {
  const { t } = useTranslation("common");
  const language = useCurrentLanguage();
  const setLanguage = useSetLanguage();
  return (
    <LanguageSelect
      value={language}
      onValueChange={(next) => void setLanguage(next)}
      label={label ?? t("language.label")}
      compact={compact}
      testId={testId}
      className={className}
    />
  );
}
