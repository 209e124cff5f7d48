import type { TDashboardStats } from "@shobai/shared";
import { ChartColumn, Inbox, type LucideIcon, MonitorSmartphone, Users } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber, formatPercent } from "@/lib/format";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";

type StatKey = "totalWebsites" | "totalContacts" | "monthlyLeads" | "monthlyVisits";

const STATS: { key: StatKey; icon: LucideIcon }[] = [
  { key: "totalWebsites", icon: MonitorSmartphone },
  { key: "totalContacts", icon: Users },
  { key: "monthlyLeads", icon: Inbox },
  { key: "monthlyVisits", icon: ChartColumn },
];

/** The four headline figures (spec §2, §3); skeletons until they arrive, dashes if they cannot. */
export function StatCards({ stats, loading }: { stats: TDashboardStats | undefined; loading: boolean }) {
  const { t } = useTranslation("dashboard");
  const language = useCurrentLanguage();

  const note = (key: StatKey, data: TDashboardStats) => {
    switch (key) {
      case "totalWebsites":
        return t("stats.notes.published", { value: formatNumber(data.activeWebsites, language) });
      case "totalContacts":
        return t("stats.notes.contacts");
      case "monthlyLeads":
        return t("stats.notes.thisMonth");
      case "monthlyVisits":
        return t("stats.notes.conversion", { rate: formatPercent(data.conversionRate, language) });
    }
  };

  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {STATS.map(({ key, icon: Icon }) => (
        <Card key={key} className="flex min-w-0 flex-col p-4 sm:p-5">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-muted-foreground">{t(`stats.${key}`)}</p>
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          </div>
          {stats ? (
            <>
              <p
                className="mt-2 text-2xl font-bold tabular-nums sm:text-3xl"
                data-testid={`dashboard-stat-${key}`}
              >
                {formatNumber(stats[key], language)}
              </p>
              <p className="mt-1 text-xs text-muted-foreground">{note(key, stats)}</p>
            </>
          ) : !loading ? (
            <p className="mt-2 text-2xl font-bold text-foreground/30 sm:text-3xl" aria-hidden>
              —
            </p>
          ) : (
            <div className="mt-2 flex flex-col gap-2" data-testid="dashboard-stat-skeleton">
              <Skeleton className="h-8 w-16 sm:h-9" />
              <Skeleton className="h-4 w-24" />
            </div>
          )}
        </Card>
      ))}
    </div>
  );
}
