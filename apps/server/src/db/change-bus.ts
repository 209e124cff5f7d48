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
export type ChangeTopic = "websites" | "custom_domains" | "auth" | "contacts";
export type ChangeHandler = (key: string | null) => void;

export type ChangeBus = {
  /** Calls `handler` for each change of `topic`; with null after a reconnect (changes may have been missed). */
  on(topic: ChangeTopic, handler: ChangeHandler): void;
  /** Whether notifications are arriving now (PostgreSQL: the listening connection is up). */
  readonly live: boolean;
  /**
   * Resolves once every change committed before the call has been dispatched in this process: a
   * marker notification is sent and awaited (notifications arrive in commit order). False when the
   * marker did not come back within `timeoutMs` (the connection is down or slow).
   */
  sync(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};

type Listeners = Map<ChangeTopic, Set<ChangeHandler>>;

/**
 * The channel of this bus's own markers (ChangeBus.sync): one of its own, so that other processes
 * do not hear them. PostgreSQL keeps one queue for all channels, so a marker still comes back after
 * every change committed before it.
 */
const syncChannel = () => `shobai_sync_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

function dispatch(listeners: Listeners, payload: string): void {
  const at = payload.indexOf(":");
  const topic = (at < 0 ? payload : payload.slice(0, at)) as ChangeTopic;
  const key = at < 0 ? null : payload.slice(at + 1);
  for (const handler of listeners.get(topic) ?? []) handler(key);
}

function everything(listeners: Listeners): void {
  for (const handlers of listeners.values()) for (const handler of handlers) handler(null);
}

/**
 * Markers in flight: callers that arrive while one is out wait for the next, so a burst of writes
 * costs one marker (one statement) per round trip, not one each.
 */
type Markers = {
  sync(send: (marker: string) => Promise<unknown>, timeoutMs: number): Promise<boolean>;
  arrived(marker: string): void;
};

function createMarkers(): Markers {
  // Markers travel on this bus's own channel (syncChannel): a counter tells them apart.
  let counter = 0;
  /** The marker out now and who waits for it; the callers that will go with the next one. */
  let current: { marker: string; done: (ok: boolean) => void } | null = null;
  let next: { promise: Promise<boolean>; resolve: (ok: boolean) => void } | null = null;

  function launch(send: (marker: string) => Promise<unknown>, timeoutMs: number): Promise<boolean> {
    const marker = String(++counter);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), timeoutMs);
      timer.unref();
      function finish(ok: boolean): void {
        if (current?.marker !== marker) return;
        clearTimeout(timer);
        current = null;
        resolve(ok);
        const waiting = next;
        next = null;
        if (waiting) void launch(send, timeoutMs).then(waiting.resolve);
      }
      current = { marker, done: finish };
      send(marker).catch(() => finish(false));
    });
  }

  return {
    sync(send, timeoutMs) {
      if (!current) return launch(send, timeoutMs);
      if (!next) {
        let resolve!: (ok: boolean) => void;
        const promise = new Promise<boolean>((r) => {
          resolve = r;
        });
        next = { promise, resolve };
      }
      return next.promise;
    },
    arrived(marker) {
      if (current?.marker === marker) current.done(true);
    },
  };
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
  const markers = createMarkers();
  const ownChannel = syncChannel();
  const on = (topic: ChangeTopic, handler: ChangeHandler) => {
    const set = listeners.get(topic) ?? new Set();
    set.add(handler);
    listeners.set(topic, set);
  };

  if (handle.kind === "pglite") {
    const lite = handle.pglite;
    if (!lite) throw new Error("PGlite handle without its database");
    const unlisten = await lite.listen(CHANGES_CHANNEL, (payload) => dispatch(listeners, payload));
    const unlistenOwn = await lite.listen(ownChannel, (payload) => markers.arrived(payload));
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
      sync(timeoutMs = 1000) {
        if (closed) return Promise.resolve(false);
        return markers.sync(
          (marker) => lite.query("select pg_notify($1, $2)", [ownChannel, marker]),
          timeoutMs,
        );
      },
      async close() {
        closed = true;
        await unlisten().catch(() => undefined);
        await unlistenOwn().catch(() => undefined);
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
      else if (message.channel === ownChannel && message.payload) markers.arrived(message.payload);
    });
    next.on("error", (err) => lost(next, err));
    next.on("end", () => lost(next, new Error("connection ended")));
    await next.connect();
    await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    await next.query(`LISTEN ${ownChannel}`);
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
    sync(timeoutMs = 1000) {
      // Sent on the listening connection itself: its own notifications come back to it, after
      // every notification committed before this one.
      const listening = client;
      if (!live || !listening) return Promise.resolve(false);
      return markers.sync(
        (marker) => listening.query("select pg_notify($1, $2)", [ownChannel, marker]),
        timeoutMs,
      );
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
