import type { TDeliveryStats } from "@shobai/shared";
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_COLORS } from "@/features/analytics/chart-colors";
import { mergeSeries } from "@/features/analytics/chart-rows";
import { ChartTooltip } from "@/features/analytics/components/chart-tooltip";
import { formatNumber, formatShortDate } from "@/lib/format";

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
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 300 }}>
        <AreaChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="delivery-sent-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={SERIES.sent} stopOpacity={0.35} />
              <stop offset="100%" stopColor={SERIES.sent} stopOpacity={0.04} />
            </linearGradient>
            <linearGradient id="delivery-opened-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={SERIES.opened} stopOpacity={0.3} />
              <stop offset="100%" stopColor={SERIES.opened} stopOpacity={0.03} />
            </linearGradient>
            <linearGradient id="delivery-clicked-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={SERIES.clicked} stopOpacity={0.35} />
              <stop offset="100%" stopColor={SERIES.clicked} stopOpacity={0.03} />
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
          <Legend
            verticalAlign="top"
            align="right"
            height={32}
            iconType="circle"
            iconSize={8}
            itemSorter={null}
          />
          <Area
            type="monotone"
            dataKey="sent"
            name={labels.sent}
            stroke={SERIES.sent}
            strokeWidth={2}
            fill="url(#delivery-sent-fill)"
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="opened"
            name={labels.opened}
            stroke={SERIES.opened}
            strokeWidth={2}
            fill="url(#delivery-opened-fill)"
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="clicked"
            name={labels.clicked}
            stroke={SERIES.clicked}
            strokeWidth={2}
            fill="url(#delivery-clicked-fill)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
