import type { TAnalyticsReport } from "@shobai/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";

export const TOP = 10;

/** Visitors active in the last 5 minutes, and the page each is on now. */
export async function realtime(
  db: Database,
  now: Date,
  websiteId: string,
): Promise<TAnalyticsReport["realtime"]> {
  const since = new Date(now.getTime() - 5 * 60_000).toISOString();
  const result = await db.execute(sql`
    SELECT path, count(*)::int AS visitors FROM (
      SELECT DISTINCT ON (visitor) visitor, path FROM analytics_events
      WHERE website_id = ${websiteId} AND created_at >= ${since}::timestamptz AND kind IN (1, 2)
      ORDER BY visitor, created_at DESC, id DESC
    ) latest GROUP BY path ORDER BY visitors DESC, path LIMIT 50`);
  const rows = ((result as { rows?: { path: string; visitors: number }[] }).rows ?? []).map((r) => ({
    path: String(r.path),
    visitors: Number(r.visitors),
  }));
  return { visitors: rows.reduce((total, r) => total + r.visitors, 0), pages: rows.slice(0, TOP) };
}
