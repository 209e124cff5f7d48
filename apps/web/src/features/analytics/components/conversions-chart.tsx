import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_COLORS } from "@/components/charts/chart-colors";
import type { ChartRow } from "@/components/charts/chart-rows";
import { ChartTooltip } from "@/components/charts/chart-tooltip";
import { formatNumber, formatShortDate } from "@/lib/format";

interface ConversionsChartProps {
  rows: ChartRow<"conversions">[];
  label: string;
  language: string;
}

/** Contact-form submissions a day over the range. */
export function ConversionsChart({ rows, label, language }: ConversionsChartProps) {
  return (
    <div className="h-56 w-full sm:h-64" data-testid="analytics-conversions-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 240 }}>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(date: string) => formatShortDate(date, language)}
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
            width={40}
          />
          <Tooltip
            content={<ChartTooltip language={language} />}
            cursor={{ fill: CHART_COLORS.grid, opacity: 0.5 }}
          />
          <Bar
            dataKey="conversions"
            name={label}
            fill={CHART_COLORS.primary}
            radius={[3, 3, 0, 0]}
            maxBarSize={28}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
