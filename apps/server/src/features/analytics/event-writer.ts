import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import type { PendingEvent } from "./ingest";

/** Inserts of events in flight at once (of the pool's 10 connections). */
const MAX_WRITES = 4;

export type EventWriterOptions = {
  db: Database;
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
    options.onStored(batch);
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
