import type { TAnalyticsReport } from "@shobai/shared";
import { Eye, MousePointerClick, Percent, Timer, Undo2, Users } from "lucide-react";
import { useMemo } from "react";
import { isEmptySeries, mergeSeries } from "@/components/charts/chart-rows";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber, formatPercent } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { formatDuration } from "../format-duration";
import { StatTile } from "./stat-tile";
import { TrendChart } from "./trend-chart";
import { ZeroDataHint } from "./zero-data-hint";

/** The range at a glance: six figures and visitors and pageviews a day. */
export function OverviewPanel({ report, language }: { report: TAnalyticsReport; language: string }) {
  const { t } = useTranslation("analytics");
  const rows = useMemo(
    () => mergeSeries({ visitors: report.visitors, pageviews: report.pageviews }),
    [report.visitors, report.pageviews],
  );
  const empty = isEmptySeries(report.visitors, report.pageviews);
  return (
    <div className="flex flex-col gap-4">
      {empty ? <ZeroDataHint /> : null}
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6">
        <StatTile
          testId="visitors"
          icon={Users}
          label={t("stats.visitors")}
          value={formatNumber(report.totals.visitors, language)}
        />
        <StatTile
          testId="pageviews"
          icon={Eye}
          label={t("stats.pageviews")}
          value={formatNumber(report.totals.pageviews, language)}
        />
        <StatTile
          testId="visits"
          icon={MousePointerClick}
          label={t("stats.visits")}
          value={formatNumber(report.totals.visits, language)}
        />
        <StatTile
          testId="conversion-rate"
          icon={Percent}
          label={t("stats.conversionRate")}
          value={formatPercent(report.conversionRate, language)}
        />
        <StatTile
          testId="avg-session-time"
          icon={Timer}
          label={t("stats.avgSessionTime")}
          value={formatDuration(report.avgSessionTime, language)}
        />
        <StatTile
          testId="bounce-rate"
          icon={Undo2}
          label={t("stats.bounceRate")}
          value={formatPercent(report.bounceRate, language)}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("overview.chartTitle")}</CardTitle>
          <CardDescription>{t("overview.chartDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="px-2 sm:px-6">
          <TrendChart
            rows={rows}
            language={language}
            labels={{ visitors: t("stats.visitors"), pageviews: t("stats.pageviews") }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
