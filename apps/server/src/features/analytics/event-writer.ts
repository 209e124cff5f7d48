import { inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { Database } from "../../db/client";
import { websites } from "../../db/schema/index";
import type { PendingEvent } from "./ingest";

/**
 * Inserts of events in flight at once (of the pool's 10 connections). Two: one insert's commit
 * (its WAL flush) overlaps the next one's work, and events arriving meanwhile gather into larger
 * batches than with more writes at once (PostgreSQL's cost per event falls with the batch size).
 */
const MAX_WRITES = 2;

/** An element of a PostgreSQL array literal: NULL, or the text in double quotes with `"` and `\` escaped. */
function quoted(value: string | null | undefined): string {
  if (value == null) return "NULL";
  if (value.includes('"') || value.includes("\\")) return `"${value.replace(/["\\]/g, "\\$&")}"`;
  return `"${value}"`;
}

/** PostgreSQL's foreign_key_violation, from node-postgres or PGlite, bare or wrapped by drizzle. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.code === "23503") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The insert of a batch: one statement of nine array parameters, whatever the batch size. */
const INSERT_EVENTS = `INSERT INTO analytics_events (website_id, created_at, visitor, kind, path, referrer, device, lang, duration_ms)
  SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::bigint[], $4::smallint[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[])`;

export type EventWriterOptions = {
  db: Database;
  /** PostgreSQL's pool: the insert is then a named prepared statement, parsed once per connection. */
  pool?: pg.Pool;
  log?: FastifyBaseLogger;
  /** Buffered events are written at least this often. */
  flushIntervalMs: number;
  /** Events per INSERT statement at most. */
  batchSize: number;
  /** Events beyond this many waiting (the database is down) are dropped and counted. */
  maxBuffered: number;
  /** Told of every stored batch (today's live figures of those sites are stale now). */
  onStored: (events: PendingEvent[]) => void;
};

/** The write side of analytics: events buffered, inserted in batches, each caller told once its event is stored. */
export function createEventWriter(options: EventWriterOptions) {
  const { db, batchSize, maxBuffered } = options;
  let dropped = 0;
  let stored = 0;

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

  // Events of one millisecond share their timestamp's text.
  let isoAt = Number.NaN;
  let iso = "";

  /**
   * The batch as the nine array literals of INSERT_EVENTS ('{"a","b",NULL}'), built in one pass:
   * the text node-postgres would send for JavaScript arrays, without its per-element work.
   */
  function columns(batch: PendingEvent[]): string[] {
    const ids: string[] = [];
    const times: string[] = [];
    const visitors: string[] = [];
    const kinds: string[] = [];
    const paths: string[] = [];
    const referrers: string[] = [];
    const devices: string[] = [];
    const langs: string[] = [];
    const durations: string[] = [];
    for (const e of batch) {
      const at = e.createdAt.getTime();
      if (at !== isoAt) {
        isoAt = at;
        iso = `"${e.createdAt.toISOString()}"`;
      }
      ids.push(quoted(e.websiteId));
      times.push(iso);
      visitors.push(String(e.visitor));
      kinds.push(String(e.kind));
      paths.push(quoted(e.path));
      referrers.push(quoted(e.referrer));
      devices.push(quoted(e.device));
      langs.push(quoted(e.lang));
      durations.push(e.durationMs == null ? "NULL" : String(e.durationMs));
    }
    return [ids, times, visitors, kinds, paths, referrers, devices, langs, durations].map(
      (column) => `{${column.join(",")}}`,
    );
  }

  async function writeBatch(batch: PendingEvent[]) {
    const values = columns(batch);
    if (options.pool) {
      await options.pool.query({ name: "shobai_insert_analytics_events", text: INSERT_EVENTS, values });
    } else {
      const [ids, times, visitors, kinds, paths, referrers, devices, langs, durations] = values;
      await db.execute(sql`
      INSERT INTO analytics_events (website_id, created_at, visitor, kind, path, referrer, device, lang, duration_ms)
      SELECT * FROM unnest(
        ${ids}::text[], ${times}::timestamptz[], ${visitors}::bigint[], ${kinds}::smallint[],
        ${paths}::text[], ${referrers}::text[], ${devices}::text[], ${langs}::text[], ${durations}::int[])`);
    }
    stored += batch.length;
    options.onStored(batch);
  }

  /**
   * A statement refused because a site it names was deleted while its events waited (foreign key):
   * those events have nowhere to go and are dropped (counted); the others are written at once.
   * Without this the statement would fail the same way at every retry and hold back every site.
   */
  async function writeWithoutDeletedSites(events: PendingEvent[]): Promise<void> {
    const ids = [...new Set(events.map((e) => e.websiteId))];
    const rows = await db.select({ id: websites.id }).from(websites).where(inArray(websites.id, ids));
    const existing = new Set(rows.map((r) => r.id));
    const kept = events.filter((e) => existing.has(e.websiteId));
    dropped += events.length - kept.length;
    options.log?.warn(
      { dropped: events.length - kept.length },
      "analytics events of deleted websites dropped",
    );
    if (kept.length > 0) await writeBatch(kept);
  }

  /** Writes one batch (in statements of at most batchSize); what fails waits for the retry. */
  async function writeAll(batch: Batch): Promise<void> {
    try {
      for (let i = 0; i < batch.events.length; i += batchSize) {
        const events = batch.events.slice(i, i + batchSize);
        try {
          try {
            await writeBatch(events);
          } catch (err) {
            if (!isForeignKeyViolation(err)) throw err;
            await writeWithoutDeletedSites(events);
          }
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

  const timer = setInterval(() => void flush(), options.flushIntervalMs);
  timer.unref();

  return {
    enqueue,
    flush,
    counters: () => ({ stored, dropped, buffered: pending.events.length }),
    /** Writes what is buffered and stops the timer (server shutdown). */
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type EventWriter = ReturnType<typeof createEventWriter>;
