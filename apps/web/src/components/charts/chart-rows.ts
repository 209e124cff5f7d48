import type { TSeriesPoint } from "@shobai/shared";

export type ChartRow<K extends string> = { date: string } & Record<K, number>;

/**
 * Lines several daily series up by day for one chart: one row a day, oldest first, with 0 for
 * a day a series lacks (the server sends every day; this keeps a chart whole if one did not).
 */
export function mergeSeries<K extends string>(series: Record<K, TSeriesPoint[]>): ChartRow<K>[] {
  const keys = Object.keys(series) as K[];
  const byDate = new Map<string, ChartRow<K>>();
  for (const key of keys) {
    for (const point of series[key]) {
      let row = byDate.get(point.date);
      if (!row) {
        row = { date: point.date, ...Object.fromEntries(keys.map((k) => [k, 0])) } as ChartRow<K>;
        byDate.set(point.date, row);
      }
      (row as Record<K, number>)[key] = point.value;
    }
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** True when nothing at all was counted over the range: a new site nobody has opened yet. */
export function isEmptySeries(...series: TSeriesPoint[][]): boolean {
  return series.every((points) => points.every((p) => p.value === 0));
}
