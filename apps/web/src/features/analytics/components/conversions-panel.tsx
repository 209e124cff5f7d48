import type { TAnalyticsReport } from "@shobai/shared";
import { CONTACT_STATUSES, splitLeads, type TContactStatus } from "@shobai/shared/constants";
import { Handshake, MessageSquareText, MousePointerClick, Percent, Send } from "lucide-react";
import { useMemo } from "react";
import { CHART_COLORS } from "@/components/charts/chart-colors";
import { isEmptySeries, mergeSeries } from "@/components/charts/chart-rows";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber, formatPercent } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { ConversionsChart } from "./conversions-chart";
import { StatTile } from "./stat-tile";
import { ZeroDataHint } from "./zero-data-hint";

interface LeadsSplitProps {
  /** This month's leads over the whole account; undefined while loading or if unavailable. */
  monthlyLeads: number | undefined;
  /** The owner's leads by status, as counted; absent for the signed-out sample data. */
  leadsByStatus?: Partial<Record<TContactStatus, number>> | undefined;
  loading: boolean;
  language: string;
}

const STATUS_COLORS: Record<TContactStatus, string> = {
  new: CHART_COLORS.primary,
  active: CHART_COLORS.secondary,
  qualified: "#b7791f",
  converted: "#1f7a4d",
  closed: "#6b7280",
};

/**
 * This month's leads. An owner's are split by their status as counted (issue 20); only the sample
 * data for signed-out visitors keeps the spec's fixed 80 % inquiries / 20 % deals.
 */
function LeadsSplit({ monthlyLeads, leadsByStatus, loading, language }: LeadsSplitProps) {
  const { t } = useTranslation(["analytics", "crm"]);
  const body = () => {
    if (monthlyLeads === undefined) {
      return loading ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-3 w-full rounded-full" />
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("conversions.leadsUnavailable")}</p>
      );
    }
    if (leadsByStatus)
      return <CountedSplit total={monthlyLeads} byStatus={leadsByStatus} language={language} />;
    const { inquiries, deals } = splitLeads(monthlyLeads);
    const rows = [
      { key: "inquiries", value: inquiries, icon: MessageSquareText, color: CHART_COLORS.primary, share: 80 },
      { key: "deals", value: deals, icon: Handshake, color: CHART_COLORS.secondary, share: 20 },
    ] as const;
    return (
      <div className="flex flex-col gap-4">
        <p className="text-3xl font-bold tabular-nums" data-testid="analytics-leads-total">
          {formatNumber(monthlyLeads, language)}
        </p>
        <div className="flex h-3 overflow-hidden rounded-full bg-muted" aria-hidden>
          {monthlyLeads > 0
            ? rows.map((row) => (
                <div key={row.key} style={{ width: `${row.share}%`, backgroundColor: row.color }} />
              ))
            : null}
        </div>
        <ul className="flex flex-col gap-2.5">
          {rows.map(({ key, value, icon: Icon, color, share }) => (
            <li key={key} className="flex items-center gap-3 text-sm">
              <span
                aria-hidden
                className="size-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: color }}
              />
              <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="flex-1">
                {t(`conversions.${key}`)}
                <span className="ml-1.5 text-muted-foreground">{formatPercent(share, language, 0)}</span>
              </span>
              <span className="font-semibold tabular-nums" data-testid={`analytics-leads-${key}`}>
                {formatNumber(value, language)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("conversions.leadsTitle")}</CardTitle>
        <CardDescription>
          {t(leadsByStatus ? "conversions.leadsDescriptionCounted" : "conversions.leadsDescription")}
        </CardDescription>
      </CardHeader>
      <CardContent>{body()}</CardContent>
    </Card>
  );
}

/** The owner's leads by status: each figure counted, the bar in proportion to the counts. */
function CountedSplit({
  total,
  byStatus,
  language,
}: {
  total: number;
  byStatus: Partial<Record<TContactStatus, number>>;
  language: string;
}) {
  const { t } = useTranslation(["analytics", "crm"]);
  return (
    <div className="flex flex-col gap-4" data-testid="analytics-leads-counted">
      <p className="text-3xl font-bold tabular-nums" data-testid="analytics-leads-total">
        {formatNumber(total, language)}
      </p>
      <div className="flex h-3 overflow-hidden rounded-full bg-muted" aria-hidden>
        {total > 0
          ? CONTACT_STATUSES.map((status) => (
              <div
                key={status}
                style={{
                  width: `${((byStatus[status] ?? 0) / total) * 100}%`,
                  backgroundColor: STATUS_COLORS[status],
                }}
              />
            ))
          : null}
      </div>
      <ul className="flex flex-col gap-2.5">
        {CONTACT_STATUSES.map((status) => (
          <li key={status} className="flex items-center gap-3 text-sm">
            <span
              aria-hidden
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: STATUS_COLORS[status] }}
            />
            <span className="flex-1">{t(`crm:status.${status}`)}</span>
            <span className="font-semibold tabular-nums" data-testid={`analytics-leads-${status}`}>
              {formatNumber(byStatus[status] ?? 0, language)}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">{t("analytics:conversions.countedNote")}</p>
    </div>
  );
}

interface ConversionsPanelProps {
  report: TAnalyticsReport;
  monthlyLeads: number | undefined;
  leadsByStatus?: Partial<Record<TContactStatus, number>> | undefined;
  leadsLoading: boolean;
  language: string;
}

/** Contact-form submissions over the range, the rate, and this month's leads split. */
export function ConversionsPanel({
  report,
  monthlyLeads,
  leadsByStatus,
  leadsLoading,
  language,
}: ConversionsPanelProps) {
  const { t } = useTranslation("analytics");
  const rows = useMemo(() => mergeSeries({ conversions: report.conversions }), [report.conversions]);
  return (
    <div className="flex flex-col gap-4">
      {isEmptySeries(report.visits) ? <ZeroDataHint /> : null}
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <StatTile
          testId="conversions"
          icon={Send}
          label={t("stats.conversions")}
          value={formatNumber(report.totals.conversions, language)}
        />
        <StatTile
          testId="visits-detail"
          icon={MousePointerClick}
          label={t("stats.visits")}
          value={formatNumber(report.totals.visits, language)}
        />
        <StatTile
          className="col-span-2 sm:col-span-1"
          testId="conversion-rate-detail"
          icon={Percent}
          label={t("stats.conversionRate")}
          value={formatPercent(report.conversionRate, language)}
          hint={t("conversions.rateHint")}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>{t("conversions.chartTitle")}</CardTitle>
            <CardDescription>{t("conversions.chartDescription")}</CardDescription>
          </CardHeader>
          <CardContent className="px-2 sm:px-6">
            <ConversionsChart rows={rows} label={t("stats.conversions")} language={language} />
          </CardContent>
        </Card>
        <LeadsSplit
          monthlyLeads={monthlyLeads}
          leadsByStatus={leadsByStatus}
          loading={leadsLoading}
          language={language}
        />
      </div>
    </div>
  );
}
