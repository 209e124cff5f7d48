import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { analyticsDaily, websites } from "../../../db/schema/index";
import { monthStart, tokyoDay } from "../../../lib/tokyo-days";
import type { DailyFigures } from "../rollup";
import type { ReportDeps } from "./site-report";

/** This month's and all-time traffic over all of an owner's sites, for the dashboard. */
export async function ownerTraffic(deps: ReportDeps, ownerId: string) {
  const { db, now } = deps;
  const ids = (await db.select({ id: websites.id }).from(websites).where(eq(websites.ownerId, ownerId))).map(
    (r) => r.id,
  );
  const empty = { monthlyVisits: 0, monthlyConversions: 0, totalVisitors: 0, totalPageviews: 0 };
  if (ids.length === 0) return empty;
  const today = tokyoDay(now());
  const first = monthStart(today);
  const [[past], liveMap] = await Promise.all([
    db
      .select({
        monthVisits: sql<number>`coalesce(sum(${analyticsDaily.visits}) FILTER (WHERE ${analyticsDaily.day} >= ${first}), 0)::int`,
        monthConversions: sql<number>`coalesce(sum(${analyticsDaily.conversions}) FILTER (WHERE ${analyticsDaily.day} >= ${first}), 0)::int`,
        visitors: sql<number>`coalesce(sum(${analyticsDaily.visitors}), 0)::int`,
        pageviews: sql<number>`coalesce(sum(${analyticsDaily.pageviews}), 0)::int`,
      })
      .from(analyticsDaily)
      .where(and(inArray(analyticsDaily.websiteId, ids), lt(analyticsDaily.day, today))),
    deps.live.of(ids),
  ]);
  const todays = [...liveMap.values()].map((l) => l.daily).filter((d): d is DailyFigures => d !== null);
  const add = (pick: (d: DailyFigures) => number) => todays.reduce((total, d) => total + pick(d), 0);
  return {
    monthlyVisits: Number(past?.monthVisits ?? 0) + add((d) => d.visits),
    monthlyConversions: Number(past?.monthConversions ?? 0) + add((d) => d.conversions),
    totalVisitors: Number(past?.visitors ?? 0) + add((d) => d.visitors),
    totalPageviews: Number(past?.pageviews ?? 0) + add((d) => d.pageviews),
  };
}
