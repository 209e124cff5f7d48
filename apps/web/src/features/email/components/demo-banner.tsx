import { DemoBanner as SharedDemoBanner } from "@/components/demo-banner";
import { useTranslation } from "@/lib/use-translation";

/** Signed-out visitors see sample campaigns or a sample service status; this says so. */
export function DemoBanner({ screen }: { screen: "email" | "email-management" }) {
  const { t } = useTranslation("email");
  return (
    <SharedDemoBanner
      title={t("demo.title")}
      description={t(screen === "email" ? "demo.description" : "demo.managementDescription")}
      signUpLabel={t("demo.signUp")}
      testId={screen}
    />
  );
}
