import { Info } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { useTranslation } from "@/lib/use-translation";

/** A new site: the empty charts are right, and this says when they fill. */
export function ZeroDataHint() {
  const { t } = useTranslation("analytics");
  return (
    <Alert variant="info" data-testid="analytics-zero-hint">
      <Info aria-hidden />
      <span>{t("zero")}</span>
    </Alert>
  );
}
