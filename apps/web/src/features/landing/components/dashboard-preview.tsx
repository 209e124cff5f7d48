import { LANGUAGE_NATIVE_NAMES } from "@shobai/shared/constants";
import { ArrowRight, ChartColumn, Globe, Mail, MonitorSmartphone, Users } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DEMO_ANALYTICS_SITES, demoAnalyticsReport } from "@/demo/analytics";
import { DEMO_CONTACTS } from "@/demo/crm";
import { DEMO_CAMPAIGNS } from "@/demo/email";
import { DEMO_WEBSITES } from "@/demo/websites";
import { formatNumber, formatPercent } from "@/lib/format";
import { inNameOrder } from "@/lib/name-order";
import { hardNavigate } from "@/lib/navigation";
import { useTranslation } from "@/lib/use-translation";

export const PREVIEW_TABS = [
  { id: "websites", icon: MonitorSmartphone },
  { id: "crm", icon: Users },
  { id: "email", icon: Mail },
  { id: "domains", icon: Globe },
  { id: "analytics", icon: ChartColumn },
] as const;
type TPreviewTab = (typeof PREVIEW_TABS)[number]["id"];

/** Every button in the preview leads to sign-in (spec §2): a full page load through the server. */
function LoginButton({ tab, children }: { tab: TPreviewTab; children: string }) {
  return (
    <Button
      variant="outline"
      size="sm"
      data-testid={`preview-cta-${tab}`}
      onClick={() => hardNavigate("/api/login")}
    >
      {children}
      <ArrowRight aria-hidden />
    </Button>
  );
}

function PanelHeader({ tab, title }: { tab: TPreviewTab; title: string }) {
  const { t } = useTranslation("landing");
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h3 className="text-base font-semibold text-foreground">{title}</h3>
      <LoginButton tab={tab}>{t(`preview.${tab}.cta`)}</LoginButton>
    </div>
  );
}

function WebsitesPanel() {
  const { t } = useTranslation(["landing", "websites"]);
  return (
    <>
      <PanelHeader tab="websites" title={t("preview.websites.title")} />
      <ul className="grid gap-3 md:grid-cols-3">
        {DEMO_WEBSITES.map((site) => (
          <li key={site.id} className="rounded-lg border border-border bg-background p-4">
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold text-foreground">{site.name}</p>
              <Badge variant="success">{t("preview.websites.active")}</Badge>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">
              {t(`websites:categories.${site.businessType}`, { defaultValue: site.businessType })}
            </p>
            <div className="mt-3 flex flex-wrap gap-1.5">
              {site.languages.map((language) => (
                <Badge key={language} variant="outline" lang={language}>
                  {LANGUAGE_NATIVE_NAMES[language]}
                </Badge>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function CrmPanel() {
  const { t, i18n } = useTranslation(["landing", "crm"]);
  return (
    <>
      <PanelHeader tab="crm" title={t("preview.crm.title")} />
      <ul className="divide-y divide-border rounded-lg border border-border bg-background">
        {DEMO_CONTACTS.slice(0, 4).map((contact) => (
          <li key={contact.id} className="flex items-center gap-3 px-4 py-3">
            <span
              aria-hidden
              className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-semibold text-primary"
            >
              {contact.lastName.slice(0, 1)}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-foreground">
                {inNameOrder(i18n.language, contact.firstName, contact.lastName).join(" ")}
              </p>
              <p className="truncate text-xs text-muted-foreground">{contact.company}</p>
            </div>
            <Badge variant={contact.status === "converted" ? "success" : "secondary"}>
              {t(`crm:status.${contact.status}`)}
            </Badge>
          </li>
        ))}
      </ul>
    </>
  );
}

function EmailPanel() {
  const { t, i18n } = useTranslation(["landing", "email"]);
  return (
    <>
      <PanelHeader tab="email" title={t("preview.email.title")} />
      <ul className="grid gap-3">
        {DEMO_CAMPAIGNS.slice(0, 3).map((campaign) => (
          <li
            key={campaign.id}
            className="grid gap-3 rounded-lg border border-border bg-background p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <p className="truncate text-sm font-medium text-foreground">{campaign.name}</p>
                <Badge variant={campaign.state === "active" ? "success" : "muted"}>
                  {t(`email:state.${campaign.state}`)}
                </Badge>
              </div>
              <p className="mt-1 truncate text-xs text-muted-foreground">{campaign.subject}</p>
            </div>
            <dl className="grid grid-cols-3 gap-4 text-xs sm:text-right">
              <div>
                <dt className="text-muted-foreground">{t("preview.email.sent")}</dt>
                <dd className="font-semibold tabular-nums">
                  {formatNumber(campaign.stats.emailsSent, i18n.language)}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("preview.email.openRate")}</dt>
                <dd className="font-semibold tabular-nums">
                  {formatPercent(campaign.stats.openRate, i18n.language)}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("preview.email.clickRate")}</dt>
                <dd className="font-semibold tabular-nums">
                  {formatPercent(campaign.stats.clickRate, i18n.language)}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Which sample site answers on which custom domain, and whether its DNS record has been found. */
const DEMO_SITE_DOMAINS: Record<string, { hostname: string; status: "verified" | "pending" }> = {
  "demo-sakura-ramen": { hostname: "www.sakura-ramen.jp", status: "verified" },
  "demo-midori-dental": { hostname: "midori-dental.jp", status: "verified" },
  "demo-yamada-law": { hostname: "www.yamada-law.jp", status: "pending" },
};

function DomainsPanel() {
  const { t } = useTranslation("landing");
  return (
    <>
      <PanelHeader tab="domains" title={t("preview.domains.title")} />
      <ul className="divide-y divide-border rounded-lg border border-border bg-background">
        {DEMO_WEBSITES.map((site) => {
          const custom = DEMO_SITE_DOMAINS[site.id];
          return (
            <li
              key={site.id}
              className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-foreground">{site.name}</p>
                <p className="mt-0.5 truncate text-xs text-muted-foreground">
                  {t("preview.domains.shobaiAddress")}{" "}
                  <code className="rounded bg-muted px-1.5 py-0.5">/s/{site.slug}</code>
                </p>
              </div>
              {custom ? (
                <div className="flex min-w-0 flex-wrap items-center gap-2 sm:justify-end">
                  <code className="break-all text-xs font-semibold text-foreground">{custom.hostname}</code>
                  <Badge variant={custom.status === "verified" ? "success" : "secondary"}>
                    {t(`preview.domains.${custom.status}`)}
                  </Badge>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-sm text-muted-foreground">{t("preview.domains.note")}</p>
    </>
  );
}

const WEEKDAY_FORMAT = (language: string) =>
  new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" });

function AnalyticsPanel() {
  const { t, i18n } = useTranslation("landing");
  const site = DEMO_ANALYTICS_SITES[0] ?? { id: "demo-sakura-ramen", name: "" };
  const [report] = useState(() => demoAnalyticsReport(site.id, "7d"));
  const max = Math.max(1, ...report.visitors.map((p) => p.value));
  const weekday = WEEKDAY_FORMAT(i18n.language);
  const tiles = [
    { key: "visitors", value: formatNumber(report.totals.visitors, i18n.language) },
    { key: "pageviews", value: formatNumber(report.totals.pageviews, i18n.language) },
    { key: "conversionRate", value: formatPercent(report.conversionRate, i18n.language) },
  ];
  return (
    <>
      <PanelHeader tab="analytics" title={t("preview.analytics.title", { site: site.name })} />
      <dl className="grid grid-cols-3 gap-3">
        {tiles.map(({ key, value }) => (
          <div key={key} className="rounded-lg border border-border bg-background p-3">
            <dt className="text-xs text-muted-foreground">{t(`preview.analytics.${key}`)}</dt>
            <dd className="mt-1 text-lg font-bold tabular-nums text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
      <figure className="mt-3 rounded-lg border border-border bg-background p-4">
        <figcaption className="mb-3 text-xs text-muted-foreground">{t("preview.analytics.chart")}</figcaption>
        <ul className="flex h-32 items-end gap-2">
          {report.visitors.map((point) => (
            <li key={point.date} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
              <span
                className="w-full rounded-t bg-gradient-to-t from-brand-600 to-brand-400"
                style={{ height: `${Math.round((point.value / max) * 100)}%` }}
                title={`${point.date}: ${point.value}`}
              />
              <span className="text-[0.6875rem] text-muted-foreground">
                {weekday.format(new Date(`${point.date}T00:00:00Z`))}
              </span>
            </li>
          ))}
        </ul>
      </figure>
    </>
  );
}

/** The tabbed dashboard preview (spec §2): sample data only, nothing is fetched. */
export function DashboardPreview() {
  const { t } = useTranslation("landing");
  const [tab, setTab] = useState<TPreviewTab>("websites");
  return (
    <section
      id="preview"
      aria-labelledby="preview-title"
      className="mx-auto max-w-[1200px] px-4 py-16 sm:px-6 sm:py-24"
      data-testid="dashboard-preview"
    >
      <div className="max-w-[40em]">
        <p className="text-sm font-semibold text-primary">{t("preview.eyebrow")}</p>
        <h2 id="preview-title" className="mt-2 text-3xl font-bold text-foreground sm:text-4xl">
          {t("preview.title")}
        </h2>
        <p className="mt-4 text-base text-muted-foreground">{t("preview.subtitle")}</p>
      </div>
      <Tabs
        value={tab}
        onValueChange={(next) => setTab(next as TPreviewTab)}
        className="mt-10 rounded-2xl border border-border bg-muted/40 p-3 shadow-card sm:p-5"
      >
        <div className="-mx-3 overflow-x-auto px-3 sm:mx-0 sm:px-0">
          <TabsList aria-label={t("preview.tabsLabel")} className="w-max">
            {PREVIEW_TABS.map(({ id, icon: Icon }) => (
              <TabsTrigger key={id} value={id} data-testid={`preview-tab-${id}`}>
                <Icon className="size-4" aria-hidden />
                {t(`preview.tabs.${id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <p className="mt-3 text-xs text-muted-foreground">{t("preview.sampleNote")}</p>
        <div className="mt-3">
          <TabsContent value="websites" data-testid="preview-panel-websites">
            <WebsitesPanel />
          </TabsContent>
          <TabsContent value="crm" data-testid="preview-panel-crm">
            <CrmPanel />
          </TabsContent>
          <TabsContent value="email" data-testid="preview-panel-email">
            <EmailPanel />
          </TabsContent>
          <TabsContent value="domains" data-testid="preview-panel-domains">
            <DomainsPanel />
          </TabsContent>
          <TabsContent value="analytics" data-testid="preview-panel-analytics">
            <AnalyticsPanel />
          </TabsContent>
        </div>
      </Tabs>
    </section>
  );
}
