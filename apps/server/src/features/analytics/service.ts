import type { TAnalyticsRange, TCollectEvent } from "@shobai/shared";
import { eq, gte, lt, min } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { Database } from "../../db/client";
import { analyticsEvents, analyticsRollupRuns, websites } from "../../db/schema/index";
import { addDays, dayStart, daysBetween, tokyoDay } from "../../lib/tokyo-days";
import { createEventWriter } from "./event-writer";
import { createFloodGuard, type FloodCaps } from "./flood-guard";
import { type CollectContext, createSaltStore, EVENT_KIND, eventRow, sitePages, visitorHash } from "./ingest";
import { createLiveToday } from "./live-today";
import { ownerTraffic } from "./reports/owner-traffic";
import { realtime } from "./reports/realtime";
import { siteReport } from "./reports/site-report";
import { computeDay, storeDay } from "./rollup";

export type AnalyticsServiceOptions = {
  db: Database;
  /** PostgreSQL's pool (postgres only): events are then inserted by a prepared statement. */
  pool?: pg.Pool | undefined;
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
  floodCaps?: FloodCaps;
};

/** queued: stored (the promise settles once it is); dropped: the buffer is full (the database is away). */
type CollectResult = "queued" | "dropped" | "unknown-site" | "not-a-page" | "flood";
type SiteInfo = { id: string; ownerId: string; isPublished: boolean; pages: Set<string> };

const SITE_CACHE_MS = 30_000;
const SITE_CACHE_MAX = 5_000;

export function createAnalyticsService(options: AnalyticsServiceOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 2_000;
  const maxBuffered = options.maxBuffered ?? 100_000;
  const liveMinAgeMs = options.liveMinAgeMs ?? 5_000;
  const retentionDays = options.retentionDays ?? 365;
  const salts = createSaltStore(db, now);

  let flooded = 0;
  const clock = options.now ? () => now().getTime() : Date.now;
  const floods = createFloodGuard(options.floodCaps, clock);
  const siteCache = new Map<string, { at: number; site: SiteInfo | null }>();
  // Counts forgetSite calls: a lookup begun before one is not cached (it may have read the old row).
  let siteGeneration = 0;
  const live = createLiveToday({ db, now, minAgeMs: liveMinAgeMs });
  const writer = createEventWriter({
    db,
    ...(options.pool ? { pool: options.pool } : {}),
    ...(options.log ? { log: options.log } : {}),
    flushIntervalMs: options.flushIntervalMs ?? 250,
    batchSize,
    maxBuffered,
    onStored: (events) => live.touch(events.map((e) => e.websiteId)),
  });
  const { enqueue, flush } = writer;
  const reports = { db, now, live };

  function cachedSite(slug: string): { site: SiteInfo | null } | undefined {
    const hit = siteCache.get(slug);
    return hit && Date.now() - hit.at < SITE_CACHE_MS ? hit : undefined;
  }

  // Lookups in progress: the beacons that arrive meanwhile wait for it instead of repeating it.
  const loadingSites = new Map<string, Promise<SiteInfo | null>>();

  function siteBySlug(slug: string): Promise<SiteInfo | null> {
    const hit = cachedSite(slug);
    if (hit) return Promise.resolve(hit.site);
    let loading = loadingSites.get(slug);
    if (!loading) {
      const started: Promise<SiteInfo | null> = loadSite(slug, siteGeneration).finally(() => {
        if (loadingSites.get(slug) === started) loadingSites.delete(slug);
      });
      loadingSites.set(slug, started);
      loading = started;
    }
    return loading;
  }

  async function loadSite(slug: string, generation: number): Promise<SiteInfo | null> {
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
    // A change announced while the row was read may not be in it: answer, but do not keep it.
    if (generation !== siteGeneration) return site;
    if (siteCache.size >= SITE_CACHE_MAX) siteCache.delete(siteCache.keys().next().value ?? "");
    siteCache.set(slug, { at: Date.now(), site });
    return site;
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
    realtime: (websiteId: string) => realtime(db, now(), websiteId),

    /** A site changed (its slug), or anything may have (null): whether it takes beacons is read again. */
    forgetSite(slug: string | null): void {
      siteGeneration += 1;
      loadingSites.clear();
      if (slug === null) siteCache.clear();
      else siteCache.delete(slug);
    },

    /** Events stored, dropped (buffer full) and refused as floods since start (benchmark and logs). */
    counters: () => ({ ...writer.counters(), flooded }),

    /** The report of /analytics, or null when the site is not this owner's. */
    report: (ownerId: string, websiteId: string, range: TAnalyticsRange) =>
      siteReport(reports, ownerId, websiteId, range),

    /** This month's and all-time traffic over all of an owner's sites, for the dashboard. */
    ownerTraffic: (ownerId: string) => ownerTraffic(reports, ownerId),

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
    close: writer.close,
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
