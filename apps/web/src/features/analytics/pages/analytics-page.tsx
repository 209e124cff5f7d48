import type { TAnalyticsRange, TAnalyticsReport } from "@shobai/shared";
import { DEFAULT_ANALYTICS_RANGE } from "@shobai/shared/constants";
import { Activity, ChartArea, Radio, Target } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DEMO_ANALYTICS_SITES, DEMO_MONTHLY_LEADS, demoAnalyticsReport } from "@/demo/analytics";
import { isUnauthorizedError } from "@/lib/api-error";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useLoginRedirect } from "@/lib/use-login-redirect";
import { useTranslation } from "@/lib/use-translation";
import { useDashboardStats } from "@/queries/dashboard-stats";
import { useUser } from "@/queries/user";
import { useWebsites } from "@/queries/websites";
import { useAnalyticsReport } from "../api/get-analytics-report";
import { PageSkeleton, ReportSkeleton } from "../components/analytics-skeleton";
import { AnalyticsToolbar } from "../components/analytics-toolbar";
import { ConversionsPanel } from "../components/conversions-panel";
import { DemoBanner } from "../components/demo-banner";
import { EmptyState } from "../components/empty-state";
import { LoadError } from "../components/load-error";
import { OverviewPanel } from "../components/overview-panel";
import { RealtimePanel } from "../components/realtime-panel";
import { TrafficPanel } from "../components/traffic-panel";

const TABS = ["overview", "traffic", "conversions", "realtime"] as const;
type AnalyticsTab = (typeof TABS)[number];

const TAB_ICONS = { overview: ChartArea, traffic: Activity, conversions: Target, realtime: Radio } as const;

/** While the realtime tab is open its figures are read again this often. */
export const REALTIME_REFRESH_MS = 15_000;

function isTab(value: string): value is AnalyticsTab {
  return (TABS as readonly string[]).includes(value);
}

/**
 * /analytics (spec §2 Analytics): one website's visitors, traffic, conversions and who is on it
 * now, over 7, 30 or 90 days. Signed-out visitors see sample figures and make no data calls.
 */
export default function AnalyticsPage() {
  const { t } = useTranslation("analytics");
  const language = useCurrentLanguage();
  const { user, isLoading: userLoading } = useUser();
  const signedIn = user !== null;

  const [chosenWebsite, setChosenWebsite] = useState<string | null>(null);
  const [range, setRange] = useState<TAnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const [tab, setTab] = useState<AnalyticsTab>("overview");

  const websites = useWebsites({ enabled: signedIn });
  const sites = signedIn ? (websites.data ?? []) : DEMO_ANALYTICS_SITES;
  // The first website until the owner picks another (or the picked one is gone).
  const websiteId = sites.find((s) => s.id === chosenWebsite)?.id ?? sites[0]?.id ?? null;

  const live = signedIn && websiteId !== null;
  const report = useAnalyticsReport(websiteId, range, {
    enabled: live,
    refetchInterval: tab === "realtime" ? REALTIME_REFRESH_MS : false,
  });
  const stats = useDashboardStats({ enabled: signedIn && tab === "conversions" });
  // The session ended while the screen was open: same toast and redirect as the dashboard (spec §8).
  useLoginRedirect(signedIn && [websites.error, report.error, stats.error].some(isUnauthorizedError));

  const demoReport = useMemo(
    () => (signedIn || websiteId === null ? null : demoAnalyticsReport(websiteId, range)),
    [signedIn, websiteId, range],
  );
  const shown: TAnalyticsReport | undefined = signedIn ? report.data : (demoReport ?? undefined);

  const { refetch } = report;
  // Realtime is about now: opening its tab reads at once rather than at the next 15 s tick.
  useEffect(() => {
    if (tab === "realtime" && live) void refetch();
  }, [tab, live, refetch]);

  const changeTab = (value: string) => {
    if (isTab(value)) setTab(value);
  };

  const panel = (render: (data: TAnalyticsReport) => ReactNode) => {
    if (shown) return render(shown);
    if (report.isError) {
      return <LoadError message={t("errors.report")} onRetry={() => void report.refetch()} />;
    }
    return <ReportSkeleton />;
  };

  const content = () => {
    if (userLoading || (signedIn && websites.isLoading)) return <PageSkeleton />;
    if (signedIn && websites.isError) {
      return <LoadError message={t("errors.websites")} onRetry={() => void websites.refetch()} />;
    }
    if (websiteId === null) return <EmptyState />;
    return (
      <div className="flex flex-col gap-5">
        <AnalyticsToolbar
          websites={sites}
          websiteId={websiteId}
          onWebsiteChange={setChosenWebsite}
          range={range}
          onRangeChange={setRange}
        />
        <Tabs value={tab} onValueChange={changeTab}>
          <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto">
            {TABS.map((value) => {
              const Icon = TAB_ICONS[value];
              return (
                <TabsTrigger key={value} value={value} data-testid={`analytics-tab-${value}`}>
                  <Icon className="size-4" aria-hidden />
                  {t(`tabs.${value}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <TabsContent value="overview" className="mt-5">
            {panel((data) => (
              <OverviewPanel report={data} language={language} />
            ))}
          </TabsContent>
          <TabsContent value="traffic" className="mt-5">
            {panel((data) => (
              <TrafficPanel report={data} language={language} />
            ))}
          </TabsContent>
          <TabsContent value="conversions" className="mt-5">
            {panel((data) => (
              <ConversionsPanel
                report={data}
                language={language}
                monthlyLeads={signedIn ? stats.data?.monthlyLeads : DEMO_MONTHLY_LEADS}
                // Counted for an owner; the fixed 80/20 split is for the sample data only.
                leadsByStatus={signedIn ? (stats.data?.monthlyLeadsByStatus ?? {}) : undefined}
                leadsLoading={signedIn && stats.isLoading}
              />
            ))}
          </TabsContent>
          <TabsContent value="realtime" className="mt-5">
            {panel((data) => (
              <RealtimePanel
                realtime={data.realtime}
                language={language}
                updatedAt={signedIn ? report.dataUpdatedAt : undefined}
              />
            ))}
          </TabsContent>
        </Tabs>
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-6" data-testid="analytics-page">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
        <p className="mt-1 max-w-[48em] text-muted-foreground">{t("subtitle")}</p>
      </div>
      {!userLoading && !signedIn ? <DemoBanner /> : null}
      {content()}
    </div>
  );
}
