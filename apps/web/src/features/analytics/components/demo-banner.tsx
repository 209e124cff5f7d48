import { DemoBanner as SharedDemoBanner } from "@/components/demo-banner";
import { useTranslation } from "@/lib/use-translation";

export function DemoBanner() {
  const { t } = useTranslation("analytics");
  return (
    <SharedDemoBanner
      title={t("demo.title")}
      description={t("demo.description")}
      signUpLabel={t("demo.signUp")}
      testId="analytics"
    />
  );
}
