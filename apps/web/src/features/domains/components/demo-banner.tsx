import { DemoBanner as SharedDemoBanner } from "@/components/demo-banner";
import { useTranslation } from "@/lib/use-translation";

/** Signed-out visitors see a sample status, domains and connections; this says so. */
export function DemoBanner() {
  const { t } = useTranslation("domains");
  return (
    <SharedDemoBanner
      title={t("demo.title")}
      description={t("demo.description")}
      signUpLabel={t("demo.signUp")}
      testId="domains"
    />
  );
}
