import pg from "pg";
import type { DbHandle } from "./client";

/**
 * Changes to rows that app processes keep in memory (hosted pages, the custom-host map, the
 * analytics site cache) are announced by the database itself: triggers (migration 0012) call
 * `pg_notify('shobai_changes', 'table:key')` for every change of `websites` (key: the slug) and
 * `custom_domains` (key: the host name). PostgreSQL delivers a notification to every listening
 * process when the changing transaction commits, whichever process or admin command made it
 * (decision 0022). PGlite delivers them in its own process the same way.
 */
export const CHANGES_CHANNEL = "shobai_changes";

/** The tables announced, and what a subscriber gets: the key, or null for "anything may have changed". */
export type ChangeTopic = "websites" | "custom_domains";
export type ChangeHandler = (key: string | null) => void;

export type ChangeBus = {
  /** Calls `handler` for each change of `topic`; with null after a reconnect (changes may have been missed). */
  on(topic: ChangeTopic, handler: ChangeHandler): void;
  /** Whether notifications are arriving now (PostgreSQL: the listening connection is up). */
  readonly live: boolean;
  close(): Promise<void>;
};

type Listeners = Map<ChangeTopic, Set<ChangeHandler>>;

function dispatch(listeners: Listeners, payload: string): void {
  const at = payload.indexOf(":");
  const topic = (at < 0 ? payload : payload.slice(0, at)) as ChangeTopic;
  const key = at < 0 ? null : payload.slice(at + 1);
  for (const handler of listeners.get(topic) ?? []) handler(key);
}

function everything(listeners: Listeners): void {
  for (const handlers of listeners.values()) for (const handler of handlers) handler(null);
}

export type ChangeBusOptions = {
  /** Where a lost connection is reported. */
  log?: { warn(obj: unknown, msg: string): void };
  /** First wait before reconnecting; doubles up to 30 s. */
  reconnectMs?: number;
  /** The listening connection's advisory lock (two int4 keys): other processes see this process is alive. */
  liveLock?: { classId: number; objectId: number };
};

/**
 * Opens the change bus of this database. On PostgreSQL it is one connection of its own that
 * LISTENs (and holds the process's liveness lock, see ProcessIdentity), reconnecting with
 * back-off when it drops; after a reconnect every subscriber hears "anything may have changed".
 */
export async function openChangeBus(handle: DbHandle, options: ChangeBusOptions = {}): Promise<ChangeBus> {
  const listeners: Listeners = new Map();
  const on = (topic: ChangeTopic, handler: ChangeHandler) => {
    const set = listeners.get(topic) ?? new Set();
    set.add(handler);
    listeners.set(topic, set);
  };

  if (handle.kind === "pglite") {
    const lite = handle.pglite;
    if (!lite) throw new Error("PGlite handle without its database");
    const unlisten = await lite.listen(CHANGES_CHANNEL, (payload) => dispatch(listeners, payload));
    if (options.liveLock) {
      await lite.query("select pg_try_advisory_lock($1, $2)", [
        options.liveLock.classId,
        options.liveLock.objectId,
      ]);
    }
    let closed = false;
    return {
      on,
      get live() {
        return !closed;
      },
      async close() {
        closed = true;
        await unlisten().catch(() => undefined);
      },
    };
  }

  const connectionString = handle.url;
  if (!connectionString) throw new Error("PostgreSQL handle without its URL");
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = options.reconnectMs ?? 500;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, application_name: "shobai-changes" });
    next.on("notification", (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) dispatch(listeners, message.payload);
    });
    next.on("error", (err) => lost(next, err));
    next.on("end", () => lost(next, new Error("connection ended")));
    await next.connect();
    await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    if (options.liveLock) {
      // Tokens are random 31-bit numbers: two live processes with one token are not worth a retry loop.
      await next.query("select pg_try_advisory_lock($1, $2)", [
        options.liveLock.classId,
        options.liveLock.objectId,
      ]);
    }
    client = next;
    live = true;
    delay = options.reconnectMs ?? 500;
  }

  function lost(which: pg.Client, err: Error): void {
    if (client !== which || closed) return;
    client = null;
    live = false;
    options.log?.warn({ err }, "change notifications lost; reconnecting");
    which.end().catch(() => undefined);
    schedule();
  }

  function schedule(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        // Whatever changed while the connection was down was not announced: start afresh.
        () => everything(listeners),
        (err: unknown) => {
          options.log?.warn({ err }, "change notifications: reconnect failed");
          delay = Math.min(delay * 2, 30_000);
          schedule();
        },
      );
    }, delay);
    retryTimer.unref();
  }

  await connect();
  return {
    on,
    get live() {
      return live;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const last = client;
      client = null;
      live = false;
      await last?.end().catch(() => undefined);
    },
  };
}
