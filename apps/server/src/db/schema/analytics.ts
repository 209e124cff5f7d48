import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { websites } from "./websites";

/**
 * One random salt per calendar day (Asia/Tokyo). Visitor ids are hash(salt, site, IP, user agent);
 * salts of past days are deleted, so nobody can recompute a visitor's id or follow one across days.
 */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Raw events from the tracker and the site forms. No cookies, no IP, no user agent: only the daily visitor hash. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /**
     * The site, checked once per insert rather than by a foreign key on every row (decision 0061):
     * the writer inserts only events of sites that exist and holds them until it commits, and a
     * trigger on websites deletes a site's events with it (migration 0035).
     */
    websiteId: text("website_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** 48 bits of the day's visitor hash. */
    visitor: bigint("visitor", { mode: "number" }).notNull(),
    /** 1 pageview, 2 leave (the page was hidden; carries durationMs), 3 conversion (form sent). */
    kind: smallint("kind").notNull(),
    path: text("path").notNull(),
    /** Host name of the referring site; null for direct visits and links within the site. */
    referrer: text("referrer"),
    device: text("device"),
    lang: text("lang"),
    durationMs: integer("duration_ms"),
  },
  (t) => [
    index("analytics_events_site_time_idx").on(t.websiteId, t.createdAt),
    // Events arrive in time order: a BRIN index finds a day's rows for the nightly roll-up at almost no cost.
    index("analytics_events_time_brin_idx").using("brin", t.createdAt),
  ],
);

/** Per site and day: the figures of a finished day, so long reports read 90 rows, not millions. */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    websiteId: text("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    visitors: integer("visitors").notNull(),
    pageviews: integer("pageviews").notNull(),
    visits: integer("visits").notNull(),
    bounces: integer("bounces").notNull(),
    /** Sum of visit lengths. */
    durationMs: bigint("duration_ms", { mode: "number" }).notNull(),
    conversions: integer("conversions").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day] })],
);

/** Per site, day and dimension (page, referrer, device, lang): the day's top values. */
export const analyticsDailyDims = pgTable(
  "analytics_daily_dims",
  {
    websiteId: text("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    dim: text("dim").notNull(),
    value: text("value").notNull(),
    pageviews: integer("pageviews").notNull(),
    visitors: integer("visitors").notNull(),
    visits: integer("visits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.dim, t.value] })],
);

/** Days whose roll-up ran after the day ended, for every site; the maintenance job fills the gaps. */
export const analyticsRollupRuns = pgTable("analytics_rollup_runs", {
  day: date("day", { mode: "string" }).primaryKey(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});
