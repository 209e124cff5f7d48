import type { TDashboardStats } from "@shobai/shared";
import { CONTACT_STATUSES, type TContactSource } from "@shobai/shared/constants";

/** Leads (the form) first, then what the owner brought in. */
const SOURCES: readonly TContactSource[] = ["website_form", "manual", "import"];

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";

/**
 * This month's new contacts by where they came from, and the leads among them by status: counted,
 * never derived by a ratio (issue 20). Only form enquiries are leads.
 */
export function ContactsBreakdown({
  stats,
  loading,
}: {
  stats: TDashboardStats | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation(["dashboard", "crm"]);
  const language = useCurrentLanguage();
  const bySource = stats?.monthlyContactsBySource;
  const byStatus = stats?.monthlyLeadsByStatus;
  return (
    <Card data-testid="dashboard-breakdown">
      <CardHeader>
        <CardTitle>{t("breakdown.title")}</CardTitle>
        <CardDescription>{t("breakdown.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        {!bySource || !byStatus ? (
          loading ? (
            <>
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </>
          ) : null
        ) : (
          <>
            <section aria-labelledby="breakdown-source">
              <h3 id="breakdown-source" className="mb-2 text-sm font-semibold">
                {t("breakdown.bySource")}
              </h3>
              <dl className="grid gap-1.5 text-sm">
                {SOURCES.map((source) => (
                  <div key={source} className="flex items-baseline justify-between gap-3">
                    <dt className="text-muted-foreground">{t(`breakdown.sources.${source}`)}</dt>
                    <dd className="font-semibold tabular-nums" data-testid={`dashboard-source-${source}`}>
                      {formatNumber(bySource[source] ?? 0, language)}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
            <section aria-labelledby="breakdown-status">
              <h3 id="breakdown-status" className="mb-2 text-sm font-semibold">
                {t("breakdown.byStatus")}
              </h3>
              <dl className="grid gap-1.5 text-sm">
                {CONTACT_STATUSES.map((status) => (
                  <div key={status} className="flex items-baseline justify-between gap-3">
                    <dt className="text-muted-foreground">{t(`crm:status.${status}`)}</dt>
                    <dd className="font-semibold tabular-nums" data-testid={`dashboard-status-${status}`}>
                      {formatNumber(byStatus[status] ?? 0, language)}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
