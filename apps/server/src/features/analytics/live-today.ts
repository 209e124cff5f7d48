import type { Database } from "../../db/client";
import { tokyoDay } from "../../lib/tokyo-days";
import { computeDay, type DailyFigures, type DimFigures } from "./rollup";

export type Live = {
  day: string;
  at: number;
  dirty: boolean;
  daily: DailyFigures | null;
  dims: DimFigures[];
};

const MAX_SITES = 5_000;

/**
 * Today's figures per site, computed from the raw events (finished days come from the roll-up) and
 * reused while nothing new arrived for the site, or for `minAgeMs` on a busy one.
 */
export function createLiveToday({ db, now, minAgeMs }: { db: Database; now: () => Date; minAgeMs: number }) {
  const live = new Map<string, Live>();

  /** Today's figures of some sites, from the raw events; reused while nothing new arrived. */
  async function liveToday(websiteIds: string[]): Promise<Map<string, Live>> {
    const at = Date.now();
    const today = tokyoDay(now());
    const stale = websiteIds.filter((id) => {
      const entry = live.get(id);
      if (!entry || entry.day !== today || at - entry.at > 10 * 60_000) return true;
      return entry.dirty && at - entry.at >= minAgeMs;
    });
    if (stale.length > 0) {
      const figures = await computeDay(db, today, stale);
      for (const id of stale) {
        live.set(id, {
          day: today,
          at,
          dirty: false,
          daily: figures.daily.find((d) => d.websiteId === id) ?? null,
          dims: figures.dims.filter((d) => d.websiteId === id),
        });
      }
      while (live.size > MAX_SITES) live.delete(live.keys().next().value ?? "");
    }
    return new Map(websiteIds.map((id) => [id, live.get(id) as Live]));
  }

  return {
    of: liveToday,
    /** New events of these sites were stored: their figures are computed again when next asked. */
    touch(websiteIds: Iterable<string>): void {
      for (const id of websiteIds) {
        const entry = live.get(id);
        if (entry) entry.dirty = true;
      }
    },
  };
}

export type LiveToday = ReturnType<typeof createLiveToday>;
