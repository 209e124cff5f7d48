import { TriangleAlert } from "lucide-react";
import { useTranslation } from "@/lib/use-translation";

/** Spec §9: at websiteCount >= websiteLimit the owner is told why no more sites can be made. */
export function WebsiteLimitWarning({ limit }: { limit: number }) {
  const { t } = useTranslation("subscription");
  return (
    <div
      role="status"
      data-testid="website-limit-warning"
      className="flex gap-3 rounded-lg border border-amber-300 bg-warning-soft px-4 py-3 text-sm text-amber-950"
    >
      <TriangleAlert className="mt-1 size-4 shrink-0 text-amber-600" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold">{t("alerts.websiteLimitTitle")}</p>
        <p>{t("alerts.websiteLimit", { limit })}</p>
      </div>
    </div>
  );
}
