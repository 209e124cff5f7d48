import type { TAnalyticsReport } from "@shobai/shared";
import { Radio } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber, formatTime } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { type RankedItem, RankedList } from "./ranked-list";

interface RealtimePanelProps {
  realtime: TAnalyticsReport["realtime"];
  language: string;
  /** When the figures were read (ms since epoch); omitted for sample data. */
  updatedAt?: number;
}

/** Who is on the site now: visitors in the last 5 minutes and the pages they have open. */
export function RealtimePanel({ realtime, language, updatedAt }: RealtimePanelProps) {
  const { t } = useTranslation("analytics");
  const pages: RankedItem[] = realtime.pages.map((p) => ({ key: p.path, label: p.path, value: p.visitors }));
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <Card className="flex flex-col">
        <CardHeader>
          <div className="flex items-center gap-2">
            <span className="relative flex size-2.5" aria-hidden>
              {realtime.visitors > 0 ? (
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
              ) : null}
              <span
                className={
                  realtime.visitors > 0
                    ? "relative inline-flex size-2.5 rounded-full bg-success"
                    : "relative inline-flex size-2.5 rounded-full bg-muted-foreground/50"
                }
              />
            </span>
            <CardTitle>{t("realtime.title")}</CardTitle>
          </div>
          <CardDescription>{t("realtime.description")}</CardDescription>
        </CardHeader>
        <CardContent className="mt-auto">
          <p className="text-5xl font-bold tabular-nums" data-testid="analytics-realtime-visitors">
            {formatNumber(realtime.visitors, language)}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{t("realtime.visitorsLabel")}</p>
          <p className="mt-4 flex items-center gap-1.5 text-xs text-muted-foreground">
            <Radio className="size-3.5" aria-hidden />
            {updatedAt ? t("realtime.updated", { time: formatTime(updatedAt) }) : t("realtime.refresh")}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("realtime.pagesTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <RankedList
            items={pages}
            language={language}
            empty={t("realtime.nobody")}
            testId="analytics-realtime-pages"
          />
        </CardContent>
      </Card>
    </div>
  );
}
