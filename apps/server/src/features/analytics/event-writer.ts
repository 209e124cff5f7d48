import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { Database } from "../../db/client";
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

/**
 * The insert of a batch: one statement of ten array parameters, whatever the batch size. Only the
 * events of sites that exist are inserted, and those sites' rows are held FOR KEY SHARE until the
 * commit, once per statement (decision 0061): a site deleted meanwhile loses its waiting events, and
 * a site deleted afterwards takes them with it (the trigger of migration 0035), as a foreign key
 * would have it, without a foreign key's check and lock on every row.
 */
const INSERT_EVENTS = `WITH sites AS (SELECT id FROM websites WHERE id = ANY($1::text[]) FOR KEY SHARE)
  INSERT INTO analytics_events (website_id, created_at, visitor, kind, path, referrer, device, lang, duration_ms)
  SELECT e.* FROM unnest($2::text[], $3::timestamptz[], $4::bigint[], $5::smallint[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[])
    AS e(website_id, created_at, visitor, kind, path, referrer, device, lang, duration_ms)
  WHERE e.website_id IN (SELECT id FROM sites)`;

/** A statement's text with its $1, $2… as drizzle's bound parameters (PGlite has no pool to name it). */
function bound(text: string, values: string[]) {
  return sql.join(
    text
      .split(/(\$\d+)/)
      .map((part) => (/^\$\d+$/.test(part) ? sql`${values[Number(part.slice(1)) - 1]}` : sql.raw(part))),
  );
}

/** Rows a statement changed, as node-postgres (rowCount) or PGlite (affectedRows) says it. */
function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

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
   * The parameters of INSERT_EVENTS as array literals ('{"a","b",NULL}'): the batch's sites, then
   * its nine columns, built in one pass: the text node-postgres would send for JavaScript arrays,
   * without its per-element work.
   */
  function parameters(batch: PendingEvent[]): string[] {
    const sites = new Set<string>();
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
      sites.add(e.websiteId);
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
    return [
      [...sites].map(quoted),
      ids,
      times,
      visitors,
      kinds,
      paths,
      referrers,
      devices,
      langs,
      durations,
    ].map((column) => `{${column.join(",")}}`);
  }

  /** Inserts one statement's events; those of sites deleted meanwhile are dropped (counted). */
  async function writeBatch(batch: PendingEvent[]) {
    const values = parameters(batch);
    const inserted = affected(
      options.pool
        ? await options.pool.query({ name: "shobai_insert_analytics_events", text: INSERT_EVENTS, values })
        : await db.execute(bound(INSERT_EVENTS, values)),
    );
    stored += inserted;
    if (inserted < batch.length) {
      dropped += batch.length - inserted;
      options.log?.warn({ dropped: batch.length - inserted }, "analytics events of deleted websites dropped");
    }
    options.onStored(batch);
  }

  /** Writes one batch (in statements of at most batchSize); what fails waits for the retry. */
  async function writeAll(batch: Batch): Promise<void> {
    try {
      for (let i = 0; i < batch.events.length; i += batchSize) {
        const events = batch.events.slice(i, i + batchSize);
        try {
          await writeBatch(events);
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
