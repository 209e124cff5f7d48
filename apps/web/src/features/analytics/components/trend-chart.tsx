import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber, formatShortDate } from "@/lib/format";
import { CHART_COLORS } from "../chart-colors";
import type { ChartRow } from "../chart-rows";
import { ChartTooltip } from "./chart-tooltip";

interface TrendChartProps {
  rows: ChartRow<"visitors" | "pageviews">[];
  labels: { visitors: string; pageviews: string };
  language: string;
}

/** Visitors and pageviews a day over the range; zero days stay on the axis. */
export function TrendChart({ rows, labels, language }: TrendChartProps) {
  return (
    <div className="h-64 w-full sm:h-72" data-testid="analytics-trend-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 280 }}>
        <AreaChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="analytics-pageviews-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={CHART_COLORS.secondary} stopOpacity={0.45} />
              <stop offset="100%" stopColor={CHART_COLORS.secondary} stopOpacity={0.05} />
            </linearGradient>
            <linearGradient id="analytics-visitors-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={CHART_COLORS.primary} stopOpacity={0.3} />
              <stop offset="100%" stopColor={CHART_COLORS.primary} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(date: string) => formatShortDate(date)}
            tick={{ fill: CHART_COLORS.axis, fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: CHART_COLORS.grid }}
            minTickGap={24}
          />
          <YAxis
            allowDecimals={false}
            tickFormatter={(value: number) => formatNumber(value, language)}
            tick={{ fill: CHART_COLORS.axis, fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={48}
          />
          <Tooltip content={<ChartTooltip language={language} />} />
          <Legend verticalAlign="top" align="right" height={32} iconType="circle" iconSize={8} />
          <Area
            type="monotone"
            dataKey="pageviews"
            name={labels.pageviews}
            stroke={CHART_COLORS.secondary}
            strokeWidth={2}
            fill="url(#analytics-pageviews-fill)"
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="visitors"
            name={labels.visitors}
            stroke={CHART_COLORS.primary}
            strokeWidth={2}
            fill="url(#analytics-visitors-fill)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
