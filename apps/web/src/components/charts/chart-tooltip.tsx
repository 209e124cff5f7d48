import type { TooltipContentProps } from "recharts";
import { formatDate, formatNumber } from "@/lib/format";

type ChartTooltipProps = Partial<TooltipContentProps<number, string>> & { language: string };

/** The hovered day and each series' count, in the interface language's format. */
export function ChartTooltip({ active, payload, label, language }: ChartTooltipProps) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-lg border border-border bg-background px-3 py-2 text-sm shadow-popover">
      <p className="mb-1 font-medium">{formatDate(String(label), language)}</p>
      <ul className="flex flex-col gap-0.5">
        {payload.map((entry) => (
          <li key={String(entry.dataKey)} className="flex items-center gap-2">
            <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: entry.color }} />
            <span className="text-muted-foreground">{entry.name}</span>
            <span className="ml-auto pl-3 font-semibold tabular-nums">
              {formatNumber(Number(entry.value ?? 0), language)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
