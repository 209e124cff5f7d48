import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Request counters of the rate limits (sign-in, sign-up, contact forms), shared by every app
 * process on the database (decision 0022): one row per limit and client, counting within a window.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});

/**
 * Scheduled work (campaign rounds, domain checks, account purge, analytics roll-up, …): the last
 * run of each job, whichever process ran it. `npm run admin -- status` prints it.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  ok: boolean("ok"),
  /** What the run did ("3 days rolled up"), or its error. */
  summary: text("summary"),
  /** host:pid of the process that ran it. */
  process: text("process").notNull(),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
});
