import { useTranslation } from "@/lib/use-translation";
import { LegalPage } from "../components/legal-page";
import { useProseSections } from "../use-prose-sections";

/** The nine sections of the terms (spec §2 Legal pages). */
export const TERMS_SECTIONS = [
  "service",
  "account",
  "trial",
  "payment",
  "cancellation",
  "content",
  "acceptableUse",
  "liability",
  "law",
] as const;

/** /terms */
export default function TermsPage() {
  const { t } = useTranslation("legal");
  const sections = useProseSections("terms", TERMS_SECTIONS);
  return (
    <LegalPage name="terms" title={t("terms.title")} intro={<p>{t("terms.intro")}</p>} sections={sections} />
  );
}
