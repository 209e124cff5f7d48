import type { ChangeBus, ChangeTopic } from "./change-bus";

export type ReadCacheOptions<V> = {
  /** Where changes are announced; without it (or while it is not live) nothing is kept. */
  changes: ChangeBus | undefined;
  /** The topics whose key names a group of entries (a person, a workspace); null means all. */
  topics: readonly ChangeTopic[];
  maxEntries: number;
  /** A backstop only: the announcements drop an entry as soon as what it holds changes. */
  maxAgeMs: number;
  /** What an entry weighs (bytes of a page, say) and how much may be kept in all. */
  weigh?: (value: V) => number;
  maxWeight?: number;
  clock?: () => number;
};

export type ReadCache<V> = {
  /** The value kept for `key`, or null. */
  get(key: string): V | null;
  /**
   * The value kept for `key` if nothing it holds changed before this call: when there is one, waits
   * for `ChangeBus.sync()` (every change committed earlier has then been heard and its entries
   * dropped); forgets everything when the marker does not come back. Null when nothing is kept.
   */
  current(key: string): Promise<V | null>;
  /**
   * Keeps a value read from the database for `key`, in `group`, unless a change of the group was
   * announced after `readAt` (the `generation` taken before the read): the value may predate it.
   */
  set(group: string, key: string, value: V, readAt: number): void;
  drop(key: string): void;
  clear(): void;
  /** Counts the changes heard; taken before a read, handed back to `set`. */
  readonly generation: number;
  readonly size: number;
};

type Entry<V> = { group: string; value: V; at: number; weight: number };

/**
 * Values read from the database, kept in this process until a change to what they hold is
 * announced (triggers call pg_notify when a change commits, decision 0022) or they grow old
 * (decision 0059). Oldest first out when full. A caller that must not serve anything older than its
 * request asks for `current`; a read that raced a change of its group is not kept. While announcements do not arrive nothing is kept or served, and a reconnect (an
 * announcement of everything) forgets all.
 */
export function createReadCache<V>(options: ReadCacheOptions<V>): ReadCache<V> {
  const { changes, maxEntries, maxAgeMs } = options;
  const clock = options.clock ?? Date.now;
  const maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
  const entries = new Map<string, Entry<V>>();
  const keysOf = new Map<string, Set<string>>();
  let weight = 0;
  /** The generation of each group's last announced change, and of the last "everything". */
  const changedAt = new Map<string, number>();
  let floor = 0;
  let generation = 0;

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    weight -= entry.weight;
    const keys = keysOf.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.group);
  }

  function clear(): void {
    entries.clear();
    keysOf.clear();
    weight = 0;
  }

  const onChange = (group: string | null) => {
    generation++;
    if (group === null) {
      floor = generation;
      changedAt.clear();
      return clear();
    }
    if (changedAt.size >= 100_000) {
      // Forgetting which group changed when: every read in flight is refused instead.
      changedAt.clear();
      floor = generation;
    }
    changedAt.set(group, generation);
    for (const key of keysOf.get(group) ?? []) forget(key);
  };
  for (const topic of options.topics) changes?.on(topic, onChange);

  function get(key: string): V | null {
    if (!changes?.live) {
      if (entries.size > 0) clear();
      return null;
    }
    const entry = entries.get(key);
    if (!entry) return null;
    if (clock() - entry.at > maxAgeMs) {
      forget(key);
      return null;
    }
    return entry.value;
  }

  return {
    get,
    async current(key) {
      if (!changes || get(key) === null) return null;
      if (!(await changes.sync())) {
        clear();
        return null;
      }
      return get(key);
    },
    set(group, key, value, readAt) {
      if (!changes?.live || readAt < floor || (changedAt.get(group) ?? 0) > readAt) return;
      const w = options.weigh?.(value) ?? 0;
      if (w > maxWeight) return;
      forget(key);
      while (entries.size > 0 && (entries.size >= maxEntries || weight + w > maxWeight)) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        forget(oldest);
      }
      entries.set(key, { group, value, at: clock(), weight: w });
      weight += w;
      let keys = keysOf.get(group);
      if (!keys) {
        keys = new Set();
        keysOf.set(group, keys);
      }
      keys.add(key);
    },
    drop: forget,
    clear,
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },
  };
}
