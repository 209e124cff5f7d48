import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber, formatShortDate } from "@/lib/format";
import { CHART_COLORS } from "./chart-colors";
import { ChartTooltip } from "./chart-tooltip";

export type AreaSeries<K extends string> = {
  key: K;
  label: string;
  color: string;
  /** Fill opacity at the top and at the bottom of the area. */
  fill: [number, number];
};

interface DailyAreaChartProps<K extends string> {
  /** One row a day: { date, [key]: value }. */
  rows: ({ date: string } & Record<K, number>)[];
  series: AreaSeries<K>[];
  language: string;
  /** Keeps ids of the fills apart when several charts share a page. */
  id: string;
  /** Legend in the order of `series` instead of recharts' sorting by name. */
  legendInSeriesOrder?: boolean;
  initialHeight: number;
}

/** Daily series as soft areas over the range; zero days stay on the axis. Used by analytics and email. */
export function DailyAreaChart<K extends string>({
  rows,
  series,
  language,
  id,
  legendInSeriesOrder = false,
  initialHeight,
}: DailyAreaChartProps<K>) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: initialHeight }}>
      <AreaChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <defs>
          {series.map((s) => (
            <linearGradient key={s.key} id={`${id}-${s.key}-fill`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={s.color} stopOpacity={s.fill[0]} />
              <stop offset="100%" stopColor={s.color} stopOpacity={s.fill[1]} />
            </linearGradient>
          ))}
        </defs>
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
          width={48}
        />
        <Tooltip content={<ChartTooltip language={language} />} />
        <Legend
          verticalAlign="top"
          align="right"
          height={32}
          iconType="circle"
          iconSize={8}
          {...(legendInSeriesOrder ? { itemSorter: null } : {})}
        />
        {series.map((s) => (
          <Area
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            fill={`url(#${id}-${s.key}-fill)`}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </ResponsiveContainer>
  );
}
