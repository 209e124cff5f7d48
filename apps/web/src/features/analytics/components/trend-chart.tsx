import { CHART_COLORS } from "@/components/charts/chart-colors";
import type { ChartRow } from "@/components/charts/chart-rows";
import { DailyAreaChart } from "@/components/charts/daily-area-chart";

interface TrendChartProps {
  rows: ChartRow<"visitors" | "pageviews">[];
  labels: { visitors: string; pageviews: string };
  language: string;
}

/** Visitors and pageviews a day over the range; zero days stay on the axis. */
export function TrendChart({ rows, labels, language }: TrendChartProps) {
  return (
    <div className="h-64 w-full sm:h-72" data-testid="analytics-trend-chart">
      <DailyAreaChart
        id="analytics"
        rows={rows}
        language={language}
        initialHeight={280}
        series={[
          { key: "pageviews", label: labels.pageviews, color: CHART_COLORS.secondary, fill: [0.45, 0.05] },
          { key: "visitors", label: labels.visitors, color: CHART_COLORS.primary, fill: [0.3, 0.02] },
        ]}
      />
    </div>
  );
}
