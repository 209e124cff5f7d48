import type { TAnalyticsReport } from "@shobai/shared";
import { DEVICE_KINDS, isLanguage, LANGUAGE_NATIVE_NAMES } from "@shobai/shared/constants";
import { Monitor, Smartphone, Tablet } from "lucide-react";
import { isEmptySeries } from "@/components/charts/chart-rows";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber, formatPercent } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { type DeviceSlice, DevicesChart, deviceColor } from "./devices-chart";
import { type RankedItem, RankedList } from "./ranked-list";
import { TopPagesTable } from "./top-pages-table";
import { ZeroDataHint } from "./zero-data-hint";

const DEVICE_ICONS = { mobile: Smartphone, desktop: Monitor, tablet: Tablet } as const;

/** A browser language code in the reader's language ("en" → "英語"), or the code if unknown. */
function languageName(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: "language" }).of(code);
    if (name && name !== code) return name;
  } catch {
    // An odd code from a browser: show it as sent.
  }
  return isLanguage(code) ? LANGUAGE_NATIVE_NAMES[code] : code;
}

/** Where visitors go and come from, on what and in which language. */
export function TrafficPanel({ report, language }: { report: TAnalyticsReport; language: string }) {
  const { t } = useTranslation("analytics");
  const byDevice = new Map(report.devices.map((d) => [d.device, d.visitors]));
  const slices: DeviceSlice[] = DEVICE_KINDS.map((device) => ({
    device,
    label: t(`traffic.devices.${device}`),
    visitors: byDevice.get(device) ?? 0,
  })).sort((a, b) => b.visitors - a.visitors);
  const deviceTotal = slices.reduce((n, s) => n + s.visitors, 0);

  const referrers: RankedItem[] = report.topReferrers.map((r) => ({
    key: r.referrer,
    label: r.referrer,
    value: r.visits,
  }));
  const languages: RankedItem[] = report.languages.map((l) => ({
    key: l.language,
    label: languageName(l.language, language),
    value: l.visitors,
  }));

  return (
    <div className="flex flex-col gap-4">
      {isEmptySeries(report.pageviews) ? <ZeroDataHint /> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("traffic.topPages")}</CardTitle>
          </CardHeader>
          <CardContent>
            <TopPagesTable pages={report.topPages} language={language} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("traffic.referrers")}</CardTitle>
          </CardHeader>
          <CardContent>
            <RankedList
              items={referrers}
              language={language}
              empty={t("traffic.noReferrers")}
              testId="analytics-referrers"
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("traffic.devicesTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            {deviceTotal === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">{t("traffic.noData")}</p>
            ) : (
              <div className="flex flex-col items-center gap-6 sm:flex-row" data-testid="analytics-devices">
                <DevicesChart slices={slices} />
                <ul className="flex w-full flex-col gap-3">
                  {slices.map((slice) => {
                    const Icon = DEVICE_ICONS[slice.device];
                    return (
                      <li key={slice.device} className="flex items-center gap-3 text-sm">
                        <span
                          aria-hidden
                          className="size-2.5 shrink-0 rounded-full"
                          style={{ backgroundColor: deviceColor(slice.device) }}
                        />
                        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                        <span className="flex-1">{slice.label}</span>
                        <span className="font-medium tabular-nums">
                          {formatNumber(slice.visitors, language)}
                        </span>
                        <span className="w-12 text-right text-muted-foreground tabular-nums">
                          {formatPercent((slice.visitors / deviceTotal) * 100, language, 0)}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("traffic.languages")}</CardTitle>
          </CardHeader>
          <CardContent>
            <RankedList
              items={languages}
              language={language}
              empty={t("traffic.noData")}
              testId="analytics-languages"
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
