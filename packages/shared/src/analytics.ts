import { z } from "zod";
import { ANALYTICS_RANGES, DEVICE_KINDS } from "./constants/analytics.ts";
import { CONTACT_SOURCES, CONTACT_STATUSES } from "./constants/crm.ts";
import { findControlCharacter, zText } from "./text.ts";

export * from "./constants/analytics.ts";

export const ZAnalyticsRange = z.enum(ANALYTICS_RANGES);
export type TAnalyticsRange = z.infer<typeof ZAnalyticsRange>;

export const ZAnalyticsQuery = z.object({
  range: z
    .enum(ANALYTICS_RANGES, { error: `range must be one of ${ANALYTICS_RANGES.join(", ")}` })
    .optional()
    .default("30d"),
});

/** One day of a series; `date` is the calendar day in Asia/Tokyo (YYYY-MM-DD). */
export const ZSeriesPoint = z.object({ date: z.string(), value: z.number().int().nonnegative() });
export type TSeriesPoint = z.infer<typeof ZSeriesPoint>;

export const ZDeviceKind = z.enum(DEVICE_KINDS);

export const ZAnalyticsReport = z.object({
  websiteId: z.string(),
  range: ZAnalyticsRange,
  /** First and last day of the range (Asia/Tokyo), inclusive; the last day is today. */
  from: z.string(),
  to: z.string(),
  /** Daily unique visitors: a visitor is recognised within one day only (the salt rotates daily). */
  visitors: z.array(ZSeriesPoint),
  pageviews: z.array(ZSeriesPoint),
  /** Visits (sessions) per day; a visit ends after 30 minutes without a pageview. */
  visits: z.array(ZSeriesPoint),
  /** Contact-form submissions per day. */
  conversions: z.array(ZSeriesPoint),
  totals: z.object({
    visitors: z.number().int().nonnegative(),
    pageviews: z.number().int().nonnegative(),
    visits: z.number().int().nonnegative(),
    conversions: z.number().int().nonnegative(),
  }),
  /** Conversions per visit, in percent with one decimal (3.2 means 3.2 %). */
  conversionRate: z.number().nonnegative(),
  /** Mean visit length in whole seconds. */
  avgSessionTime: z.number().int().nonnegative(),
  /** Visits with a single pageview, in percent with one decimal. */
  bounceRate: z.number().nonnegative(),
  topPages: z.array(z.object({ path: z.string(), pageviews: z.number().int(), visitors: z.number().int() })),
  /** Referrer host names; visits that arrived without one are not listed. */
  topReferrers: z.array(z.object({ referrer: z.string(), visits: z.number().int() })),
  devices: z.array(z.object({ device: ZDeviceKind, visitors: z.number().int() })),
  /** Visitors' browser languages (primary subtag, e.g. "ja"). */
  languages: z.array(z.object({ language: z.string(), visitors: z.number().int() })),
  realtime: z.object({
    /** Distinct visitors with an event in the last 5 minutes. */
    visitors: z.number().int().nonnegative(),
    pages: z.array(z.object({ path: z.string(), visitors: z.number().int() })),
  }),
});
export type TAnalyticsReport = z.infer<typeof ZAnalyticsReport>;

/** GET /api/dashboard/stats: both of the spec's readings, computed from real data. "This month" is Asia/Tokyo. */
export const ZDashboardStats = z.object({
  totalWebsites: z.number().int().nonnegative(),
  /** Published websites. */
  activeWebsites: z.number().int().nonnegative(),
  totalContacts: z.number().int().nonnegative(),
  /**
   * Leads this month: contacts whose first source is a site's contact form and who first came in
   * this month (issue 20). Imports and contacts added by hand are not leads.
   */
  monthlyLeads: z.number().int().nonnegative(),
  /** Contacts created this month by their first source, as counted (optional for older fixtures). */
  monthlyContactsBySource: z.record(z.enum(CONTACT_SOURCES), z.number().int().nonnegative()).optional(),
  /** This month's leads by their status now, as counted. */
  monthlyLeadsByStatus: z.record(z.enum(CONTACT_STATUSES), z.number().int().nonnegative()).optional(),
  /** Visits to the owner's sites this month. */
  monthlyVisits: z.number().int().nonnegative(),
  /** This month's form conversions per visit, in percent with one decimal. */
  conversionRate: z.number().nonnegative(),
  /** All-time sums of daily visitors and of pageviews over the owner's sites. */
  totalVisitors: z.number().int().nonnegative(),
  totalPageviews: z.number().int().nonnegative(),
  /** Emails sent (campaigns and one-off); 0 until the email feature sends. */
  totalEmails: z.number().int().nonnegative(),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;

/** What the tracker sends (text/plain JSON via sendBeacon). Anything else is dropped. */
export const ZCollectEvent = z.object({
  k: z.enum(["pageview", "leave"]),
  p: zText("p").min(1).max(500),
  r: zText("r").max(2000).optional(),
  w: z.number().int().min(0).max(100_000).optional(),
  l: zText("l").max(35).optional(),
  /** Milliseconds the page was visible (leave events). */
  d: z.number().int().min(0).max(86_400_000).optional(),
});
export type TCollectEvent = z.infer<typeof ZCollectEvent>;

/** Text ZCollectEvent's zText(…).max(max) takes (min: at least that many UTF-16 units). */
function beaconText(value: unknown, max: number, min = 0): value is string {
  return (
    typeof value === "string" &&
    value.length >= min &&
    value.length <= max &&
    findControlCharacter(value) === -1
  );
}

/** A number ZCollectEvent's z.number().int().min(0).max(max) takes. */
function beaconInt(value: unknown, max: number): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= max;
}

/**
 * ZCollectEvent without zod, for the beacon endpoint's thousands of events a second: the same
 * rules and the same result (the known keys only), or null where ZCollectEvent refuses the input.
 * `analytics.test.ts` holds the two to the same answers; change them together.
 */
export function collectEventOf(input: unknown): TCollectEvent | null {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return null;
  const { k, p, r, w, l, d } = input as Record<string, unknown>;
  if ((k !== "pageview" && k !== "leave") || !beaconText(p, 500, 1)) return null;
  const event: TCollectEvent = { k, p };
  if (r !== undefined) {
    if (!beaconText(r, 2000)) return null;
    event.r = r;
  }
  if (w !== undefined) {
    if (!beaconInt(w, 100_000)) return null;
    event.w = w;
  }
  if (l !== undefined) {
    if (!beaconText(l, 35)) return null;
    event.l = l;
  }
  if (d !== undefined) {
    if (!beaconInt(d, 86_400_000)) return null;
    event.d = d;
  }
  return event;
}

/** The dashboard's first-run checklist (issue 20): each step from real state. */
export const ZFirstRun = z.object({
  steps: z.object({
    createSite: z.boolean(),
    publishSite: z.boolean(),
    enquiryAlert: z.boolean(),
    verifySender: z.boolean(),
    /** Someone else belongs to the workspace or was invited (issue 24). */
    inviteTeammate: z.boolean(),
  }),
  /** The owner hid the checklist. */
  dismissed: z.boolean(),
  /** The website to open for the alert address (the newest), if any. */
  firstWebsiteId: z.string().nullable(),
});
export type TFirstRun = z.infer<typeof ZFirstRun>;

/** Form enquiries the owner has not looked at yet (the badge on CRM). */
export const ZUnreadEnquiries = z.object({ count: z.number().int().nonnegative() });
export type TUnreadEnquiries = z.infer<typeof ZUnreadEnquiries>;
