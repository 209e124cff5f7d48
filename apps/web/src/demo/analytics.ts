import type { TAnalyticsRange, TAnalyticsReport, TSeriesPoint } from "@shobai/shared";
import { RANGE_DAYS } from "@shobai/shared/constants";

/** Spec §9: the sample analytics show a 3.2 % conversion rate. */
export const DEMO_CONVERSION_RATE = 3.2;

/** This month's leads across the sample account, split 80/20 on the conversions tab. */
export const DEMO_MONTHLY_LEADS = 35;

interface DemoSite {
  id: string;
  name: string;
  /** Typical daily visitors, and how each weekday (Sunday first) compares. */
  visitorsPerDay: number;
  weekday: [number, number, number, number, number, number, number];
  pagesPerVisit: number;
  avgSessionTime: number;
  bounceRate: number;
  pages: [string, number][];
  referrers: [string, number][];
}

const SITES: DemoSite[] = [
  {
    id: "demo-sakura-ramen",
    name: "さくらラーメン",
    visitorsPerDay: 140,
    weekday: [1.35, 0.85, 0.8, 0.85, 0.9, 1.15, 1.4],
    pagesPerVisit: 2.4,
    avgSessionTime: 94,
    bounceRate: 41.3,
    pages: [
      ["/ja/", 0.38],
      ["/ja/menu", 0.27],
      ["/ja/access", 0.14],
      ["/en/", 0.09],
      ["/en/menu", 0.07],
      ["/ja/contact", 0.05],
    ],
    referrers: [
      ["google.com", 0.46],
      ["instagram.com", 0.21],
      ["tabelog.com", 0.15],
      ["maps.google.com", 0.1],
      ["yahoo.co.jp", 0.08],
    ],
  },
  {
    id: "demo-midori-dental",
    name: "みどり歯科クリニック",
    visitorsPerDay: 62,
    weekday: [0.6, 1.2, 1.1, 1.05, 1.1, 1.0, 0.95],
    pagesPerVisit: 3.1,
    avgSessionTime: 142,
    bounceRate: 33.8,
    pages: [
      ["/ja/", 0.34],
      ["/ja/services", 0.24],
      ["/ja/access", 0.16],
      ["/ja/contact", 0.12],
      ["/en/", 0.08],
      ["/id/", 0.06],
    ],
    referrers: [
      ["google.com", 0.52],
      ["yahoo.co.jp", 0.19],
      ["maps.google.com", 0.17],
      ["line.me", 0.12],
    ],
  },
  {
    id: "demo-yamada-law",
    name: "山田綜合法律事務所",
    visitorsPerDay: 24,
    weekday: [0.45, 1.25, 1.2, 1.15, 1.15, 1.1, 0.7],
    pagesPerVisit: 3.6,
    avgSessionTime: 205,
    bounceRate: 28.4,
    pages: [
      ["/ja/", 0.31],
      ["/ja/practice", 0.26],
      ["/ja/about", 0.18],
      ["/ja/fees", 0.15],
      ["/ja/contact", 0.1],
    ],
    referrers: [
      ["google.com", 0.58],
      ["yahoo.co.jp", 0.24],
      ["bengo4.com", 0.18],
    ],
  },
];

/** The sample sites' selector entries (the same shops the websites screen shows). */
export const DEMO_ANALYTICS_SITES = SITES.map(({ id, name }) => ({ id, name }));

/** A small deterministic hash, so a given site and day always show the same sample figure. */
function noise(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return ((h >>> 0) % 1000) / 1000;
}

/** Today's calendar day in Tokyo, as the server counts days. */
function tokyoToday(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(now);
}

function daysBack(today: string, count: number): string[] {
  const [y = 1970, m = 1, d = 1] = today.split("-").map(Number);
  const end = Date.UTC(y, m - 1, d);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

function sum(points: TSeriesPoint[]): number {
  return points.reduce((n, p) => n + p.value, 0);
}

function share<T extends string>(total: number, parts: [T, number][]): [T, number][] {
  return parts.map(([name, fraction]) => [name, Math.round(total * fraction)]);
}

/** A believable report for a sample site, ending today, for signed-out visitors (no calls). */
export function demoAnalyticsReport(
  websiteId: string,
  range: TAnalyticsRange,
  now = new Date(),
): TAnalyticsReport {
  const site = SITES.find((s) => s.id === websiteId) ?? (SITES[0] as DemoSite);
  const days = daysBack(tokyoToday(now), RANGE_DAYS[range]);

  const visitors: TSeriesPoint[] = [];
  const visits: TSeriesPoint[] = [];
  const pageviews: TSeriesPoint[] = [];
  const conversions: TSeriesPoint[] = [];
  let expected = 0;
  let converted = 0;
  for (const date of days) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const factor = site.weekday[weekday] ?? 1;
    const v = Math.round(site.visitorsPerDay * factor * (0.8 + 0.4 * noise(`${site.id}:${date}`)));
    const visitCount = Math.round(v * 1.12);
    visitors.push({ date, value: v });
    visits.push({ date, value: visitCount });
    pageviews.push({ date, value: Math.round(visitCount * site.pagesPerVisit) });
    // Carry the fractions over, so the range converts at the advertised rate.
    expected += (visitCount * DEMO_CONVERSION_RATE) / 100;
    const today = Math.floor(expected) - converted;
    converted += today;
    conversions.push({ date, value: today });
  }

  const totalVisitors = sum(visitors);
  const totalPageviews = sum(pageviews);
  const mobile = Math.round(totalVisitors * 0.66);
  const tablet = Math.round(totalVisitors * 0.06);
  return {
    websiteId: site.id,
    range,
    from: days[0] ?? "",
    to: days[days.length - 1] ?? "",
    visitors,
    pageviews,
    visits,
    conversions,
    totals: {
      visitors: totalVisitors,
      pageviews: totalPageviews,
      visits: sum(visits),
      conversions: converted,
    },
    conversionRate: DEMO_CONVERSION_RATE,
    avgSessionTime: site.avgSessionTime,
    bounceRate: site.bounceRate,
    topPages: share(totalPageviews, site.pages).map(([path, views]) => ({
      path,
      pageviews: views,
      visitors: Math.round(views * 0.72),
    })),
    topReferrers: share(Math.round(sum(visits) * 0.58), site.referrers).map(([referrer, count]) => ({
      referrer,
      visits: count,
    })),
    devices: [
      { device: "mobile", visitors: mobile },
      { device: "desktop", visitors: totalVisitors - mobile - tablet },
      { device: "tablet", visitors: tablet },
    ],
    languages: share(totalVisitors, [
      ["ja", 0.79],
      ["en", 0.12],
      ["zh", 0.05],
      ["ko", 0.04],
    ]).map(([language, count]) => ({ language, visitors: count })),
    realtime: {
      visitors: 3,
      pages: [
        { path: site.pages[1]?.[0] ?? "/ja/", visitors: 2 },
        { path: site.pages[0]?.[0] ?? "/ja/", visitors: 1 },
      ],
    },
  };
}
