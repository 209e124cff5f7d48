import { useTranslation } from "@/lib/use-translation";
import { LegalPage } from "../components/legal-page";
import { useProseSections } from "../use-prose-sections";

/** The ten sections of the privacy policy (spec §2 Legal pages, §9 retention facts). */
export const PRIVACY_SECTIONS = [
  "collect",
  "purpose",
  "legalBasis",
  "cookies",
  "sharing",
  "retention",
  "rights",
  "children",
  "transfers",
  "contact",
] as const;

/** /privacy */
export default function PrivacyPage() {
  const { t } = useTranslation("legal");
  const sections = useProseSections("privacy", PRIVACY_SECTIONS);
  return (
    <LegalPage
      name="privacy"
      title={t("privacy.title")}
      intro={<p>{t("privacy.intro")}</p>}
      sections={sections}
    />
  );
}
