import {
  RANGE_DAYS,
  type TAnalyticsRange,
  type TAnalyticsReport,
  type TCollectEvent,
  type TDeviceKind,
  type TSeriesPoint,
} from "@shobai/shared";
import { and, eq, gte, inArray, lt, min, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import {
  analyticsDaily,
  analyticsDailyDims,
  analyticsEvents,
  analyticsRollupRuns,
  websites,
} from "../../db/schema/index";
import { addDays, dayStart, daysBetween, monthStart, tokyoDay } from "../../lib/tokyo-days";
import { createFloodGuard } from "./flood-guard";
import {
  type CollectContext,
  createSaltStore,
  EVENT_KIND,
  eventRow,
  type PendingEvent,
  sitePages,
  visitorHash,
} from "./ingest";
import { computeDay, type DailyFigures, type DimFigures, dimWeight, storeDay } from "./rollup";

export type AnalyticsServiceOptions = {
  db: Database;
  log?: FastifyBaseLogger;
  now?: () => Date;
  /** Buffered events are written at least this often. */
  flushIntervalMs?: number;
  /** ... and as soon as this many are waiting. */
  batchSize?: number;
  /** Events beyond this many waiting (the database is down) are dropped and counted. */
  maxBuffered?: number;
  /** A busy site's live figures for today are recomputed at most this often. */
  liveMinAgeMs?: number;
  /** Raw events are deleted after this many days; daily roll-ups stay. */
  retentionDays?: number;
  /** Events a minute per visitor and per client address of a site (FLOOD_CAPS by default). */
  floodCaps?: { perVisitor: number; perAddress: number; maxKeys: number };
};

/** queued: stored (the promise settles once it is); dropped: the buffer is full (the database is away). */
type CollectResult = "queued" | "dropped" | "unknown-site" | "not-a-page" | "flood";
type SiteInfo = { id: string; ownerId: string; isPublished: boolean; pages: Set<string> };
type Live = { day: string; at: number; dirty: boolean; daily: DailyFigures | null; dims: DimFigures[] };

const SITE_CACHE_MS = 30_000;
/** Inserts of events in flight at once (of the pool's 10 connections). */
const MAX_WRITES = 4;
const SITE_CACHE_MAX = 5_000;
const TOP = 10;

const round1 = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);

export function createAnalyticsService(options: AnalyticsServiceOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 2_000;
  const maxBuffered = options.maxBuffered ?? 100_000;
  const liveMinAgeMs = options.liveMinAgeMs ?? 5_000;
  const retentionDays = options.retentionDays ?? 365;
  const salts = createSaltStore(db, now);

  let dropped = 0;
  let stored = 0;
  let flooded = 0;
  const floods = createFloodGuard(options.floodCaps, () => now().getTime());
  const siteCache = new Map<string, { at: number; site: SiteInfo | null }>();
  const live = new Map<string, Live>();

  function cachedSite(slug: string): { site: SiteInfo | null } | undefined {
    const hit = siteCache.get(slug);
    return hit && Date.now() - hit.at < SITE_CACHE_MS ? hit : undefined;
  }

  async function siteBySlug(slug: string): Promise<SiteInfo | null> {
    const hit = cachedSite(slug);
    if (hit) return hit.site;
    const [row] = await db
      .select({
        id: websites.id,
        ownerId: websites.ownerId,
        isPublished: websites.isPublished,
        languages: websites.languages,
      })
      .from(websites)
      .where(eq(websites.slug, slug));
    const site = row
      ? {
          id: row.id,
          ownerId: row.ownerId,
          isPublished: row.isPublished,
          pages: sitePages(Array.isArray(row.languages) ? row.languages : []),
        }
      : null;
    if (siteCache.size >= SITE_CACHE_MAX) siteCache.delete(siteCache.keys().next().value ?? "");
    siteCache.set(slug, { at: Date.now(), site });
    return site;
  }

  /**
   * Events wait here for their batch to be written; `written` settles when it is (decision 0024).
   * A beacon is answered 202 only then, so an accepted event is a stored event, even if the process
   * is killed the next moment. Batches form by themselves (group commit): the events of one turn of
   * the event loop go together, and while MAX_WRITES inserts run, arriving events gather for the
   * next, so the busier the site, the larger the batch.
   */
  type Batch = { events: PendingEvent[]; written: Promise<void>; settle: () => void };
  function newBatch(): Batch {
    let settle: () => void = () => undefined;
    const written = new Promise<void>((resolve) => {
      settle = resolve;
    });
    return { events: [], written, settle };
  }
  let pending = newBatch();
  const writes = new Set<Promise<void>>();
  let scheduled = false;
  // Set when an insert failed (the database is away): no new write until the timer's retry.
  let failing = false;

  /** Queues an event; resolves when it is stored (or kept for a retry while the database is away). */
  function enqueue(event: PendingEvent): Promise<void> | null {
    if (pending.events.length >= maxBuffered) {
      dropped += 1;
      return null;
    }
    pending.events.push(event);
    if (!scheduled && writes.size < MAX_WRITES && !failing) {
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        startWrites();
      });
    }
    return pending.written;
  }

  async function writeBatch(batch: PendingEvent[]) {
    // One statement of ten array parameters, whatever the batch size: cheap to build, send and plan.
    await db.execute(sql`
      INSERT INTO analytics_events (website_id, created_at, visitor, kind, path, referrer, device, lang, duration_ms)
      SELECT * FROM unnest(
        ${sql.param(batch.map((e) => e.websiteId))}::text[], ${sql.param(batch.map((e) => e.createdAt.toISOString()))}::timestamptz[],
        ${sql.param(batch.map((e) => e.visitor))}::bigint[], ${sql.param(batch.map((e) => e.kind))}::smallint[],
        ${sql.param(batch.map((e) => e.path))}::text[], ${sql.param(batch.map((e) => e.referrer ?? null))}::text[],
        ${sql.param(batch.map((e) => e.device ?? null))}::text[], ${sql.param(batch.map((e) => e.lang ?? null))}::text[],
        ${sql.param(batch.map((e) => e.durationMs ?? null))}::int[])`);
    stored += batch.length;
    for (const event of batch) {
      const entry = live.get(event.websiteId);
      if (entry) entry.dirty = true;
    }
  }

  /** Writes one batch (in statements of at most batchSize); what fails waits for the retry. */
  async function writeAll(batch: Batch): Promise<void> {
    try {
      for (let i = 0; i < batch.events.length; i += batchSize) {
        try {
          await writeBatch(batch.events.slice(i, i + batchSize));
        } catch (err) {
          // The database is away: the rest waits for the timer's retry, within the bound; the
          // beacons are answered now rather than held open through an outage.
          options.log?.error(
            { err, events: batch.events.length - i },
            "analytics events could not be stored; will retry",
          );
          failing = true;
          const rest = batch.events.slice(i);
          const room = Math.max(0, maxBuffered - pending.events.length);
          dropped += Math.max(0, rest.length - room);
          pending.events = rest.slice(0, room).concat(pending.events);
          return;
        }
      }
    } finally {
      batch.settle();
    }
  }

  /** Starts inserts of the waiting events, up to MAX_WRITES at once. */
  function startWrites(): void {
    while (pending.events.length > 0 && writes.size < MAX_WRITES && !failing) {
      const batch = pending;
      pending = newBatch();
      const write: Promise<void> = writeAll(batch).finally(() => {
        writes.delete(write);
        startWrites();
      });
      writes.add(write);
    }
  }

  /** Writes every waiting event and waits for the writes in progress. */
  async function flush(): Promise<void> {
    failing = false;
    for (;;) {
      startWrites();
      if (writes.size === 0) return;
      await Promise.allSettled([...writes]);
      if (failing) return;
    }
  }

  const timer = setInterval(() => void flush(), options.flushIntervalMs ?? 250);
  timer.unref();

  /** Today's figures of some sites, from the raw events; reused while nothing new arrived. */
  async function liveToday(websiteIds: string[]): Promise<Map<string, Live>> {
    const at = Date.now();
    const today = tokyoDay(now());
    const stale = websiteIds.filter((id) => {
      const entry = live.get(id);
      if (!entry || entry.day !== today || at - entry.at > 10 * 60_000) return true;
      return entry.dirty && at - entry.at >= liveMinAgeMs;
    });
    if (stale.length > 0) {
      const figures = await computeDay(db, today, stale);
      for (const id of stale) {
        live.set(id, {
          day: today,
          at,
          dirty: false,
          daily: figures.daily.find((d) => d.websiteId === id) ?? null,
          dims: figures.dims.filter((d) => d.websiteId === id),
        });
      }
      while (live.size > SITE_CACHE_MAX) live.delete(live.keys().next().value ?? "");
    }
    return new Map(websiteIds.map((id) => [id, live.get(id) as Live]));
  }

  async function ownedSiteIds(ownerId: string): Promise<string[]> {
    const rows = await db.select({ id: websites.id }).from(websites).where(eq(websites.ownerId, ownerId));
    return rows.map((r) => r.id);
  }

  /** Visitors active in the last 5 minutes, and the page each is on now. */
  async function realtime(websiteId: string): Promise<TAnalyticsReport["realtime"]> {
    const since = new Date(now().getTime() - 5 * 60_000).toISOString();
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

  function store(
    site: SiteInfo | null,
    salt: string,
    event: TCollectEvent,
    request: Omit<CollectContext, "websiteId" | "pages">,
    at: Date,
  ): CollectResult | Promise<CollectResult> {
    if (!site?.isPublished) return "unknown-site";
    // Floods are dropped before anything is hashed, buffered or stored (decision 0017).
    if (!floods.address(site.id, request.ip)) {
      flooded += 1;
      return "flood";
    }
    const ctx: CollectContext = { ...request, websiteId: site.id, pages: site.pages };
    const visitor = visitorHash(salt, site.id, ctx.ip, ctx.userAgent);
    const row = eventRow(event, ctx, visitor, at);
    if (!row) return "not-a-page";
    if (!floods.visitor(site.id, visitor)) {
      flooded += 1;
      return "flood";
    }
    const written = enqueue(row);
    return written ? written.then(() => "queued" as const) : "dropped";
  }

  return {
    /**
     * A tracker event for the hosted site `slug`. Returns what happened, for logs and tests; the
     * caller answers 202 whatever it is.
     */
    collect(
      slug: string,
      event: TCollectEvent,
      request: Omit<CollectContext, "websiteId" | "pages">,
    ): CollectResult | Promise<CollectResult> {
      // Thousands of beacons a second: when site and salt are at hand this runs without a promise.
      const at = now();
      const site = cachedSite(slug);
      const salt = salts.cached(at);
      if (site && salt) return store(site.site, salt.salt, event, request, at);
      return Promise.all([siteBySlug(slug), salts.today()]).then(([found, today]) =>
        store(found, today.salt, event, request, at),
      );
    },

    /** A contact-form submission on a hosted site: a conversion, attributed to the visit it ended. */
    async recordConversion(websiteId: string, path: string, ip: string, userAgent: string): Promise<void> {
      const { salt } = await salts.today();
      await enqueue({
        websiteId,
        createdAt: now(),
        visitor: visitorHash(salt, websiteId, ip, userAgent),
        kind: EVENT_KIND.conversion,
        path,
        referrer: null,
        device: null,
        lang: null,
        durationMs: null,
      });
    },

    flush,
    realtime,

    /** A site changed (its slug), or anything may have (null): whether it takes beacons is read again. */
    forgetSite(slug: string | null): void {
      if (slug === null) siteCache.clear();
      else siteCache.delete(slug);
    },

    /** Events stored, dropped (buffer full) and refused as floods since start (benchmark and logs). */
    counters: () => ({ stored, dropped, flooded, buffered: pending.events.length }),

    /** The report of /analytics, or null when the site is not this owner's. */
    async report(
      ownerId: string,
      websiteId: string,
      range: TAnalyticsRange,
    ): Promise<TAnalyticsReport | null> {
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
        liveToday([websiteId]),
        realtime(websiteId),
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
    },

    /** This month's and all-time traffic over all of an owner's sites, for the dashboard. */
    async ownerTraffic(ownerId: string) {
      const ids = await ownedSiteIds(ownerId);
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
        liveToday(ids),
      ]);
      const todays = [...liveMap.values()].map((l) => l.daily).filter((d): d is DailyFigures => d !== null);
      const add = (pick: (d: DailyFigures) => number) => todays.reduce((total, d) => total + pick(d), 0);
      return {
        monthlyVisits: Number(past?.monthVisits ?? 0) + add((d) => d.visits),
        monthlyConversions: Number(past?.monthConversions ?? 0) + add((d) => d.conversions),
        totalVisitors: Number(past?.visitors ?? 0) + add((d) => d.visitors),
        totalPageviews: Number(past?.pageviews ?? 0) + add((d) => d.pageviews),
      };
    },

    /**
     * The daily job: rotate salts, roll up every finished day not rolled up yet (at most the last
     * `retentionDays`), delete raw events past retention. Safe to run in several processes at once.
     */
    async maintain(): Promise<{ rolledUp: string[]; saltsDeleted: number; eventsDeleted: number }> {
      await flush();
      const saltsDeleted = await salts.rotate();
      const today = tokyoDay(now());
      const [first] = await db.select({ at: min(websites.createdAt) }).from(websites);
      const rolledUp: string[] = [];
      if (first?.at) {
        const start = [tokyoDay(first.at), addDays(today, -retentionDays)].sort().at(-1) as string;
        const yesterday = addDays(today, -1);
        if (start <= yesterday) {
          const done = await db
            .select({ day: analyticsRollupRuns.day })
            .from(analyticsRollupRuns)
            .where(gte(analyticsRollupRuns.day, start));
          const doneDays = new Set(done.map((r) => r.day));
          for (const day of daysBetween(start, yesterday)) {
            if (doneDays.has(day)) continue;
            await storeDay(db, day, null, await computeDay(db, day, null), now());
            rolledUp.push(day);
          }
        }
      }
      const cutoff = dayStart(addDays(today, -retentionDays));
      const removed = await db
        .delete(analyticsEvents)
        .where(lt(analyticsEvents.createdAt, cutoff))
        .returning({ id: analyticsEvents.id });
      return { rolledUp, saltsDeleted, eventsDeleted: removed.length };
    },

    /** Writes what is buffered and stops the timer (server shutdown). */
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
