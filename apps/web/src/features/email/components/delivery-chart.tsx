import type { TDeliveryStats } from "@shobai/shared";
import { mergeSeries } from "@/components/charts/chart-rows";
import { DailyAreaChart } from "@/components/charts/daily-area-chart";

/** Light to dark along the funnel: sent, opened, clicked (shades of the one accent). */
const SERIES = { sent: "#97a8e3", opened: "#4c61c4", clicked: "#1f2756" } as const;

interface DeliveryChartProps {
  stats: TDeliveryStats;
  labels: { sent: string; opened: string; clicked: string; chart: string };
  language: string;
}

/** Sent, opened and clicked a day over the range (recharts; loaded only with this tab). */
export default function DeliveryChart({ stats, labels, language }: DeliveryChartProps) {
  const rows = mergeSeries({ sent: stats.sent, opened: stats.opened, clicked: stats.clicked });
  return (
    <div className="h-64 w-full sm:h-80" data-testid="delivery-chart" role="img" aria-label={labels.chart}>
      <DailyAreaChart
        id="delivery"
        rows={rows}
        language={language}
        initialHeight={300}
        legendInSeriesOrder
        series={[
          { key: "sent", label: labels.sent, color: SERIES.sent, fill: [0.35, 0.04] },
          { key: "opened", label: labels.opened, color: SERIES.opened, fill: [0.3, 0.03] },
          { key: "clicked", label: labels.clicked, color: SERIES.clicked, fill: [0.35, 0.03] },
        ]}
      />
    </div>
  );
}
