import { LanguageSwitcher } from "@/components/language-switcher";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useTranslation } from "@/lib/use-translation";

/** The interface language, saved locally and on the account (the switcher does both). */
export function LanguageCard() {
  const { t } = useTranslation("profile");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("language.title")}</CardTitle>
        <CardDescription>{t("language.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <LanguageSwitcher label={t("language.title")} testId="profile-language-select" className="sm:w-72" />
      </CardContent>
    </Card>
  );
}
