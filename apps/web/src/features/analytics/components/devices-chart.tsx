import type { TDeviceKind } from "@shobai/shared/constants";
import { Cell, Pie, PieChart, ResponsiveContainer } from "recharts";
import { CHART_COLORS } from "@/components/charts/chart-colors";

const COLORS: Record<TDeviceKind, string> = {
  mobile: CHART_COLORS.primary,
  desktop: CHART_COLORS.secondary,
  tablet: CHART_COLORS.tertiary,
};

export interface DeviceSlice {
  device: TDeviceKind;
  label: string;
  visitors: number;
}

/** A donut of visitors by device; the legend beside it carries the figures. */
export function DevicesChart({ slices }: { slices: DeviceSlice[] }) {
  return (
    <div className="size-36 shrink-0" aria-hidden>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 144, height: 144 }}>
        <PieChart>
          <Pie
            data={slices}
            dataKey="visitors"
            nameKey="label"
            innerRadius="62%"
            outerRadius="100%"
            paddingAngle={slices.filter((s) => s.visitors > 0).length > 1 ? 2 : 0}
            stroke="none"
            isAnimationActive={false}
          >
            {slices.map((slice) => (
              <Cell key={slice.device} fill={COLORS[slice.device]} />
            ))}
          </Pie>
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

export function deviceColor(device: TDeviceKind): string {
  return COLORS[device];
}
