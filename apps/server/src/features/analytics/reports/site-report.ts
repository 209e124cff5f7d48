import {
  RANGE_DAYS,
  type TAnalyticsRange,
  type TAnalyticsReport,
  type TDeviceKind,
  type TSeriesPoint,
} from "@shobai/shared";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { analyticsDaily, analyticsDailyDims, websites } from "../../../db/schema/index";
import { addDays, daysBetween, tokyoDay } from "../../../lib/tokyo-days";
import type { LiveToday } from "../live-today";
import { type DailyFigures, type DimFigures, dimWeight } from "../rollup";
import { realtime, TOP } from "./realtime";

export type ReportDeps = { db: Database; now: () => Date; live: LiveToday };

const round1 = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);

/** The report of /analytics, or null when the site is not this owner's. */
export async function siteReport(
  deps: ReportDeps,
  ownerId: string,
  websiteId: string,
  range: TAnalyticsRange,
): Promise<TAnalyticsReport | null> {
  const { db, now } = deps;
  const [site] = await db
    .select({ id: websites.id })
    .from(websites)
    .where(and(eq(websites.id, websiteId), eq(websites.ownerId, ownerId)));
  if (!site) return null;

  const today = tokyoDay(now());
  const from = addDays(today, -(RANGE_DAYS[range] - 1));
  const [dailyRows, dimRows, liveMap, recent] = await Promise.all([
    db
      .select()
      .from(analyticsDaily)
      .where(
        and(
          eq(analyticsDaily.websiteId, websiteId),
          gte(analyticsDaily.day, from),
          lt(analyticsDaily.day, today),
        ),
      ),
    db
      .select({
        dim: analyticsDailyDims.dim,
        value: analyticsDailyDims.value,
        pageviews: sql<number>`sum(${analyticsDailyDims.pageviews})::int`,
        visitors: sql<number>`sum(${analyticsDailyDims.visitors})::int`,
        visits: sql<number>`sum(${analyticsDailyDims.visits})::int`,
      })
      .from(analyticsDailyDims)
      .where(
        and(
          eq(analyticsDailyDims.websiteId, websiteId),
          gte(analyticsDailyDims.day, from),
          lt(analyticsDailyDims.day, today),
        ),
      )
      .groupBy(analyticsDailyDims.dim, analyticsDailyDims.value),
    deps.live.of([websiteId]),
    realtime(db, now(), websiteId),
  ]);

  const byDay = new Map<string, Omit<DailyFigures, "websiteId">>(dailyRows.map((r) => [r.day, r]));
  const todayLive = liveMap.get(websiteId);
  if (todayLive?.daily) byDay.set(today, todayLive.daily);
  const days = daysBetween(from, today);
  const series = (pick: (d: Omit<DailyFigures, "websiteId">) => number): TSeriesPoint[] =>
    days.map((date) => {
      const d = byDay.get(date);
      return { date, value: d ? pick(d) : 0 };
    });
  const sum = (pick: (d: Omit<DailyFigures, "websiteId">) => number) =>
    [...byDay.values()].reduce((total, d) => total + pick(d), 0);
  const totals = {
    visitors: sum((d) => d.visitors),
    pageviews: sum((d) => d.pageviews),
    visits: sum((d) => d.visits),
    conversions: sum((d) => d.conversions),
  };
  const bounces = sum((d) => d.bounces);
  const durationMs = sum((d) => d.durationMs);

  const merged = new Map<string, Omit<DimFigures, "websiteId">>();
  for (const d of [...dimRows, ...(todayLive?.dims ?? [])]) {
    const key = `${d.dim}\n${d.value}`;
    const prev = merged.get(key);
    merged.set(key, {
      dim: d.dim as DimFigures["dim"],
      value: d.value,
      pageviews: (prev?.pageviews ?? 0) + d.pageviews,
      visitors: (prev?.visitors ?? 0) + d.visitors,
      visits: (prev?.visits ?? 0) + d.visits,
    });
  }
  const top = (dim: DimFigures["dim"]) =>
    [...merged.values()]
      .filter((d) => d.dim === dim)
      .sort((a, b) => dimWeight(b) - dimWeight(a) || a.value.localeCompare(b.value))
      .slice(0, TOP);

  return {
    websiteId,
    range,
    from,
    to: today,
    visitors: series((d) => d.visitors),
    pageviews: series((d) => d.pageviews),
    visits: series((d) => d.visits),
    conversions: series((d) => d.conversions),
    totals,
    conversionRate: percent(totals.conversions, totals.visits),
    avgSessionTime: totals.visits > 0 ? Math.round(durationMs / totals.visits / 1000) : 0,
    bounceRate: percent(bounces, totals.visits),
    topPages: top("page").map((d) => ({ path: d.value, pageviews: d.pageviews, visitors: d.visitors })),
    topReferrers: top("referrer").map((d) => ({ referrer: d.value, visits: d.visits })),
    devices: top("device").map((d) => ({ device: d.value as TDeviceKind, visitors: d.visitors })),
    languages: top("lang").map((d) => ({ language: d.value, visitors: d.visitors })),
    realtime: recent,
  };
}
