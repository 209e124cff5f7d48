import type { TAnalyticsRange } from "@shobai/shared";
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from "@shobai/shared/constants";
import { CalendarRange, type LucideIcon, Mail, MailOpen, MousePointerClick } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { demoDeliveryStats } from "@/demo/email";
import { formatNumber, formatPercent } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { useDeliveryStats } from "../api/delivery-stats";

/** recharts comes with this tab only, not with the campaign list. */
const DeliveryChart = lazy(() => import("./delivery-chart"));

function isRange(value: string): value is TAnalyticsRange {
  return (ANALYTICS_RANGES as readonly string[]).includes(value);
}

function Total({
  label,
  value,
  hint,
  icon: Icon,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  icon: LucideIcon;
  testId: string;
}) {
  return (
    <Card className="flex min-w-0 flex-col p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="truncate text-sm font-medium text-muted-foreground">{label}</p>
        <Icon className="hidden size-4 shrink-0 text-muted-foreground sm:block" aria-hidden />
      </div>
      <p
        className="mt-1 text-xl font-bold tabular-nums sm:mt-1.5 sm:text-2xl"
        data-testid={`delivery-total-${testId}`}
      >
        {value}
      </p>
      {hint ? <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}

const chartSkeleton = <Skeleton className="h-64 w-full sm:h-80" />;

/** The delivery analytics tab: sent, opened and clicked per day over 7, 30 or 90 days, with totals. */
export function DeliveryPanel({ signedIn, language }: { signedIn: boolean; language: string }) {
  const { t } = useTranslation("email");
  const [range, setRange] = useState<TAnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const query = useDeliveryStats(range, { enabled: signedIn });
  const demo = useMemo(() => (signedIn ? null : demoDeliveryStats(range)), [signedIn, range]);
  const stats = signedIn ? query.data : (demo ?? undefined);

  const totals = stats?.totals;
  const rate = (part: number) => (totals && totals.sent > 0 ? (part / totals.sent) * 100 : 0);

  return (
    <div className="flex flex-col gap-4" data-testid="delivery-panel">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{t("analytics.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("analytics.description")}</p>
        </div>
        <Select value={range} onValueChange={(value) => isRange(value) && setRange(value)}>
          <SelectTrigger className="sm:w-48" aria-label={t("analytics.range")} data-testid="delivery-range">
            <span className="flex min-w-0 items-center gap-2">
              <CalendarRange className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="truncate">
                <SelectValue />
              </span>
            </span>
          </SelectTrigger>
          <SelectContent>
            {ANALYTICS_RANGES.map((value) => (
              <SelectItem key={value} value={value} data-testid={`delivery-range-${value}`}>
                {t(`analytics.ranges.${value}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {signedIn && query.isError && !stats ? (
        <Alert variant="destructive" className="items-center justify-between">
          <span>{t("analytics.loadFailed")}</span>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t("actions.retry")}
          </Button>
        </Alert>
      ) : (
        <>
          <div className="grid grid-cols-3 gap-2 sm:gap-4">
            {totals ? (
              <>
                <Total
                  label={t("analytics.sent")}
                  value={formatNumber(totals.sent, language)}
                  icon={Mail}
                  testId="sent"
                />
                <Total
                  label={t("analytics.opened")}
                  value={formatNumber(totals.opened, language)}
                  hint={t("analytics.openRate", { rate: formatPercent(rate(totals.opened), language) })}
                  icon={MailOpen}
                  testId="opened"
                />
                <Total
                  label={t("analytics.clicked")}
                  value={formatNumber(totals.clicked, language)}
                  hint={t("analytics.clickRate", { rate: formatPercent(rate(totals.clicked), language) })}
                  icon={MousePointerClick}
                  testId="clicked"
                />
              </>
            ) : (
              [0, 1, 2].map((i) => (
                <Card key={i} className="flex flex-col gap-2.5 p-3 sm:p-4">
                  <Skeleton className="h-4 w-20" />
                  <Skeleton className="h-8 w-16" />
                </Card>
              ))
            )}
          </div>
          <Card className="p-4 sm:p-6">
            {!stats ? (
              chartSkeleton
            ) : stats.totals.sent === 0 ? (
              <p className="py-16 text-center text-sm text-muted-foreground" data-testid="delivery-empty">
                {t("analytics.empty")}
              </p>
            ) : (
              <Suspense fallback={chartSkeleton}>
                <DeliveryChart
                  stats={stats}
                  language={language}
                  labels={{
                    sent: t("analytics.sent"),
                    opened: t("analytics.opened"),
                    clicked: t("analytics.clicked"),
                    chart: t("analytics.chartLabel"),
                  }}
                />
              </Suspense>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
