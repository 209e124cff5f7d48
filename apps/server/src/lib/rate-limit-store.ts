import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type RouteOptions = {
  routeInfo?: { method?: string | string[]; url?: string };
  timeWindow?: unknown;
  max?: unknown;
};

function rowsOf(result: unknown): { current: number; ttl: number }[] {
  return ((result as { rows?: { current: number; ttl: number }[] }).rows ?? []).map((r) => ({
    current: Number(r.current),
    ttl: Math.max(0, Number(r.ttl)),
  }));
}

/**
 * A store for @fastify/rate-limit that keeps its counters in the `rate_limits` table, so every app
 * process on one database counts the same requests (decision 0022). One statement per request:
 * an upsert that starts a new window when the old one is over, as the plugin's own stores do.
 * Only the routes that carry a limit (sign-in, sign-up, password mails, contact forms) pay for it.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    readonly prefix: string;

    /** The plugin constructs the root store with its options, and each route's with `child()`. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === "string" ? prefix : "";
    }

    incr(key: string, done: Callback, timeWindow: number): void {
      const k = `${this.prefix}${key}`;
      db.execute(sql`
        INSERT INTO rate_limits (key, count, window_ends_at)
        VALUES (${k}, 1, now() + ${timeWindow} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.window_ends_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          window_ends_at = CASE WHEN rate_limits.window_ends_at <= now()
            THEN excluded.window_ends_at ELSE rate_limits.window_ends_at END
        RETURNING count AS current, ceil(extract(epoch FROM window_ends_at - now()) * 1000)::int AS ttl`).then(
        (result) => done(null, rowsOf(result)[0] ?? { current: 1, ttl: timeWindow }),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, done: Callback): void {
      const k = `${this.prefix}${key}`;
      db.execute(sql`
        SELECT count AS current, ceil(extract(epoch FROM window_ends_at - now()) * 1000)::int AS ttl
        FROM rate_limits WHERE key = ${k} AND window_ends_at > now()`).then(
        (result) => done(null, rowsOf(result)[0] ?? { current: 0, ttl: 0 }),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** Each limit counts apart: its route, or for limits made in code its window and maximum. */
    child(routeOptions: object): DatabaseRateLimitStore {
      const options = routeOptions as RouteOptions;
      const method = [options.routeInfo?.method ?? ""].flat().join(",");
      const route = options.routeInfo?.url
        ? `${method} ${options.routeInfo.url}`
        : `${String(options.timeWindow)}/${typeof options.max === "number" ? options.max : "fn"}`;
      return new DatabaseRateLimitStore(`${route}|`);
    }
  };
}

/** Drops counters whose window ended over an hour ago (a scheduled job). */
export async function pruneRateLimits(db: Database): Promise<number> {
  const result = await db.execute(
    sql`DELETE FROM rate_limits WHERE window_ends_at < now() - interval '1 hour' RETURNING key`,
  );
  return ((result as { rows?: unknown[] }).rows ?? []).length;
}
