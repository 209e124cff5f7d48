import { useTranslation } from "@/lib/use-translation";
import { LegalPage } from "../components/legal-page";
import { useProseSections } from "../use-prose-sections";

/** Spec §2 Legal pages: exactly these six. */
export const SECURITY_SECTIONS = [
  "encryption",
  "accessControl",
  "infrastructure",
  "monitoring",
  "compliance",
  "incidents",
] as const;

/** /security */
export default function SecurityPage() {
  const { t } = useTranslation("legal");
  const sections = useProseSections("security", SECURITY_SECTIONS);
  return (
    <LegalPage
      name="security"
      title={t("security.title")}
      intro={<p>{t("security.intro")}</p>}
      sections={sections}
    />
  );
}
