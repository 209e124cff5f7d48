import type { Database } from "../../db/client";
import * as q from "./queries";

export type ThrottleRule = { max: number; windowMs: number; lockMs: number };

/**
 * Limits kept in the database, so they hold across app processes and restarts: failed sign-ins
 * per address (whatever IP they come from), reset and verification mails per address or account,
 * wrong current passwords per account.
 */
export function createThrottle(db: Database, now: () => Date) {
  return {
    /** Milliseconds until `key` may try again, or 0. */
    async lockedFor(key: string): Promise<number> {
      const row = await q.findThrottle(db, key);
      const until = row?.lockedUntil?.getTime() ?? 0;
      return Math.max(0, until - now().getTime());
    },

    /**
     * Counts one event. When it is the `max`-th in the window the key locks for `lockMs`;
     * `locked` says whether this call engaged the lock (so its owner is told once).
     */
    async count(key: string, rule: ThrottleRule): Promise<{ count: number; locked: boolean }> {
      const at = now();
      const row = await q.countThrottleEvent(db, key, at, new Date(at.getTime() - rule.windowMs));
      if (row.count < rule.max) return { count: row.count, locked: false };
      const locked = await q.lockThrottle(db, key, at, new Date(at.getTime() + rule.lockMs));
      return { count: row.count, locked };
    },

    clear: (key: string) => q.clearThrottle(db, key),
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
