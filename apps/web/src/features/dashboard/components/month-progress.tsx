import type { TDashboardStats } from "@shobai/shared";
import { DASHBOARD_TARGETS, progressPercent } from "@shobai/shared/constants";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber, formatPercent } from "@/lib/format";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";

interface ProgressRowProps {
  id: "leads" | "visits" | "conversion";
  label: string;
  /** What the bar stands for, e.g. "12 / 50". */
  figure: string;
  percent: number;
}

function ProgressRow({ id, label, figure, percent }: ProgressRowProps) {
  const rounded = Math.round(percent);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={`dashboard-progress-${id}-label`} className="font-medium">
          {label}
        </span>
        <span className="tabular-nums text-muted-foreground" data-testid={`dashboard-progress-${id}-figure`}>
          {figure}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`dashboard-progress-${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={figure}
        data-testid={`dashboard-progress-${id}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/**
 * Spec §9: this month's results against fixed targets, each bar capped at 100 %: leads of 50,
 * visits of 1,000, and the conversion rate times ten (10 % fills the bar).
 */
export function MonthProgress({ stats, loading }: { stats: TDashboardStats | undefined; loading: boolean }) {
  const { t } = useTranslation("dashboard");
  const language = useCurrentLanguage();
  const targets = DASHBOARD_TARGETS;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("month.title")}</CardTitle>
        <CardDescription>{t("month.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {stats ? (
          <>
            <ProgressRow
              id="leads"
              label={t("month.leads")}
              figure={`${formatNumber(stats.monthlyLeads, language)} / ${formatNumber(targets.monthlyLeads, language)}`}
              percent={progressPercent(stats.monthlyLeads, targets.monthlyLeads)}
            />
            <ProgressRow
              id="visits"
              label={t("month.visits")}
              figure={`${formatNumber(stats.monthlyVisits, language)} / ${formatNumber(targets.monthlyVisits, language)}`}
              percent={progressPercent(stats.monthlyVisits, targets.monthlyVisits)}
            />
            <ProgressRow
              id="conversion"
              label={t("month.conversion")}
              figure={`${formatPercent(stats.conversionRate, language)} / ${formatPercent(100 / targets.conversionRateFactor, language)}`}
              percent={progressPercent(stats.conversionRate * targets.conversionRateFactor, 100)}
            />
          </>
        ) : !loading ? (
          <p className="text-sm text-muted-foreground">{t("stats.unavailable")}</p>
        ) : (
          [0, 1, 2].map((row) => (
            <div key={row} className="flex flex-col gap-2">
              <div className="flex justify-between">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-4 w-16" />
              </div>
              <Skeleton className="h-2 rounded-full" />
            </div>
          ))
        )}
      </CardContent>
    </Card>
  );
}
