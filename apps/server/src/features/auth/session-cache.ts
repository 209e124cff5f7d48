import type { ChangeBus } from "../../db/change-bus";
import { createReadCache } from "../../db/read-cache";
import type { SessionRow } from "./queries";

export type SessionCache = {
  /** The session read for `token` if it is still known to be current; null otherwise. */
  get(token: string): SessionRow | null;
  /** The kept session for `token` once every change committed before the call has been heard. */
  current(token: string): Promise<SessionRow | null>;
  /**
   * Keeps a session read for later reads (only while notifications arrive), unless a change of its
   * person was heard since `generation` (read before the database was): the row may predate it.
   */
  set(token: string, row: SessionRow, generation: number): void;
  /** Forgets one session (sign-out). */
  drop(token: string): void;
  /** Counts the changes heard. */
  readonly generation: number;
  /** How many sessions are kept. */
  readonly size: number;
};

/**
 * The session a signed-in read comes with, kept in this process (decision 0059). Whatever the row
 * holds (the session, the person, their password account, memberships, the workspace's plan) is
 * announced by triggers when it changes (migration 0033), by whichever process or command changed
 * it: 'auth:<person>' drops that person's sessions, a bare 'auth' (memberships, plans) all of them.
 */
export function createSessionCache(
  changes: ChangeBus | undefined,
  clock: () => number = Date.now,
): SessionCache {
  const cache = createReadCache<SessionRow>({
    changes,
    topics: ["auth"],
    maxEntries: 20_000,
    maxAgeMs: 60_000,
    clock,
  });
  return {
    get: (token) => cache.get(token),
    current: (token) => cache.current(token),
    set(token, row, generation) {
      // Served to many requests: nothing may change it in place.
      Object.freeze(row.user);
      cache.set(row.user.id, token, row, generation);
    },
    drop: (token) => cache.drop(token),
    get generation() {
      return cache.generation;
    },
    get size() {
      return cache.size;
    },
  };
}
