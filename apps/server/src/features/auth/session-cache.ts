import type { ChangeBus } from "../../db/change-bus";
import type { SessionRow } from "./queries";

/** At most this many sessions are kept; the oldest go first. */
const MAX_ENTRIES = 20_000;
/** A backstop only: notifications drop an entry as soon as anything it holds changes. */
const MAX_AGE_MS = 60_000;

type Entry = { row: SessionRow; at: number };

export type SessionCache = {
  /** The session read for `token` if it is still known to be current; null otherwise. */
  get(token: string): SessionRow | null;
  /**
   * Keeps a session read for later reads (only while notifications arrive), unless a change was
   * heard since `generation` (read before the database was): the row may predate it.
   */
  set(token: string, row: SessionRow, generation: number): void;
  /** Counts the changes heard. */
  readonly generation: number;
  /** Forgets one session (sign-out). */
  drop(token: string): void;
  /** Forgets every session. */
  clear(): void;
  /** How many sessions are kept. */
  readonly size: number;
};

/**
 * The session a signed-in read comes with, kept in this process (decision 0059). Whatever the row
 * holds (the session, the person, their password account, memberships, the workspace's plan) is
 * announced by triggers when it changes (migration 0033), by whichever process or command changed
 * it, and the entries of that person (or all of them) are dropped at once. While the notification
 * connection is down nothing is kept or served from here, and a reconnect forgets everything.
 */
export function createSessionCache(
  changes: ChangeBus | undefined,
  clock: () => number = Date.now,
): SessionCache {
  const entries = new Map<string, Entry>();
  const tokensOf = new Map<string, Set<string>>();

  function forget(token: string): void {
    const entry = entries.get(token);
    if (!entry) return;
    entries.delete(token);
    const tokens = tokensOf.get(entry.row.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOf.delete(entry.row.user.id);
  }

  function clear(): void {
    entries.clear();
    tokensOf.clear();
  }

  let generation = 0;

  changes?.on("auth", (userId) => {
    generation++;
    if (userId === null) return clear();
    for (const token of tokensOf.get(userId) ?? []) entries.delete(token);
    tokensOf.delete(userId);
  });

  return {
    get(token) {
      if (!changes?.live) {
        if (entries.size > 0) clear();
        return null;
      }
      const entry = entries.get(token);
      if (!entry) return null;
      if (clock() - entry.at > MAX_AGE_MS) {
        forget(token);
        return null;
      }
      return entry.row;
    },
    set(token, row, readAt) {
      if (!changes?.live || readAt !== generation) return;
      forget(token);
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) forget(oldest);
      }
      // Served to many requests: nothing may change it in place.
      Object.freeze(row.user);
      entries.set(token, { row, at: clock() });
      let tokens = tokensOf.get(row.user.id);
      if (!tokens) {
        tokens = new Set();
        tokensOf.set(row.user.id, tokens);
      }
      tokens.add(token);
    },
    drop: forget,
    clear,
    get size() {
      return entries.size;
    },
    get generation() {
      return generation;
    },
  };
}
