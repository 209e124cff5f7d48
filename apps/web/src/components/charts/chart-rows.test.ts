import { describe, expect, it } from "vitest";
import { isEmptySeries, mergeSeries } from "@/components/charts/chart-rows";

describe("mergeSeries", () => {
  it("lines series up by day, oldest first, with 0 where a series has no point", () => {
    const rows = mergeSeries({
      visitors: [
        { date: "2025-01-16", value: 4 },
        { date: "2025-01-15", value: 3 },
      ],
      pageviews: [
        { date: "2025-01-15", value: 9 },
        { date: "2025-01-17", value: 2 },
      ],
    });
    expect(rows).toEqual([
      { date: "2025-01-15", visitors: 3, pageviews: 9 },
      { date: "2025-01-16", visitors: 4, pageviews: 0 },
      { date: "2025-01-17", visitors: 0, pageviews: 2 },
    ]);
  });

  it("keeps every zero day of a new site, so the chart spans the whole range", () => {
    const days = ["2025-01-13", "2025-01-14", "2025-01-15"];
    const zero = days.map((date) => ({ date, value: 0 }));
    const rows = mergeSeries({ visitors: zero, pageviews: zero });
    expect(rows.map((r) => r.date)).toEqual(days);
    expect(rows.every((r) => r.visitors === 0 && r.pageviews === 0)).toBe(true);
    expect(isEmptySeries(zero, zero)).toBe(true);
    expect(isEmptySeries(zero, [{ date: "2025-01-15", value: 1 }])).toBe(false);
  });
});
