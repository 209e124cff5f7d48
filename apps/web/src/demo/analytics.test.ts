import { RANGE_DAYS } from "@shobai/shared/constants";
import { describe, expect, it } from "vitest";
import { DEMO_ANALYTICS_SITES, DEMO_CONVERSION_RATE, demoAnalyticsReport } from "./analytics";

describe("demoAnalyticsReport", () => {
  // 2025-01-15 20:00 UTC is already 16 January in Tokyo.
  const now = new Date("2025-01-15T20:00:00Z");

  it("covers every day of the range up to today in Tokyo, at the spec's 3.2 % conversion rate", () => {
    for (const range of ["7d", "30d", "90d"] as const) {
      const report = demoAnalyticsReport(DEMO_ANALYTICS_SITES[0]?.id ?? "", range, now);
      expect(report.visitors).toHaveLength(RANGE_DAYS[range]);
      expect(report.to).toBe("2025-01-16");
      expect(report.visitors.at(-1)?.date).toBe("2025-01-16");
      expect(report.conversionRate).toBe(DEMO_CONVERSION_RATE);
      expect(report.totals.visitors).toBe(report.visitors.reduce((n, p) => n + p.value, 0));
      expect(report.totals.conversions).toBe(report.conversions.reduce((n, p) => n + p.value, 0));
      const rate = (report.totals.conversions / report.totals.visits) * 100;
      expect(rate).toBeGreaterThan(2.5);
      expect(rate).toBeLessThan(3.5);
    }
  });

  it("shows the same figures for the same day whatever the range", () => {
    const id = DEMO_ANALYTICS_SITES[1]?.id ?? "";
    const week = demoAnalyticsReport(id, "7d", now);
    const month = demoAnalyticsReport(id, "30d", now);
    expect(month.visitors.slice(-7)).toEqual(week.visitors);
  });
});
