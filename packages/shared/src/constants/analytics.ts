/** Report ranges of /analytics; 30d is the default. */
export const ANALYTICS_RANGES = ["7d", "30d", "90d"] as const;
export type TAnalyticsRangeValue = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: TAnalyticsRangeValue = "30d";
export const RANGE_DAYS: Record<TAnalyticsRangeValue, number> = { "7d": 7, "30d": 30, "90d": 90 };

/** Device classes, from the screen width the tracker reports. */
export const DEVICE_KINDS = ["mobile", "tablet", "desktop"] as const;
export type TDeviceKind = (typeof DEVICE_KINDS)[number];

/** Spec §9: the dashboard's this-month progress bars and their targets. */
export const DASHBOARD_TARGETS = { monthlyLeads: 50, monthlyVisits: 1000, conversionRateFactor: 10 } as const;

/** Percentage (0–100) of a progress bar; never above 100 nor below 0. */
export function progressPercent(value: number, target: number): number {
  if (!Number.isFinite(value) || target <= 0) return 0;
  return Math.max(0, Math.min(100, (value / target) * 100));
}

/** Spec §9: the conversions tab splits monthly leads 80 % inquiries / 20 % deals. */
export function splitLeads(monthlyLeads: number): { inquiries: number; deals: number } {
  const inquiries = Math.round(monthlyLeads * 0.8);
  return { inquiries, deals: monthlyLeads - inquiries };
}
