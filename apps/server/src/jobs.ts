import type { App } from "./app";
import type { DbHandle } from "./db/client";
import { pruneRateLimits } from "./lib/rate-limit-store";
import type { Job } from "./lib/scheduler";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The server's scheduled work, run by lib/scheduler.ts in one process at a time (decision 0022).
 * Not a job: the monthly email allowance, which is counted from the month's sends whenever it is
 * read, so there is nothing to reset. Backups keep their own schedule and record (decision 0013).
 */
export function scheduledJobs(app: App, handle: DbHandle): Job[] {
  const { services } = app;
  return [
    {
      // Campaign rounds: one process sends at a time, so EMAIL_RATE_PER_SECOND holds for them all.
      name: "campaign-sends",
      everyMs: 2_000,
      quiet: true,
      async run() {
        const handled = await services.campaigns.tick();
        return handled > 0 ? `${handled} emails handled` : null;
      },
    },
    {
      name: "domain-checks",
      everyMs: 10 * MINUTE,
      firstAfterMs: MINUTE,
      async run() {
        const { expired, checked } = await services.customDomains.recheck();
        return expired + checked > 0 ? `${checked} verified hosts checked, ${expired} claims expired` : null;
      },
    },
    {
      // Auto-renewing domains within 30 days of expiry: charged first, then renewed (decision 0042).
      name: "domain-renewals",
      everyMs: HOUR,
      firstAfterMs: 2 * MINUTE,
      async run() {
        const finished = await services.purchases.finishStuckOrders();
        const { renewed, failed } = await services.purchases.renewDue();
        const parts = [
          finished > 0 ? `${finished} paid orders finished` : "",
          renewed + failed > 0 ? `${renewed} domains renewed, ${failed} renewals not charged` : "",
        ].filter(Boolean);
        return parts.length > 0 ? parts.join(", ") : null;
      },
    },
    {
      // Deleted accounts are kept 30 days, then purged.
      name: "account-purge",
      everyMs: 6 * HOUR,
      async run() {
        const purged = await services.auth.purgeDeletedAccounts();
        return purged > 0 ? `${purged} deleted accounts purged` : null;
      },
    },
    {
      // Rotate the daily salt, roll up finished days, drop raw events past 12 months.
      name: "analytics-rollup",
      everyMs: 10 * MINUTE,
      async run() {
        const done = await services.analytics.maintain();
        const parts = [
          done.rolledUp.length > 0 ? `${done.rolledUp.length} days rolled up` : "",
          done.eventsDeleted > 0 ? `${done.eventsDeleted} old events deleted` : "",
        ].filter(Boolean);
        return parts.length > 0 ? parts.join(", ") : null;
      },
    },
    {
      name: "rate-limit-prune",
      everyMs: HOUR,
      firstAfterMs: 5 * MINUTE,
      async run() {
        const removed = await pruneRateLimits(handle.db);
        return removed > 0 ? `${removed} expired counters removed` : null;
      },
    },
  ];
}
