import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { analyticsDaily, analyticsDailyDims, analyticsRollupRuns } from "../../db/schema/index";
import { addDays, dayStart } from "../../lib/tokyo-days";

export type DailyFigures = {
  websiteId: string;
  visitors: number;
  pageviews: number;
  visits: number;
  bounces: number;
  durationMs: number;
  conversions: number;
};

export type DimFigures = {
  websiteId: string;
  dim: "page" | "referrer" | "device" | "lang";
  value: string;
  pageviews: number;
  visitors: number;
  visits: number;
};

export type DayFigures = { daily: DailyFigures[]; dims: DimFigures[] };

/** Values kept per site, day and dimension (pages of a site are few; referrers and languages are not). */
const DIM_LIMIT = 50;

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * Computes one Tokyo day's figures from the raw events, for some sites or for all.
 * Visits: a visitor's events split where 30 minutes pass without any; a visit has at least one
 * pageview; its length runs from its first to its last event (the leave beacon included); a bounce
 * is a visit with one pageview; its referrer is that of its first pageview.
 */
export async function computeDay(
  db: Database,
  day: string,
  websiteIds: string[] | null,
): Promise<DayFigures> {
  if (websiteIds && websiteIds.length === 0) return { daily: [], dims: [] };
  const from = dayStart(day).toISOString();
  const to = dayStart(addDays(day, 1)).toISOString();
  const scope: SQL = websiteIds
    ? sql`AND website_id IN (${sql.join(
        websiteIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const where = sql`created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz ${scope}`;

  const totals = rowsOf(
    await db.execute(sql`
      WITH ev AS (
        SELECT id, website_id, visitor, kind, created_at, referrer,
          CASE WHEN lag(created_at) OVER w IS NULL
                 OR created_at - lag(created_at) OVER w > interval '30 minutes' THEN 1 ELSE 0 END AS brk
        FROM analytics_events WHERE ${where}
        WINDOW w AS (PARTITION BY website_id, visitor ORDER BY created_at, id)
      ), numbered AS (
        SELECT website_id, visitor, kind, created_at, referrer,
          sum(brk) OVER (PARTITION BY website_id, visitor ORDER BY created_at, id ROWS UNBOUNDED PRECEDING) AS sn
        FROM ev
      ), visits AS (
        SELECT website_id, count(*) FILTER (WHERE kind = 1) AS pv,
          extract(epoch FROM max(created_at) - min(created_at)) * 1000 AS dur,
          (array_agg(referrer ORDER BY created_at) FILTER (WHERE kind = 1))[1] AS ref
        FROM numbered GROUP BY website_id, visitor, sn
      ), v AS (
        SELECT website_id,
          count(*) FILTER (WHERE pv > 0)::int AS visits,
          count(*) FILTER (WHERE pv = 1)::int AS bounces,
          coalesce(sum(dur) FILTER (WHERE pv > 0), 0)::float8 AS duration_ms
        FROM visits GROUP BY website_id
      ), e AS (
        SELECT website_id,
          count(DISTINCT visitor) FILTER (WHERE kind = 1)::int AS visitors,
          count(*) FILTER (WHERE kind = 1)::int AS pageviews,
          count(*) FILTER (WHERE kind = 3)::int AS conversions
        FROM ev GROUP BY website_id
      )
      SELECT 'total' AS t, e.website_id, NULL AS value, e.visitors, e.pageviews, e.conversions,
        coalesce(v.visits, 0) AS visits, coalesce(v.bounces, 0) AS bounces, coalesce(v.duration_ms, 0) AS duration_ms
      FROM e LEFT JOIN v USING (website_id)
      UNION ALL
      SELECT 'referrer', website_id, ref, 0, 0, 0, count(*)::int, 0, 0
      FROM visits WHERE pv > 0 AND ref IS NOT NULL GROUP BY website_id, ref
    `),
  );

  const dimRows = rowsOf(
    await db.execute(sql`
      WITH pv AS (SELECT website_id, visitor, path, device, lang FROM analytics_events WHERE ${where} AND kind = 1)
      SELECT website_id, 'page' AS dim, path AS value, count(*)::int AS pageviews, count(DISTINCT visitor)::int AS visitors
      FROM pv GROUP BY website_id, path
      UNION ALL
      SELECT website_id, 'device', device, count(*)::int, count(DISTINCT visitor)::int
      FROM pv WHERE device IS NOT NULL GROUP BY website_id, device
      UNION ALL
      SELECT website_id, 'lang', lang, count(*)::int, count(DISTINCT visitor)::int
      FROM pv WHERE lang IS NOT NULL GROUP BY website_id, lang
    `),
  );

  const daily: DailyFigures[] = [];
  const dims: DimFigures[] = [];
  for (const row of totals) {
    const websiteId = String(row.website_id);
    if (row.t === "total") {
      daily.push({
        websiteId,
        visitors: num(row.visitors),
        pageviews: num(row.pageviews),
        visits: num(row.visits),
        bounces: num(row.bounces),
        durationMs: Math.round(num(row.duration_ms)),
        conversions: num(row.conversions),
      });
    } else {
      dims.push({
        websiteId,
        dim: "referrer",
        value: String(row.value),
        pageviews: 0,
        visitors: 0,
        visits: num(row.visits),
      });
    }
  }
  for (const row of dimRows) {
    dims.push({
      websiteId: String(row.website_id),
      dim: row.dim as DimFigures["dim"],
      value: String(row.value),
      pageviews: num(row.pageviews),
      visitors: num(row.visitors),
      visits: 0,
    });
  }
  return { daily, dims: topPerDim(dims) };
}

/** The DIM_LIMIT largest values of each site and dimension. */
function topPerDim(dims: DimFigures[]): DimFigures[] {
  const groups = new Map<string, DimFigures[]>();
  for (const d of dims) {
    const key = `${d.websiteId}\n${d.dim}`;
    const list = groups.get(key) ?? [];
    list.push(d);
    groups.set(key, list);
  }
  const out: DimFigures[] = [];
  for (const list of groups.values()) {
    list.sort((a, b) => dimWeight(b) - dimWeight(a) || a.value.localeCompare(b.value));
    out.push(...list.slice(0, DIM_LIMIT));
  }
  return out;
}

export function dimWeight(d: Pick<DimFigures, "dim" | "pageviews" | "visitors" | "visits">): number {
  if (d.dim === "page") return d.pageviews;
  if (d.dim === "referrer") return d.visits;
  return d.visitors;
}

const CHUNK = 1000;

/**
 * Stores a finished day's figures, replacing what was there. With `websiteIds` null the day is
 * recorded as rolled up for every site.
 */
export async function storeDay(
  db: Database,
  day: string,
  websiteIds: string[] | null,
  figures: DayFigures,
  computedAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const dailyScope = websiteIds
      ? and(eq(analyticsDaily.day, day), inArray(analyticsDaily.websiteId, websiteIds))
      : eq(analyticsDaily.day, day);
    const dimsScope = websiteIds
      ? and(eq(analyticsDailyDims.day, day), inArray(analyticsDailyDims.websiteId, websiteIds))
      : eq(analyticsDailyDims.day, day);
    await tx.delete(analyticsDaily).where(dailyScope);
    await tx.delete(analyticsDailyDims).where(dimsScope);
    for (let i = 0; i < figures.daily.length; i += CHUNK) {
      await tx
        .insert(analyticsDaily)
        .values(figures.daily.slice(i, i + CHUNK).map((d) => ({ ...d, day, computedAt })));
    }
    for (let i = 0; i < figures.dims.length; i += CHUNK) {
      await tx
        .insert(analyticsDailyDims)
        .values(figures.dims.slice(i, i + CHUNK).map((d) => ({ ...d, day })));
    }
    if (!websiteIds) {
      await tx
        .insert(analyticsRollupRuns)
        .values({ day, computedAt })
        .onConflictDoUpdate({ target: analyticsRollupRuns.day, set: { computedAt } });
    }
  });
}
