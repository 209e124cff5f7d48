import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { websites } from "./websites";
import { workspaces } from "./workspaces";

/** Raw bytes; node-postgres gives a Buffer, PGlite a Uint8Array: both become a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/**
 * A site's media library (issue 19): photos the owner uploaded (or an import copied), each stored
 * once as sent and as responsive variants in the configured storage (decision 0044). Deleting the
 * website or the account deletes the rows; the media service deletes the stored files.
 */
export const media = pgTable(
  "media",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    websiteId: text("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull().default(""),
    /** The type sharp read from the bytes (image/jpeg, image/png, image/webp, image/avif, image/gif). */
    contentType: text("content_type").notNull(),
    /** Hex SHA-256 of the original bytes and the processing version: the variants' file-name stem. */
    hash: text("hash").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    widths: jsonb("widths").$type<number[]>().notNull(),
    /** Original plus every variant, what the quota counts. */
    bytes: integer("bytes").notNull(),
    alt: jsonb("alt").$type<Record<string, string>>().notNull().default({}),
    decorative: boolean("decorative").notNull().default(false),
    sourceUrl: text("source_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("media_owner_idx").on(t.ownerId),
    uniqueIndex("media_website_hash_idx").on(t.websiteId, t.hash),
  ],
);

/**
 * Stored files of the database storage (the default, so `npm start` needs nothing): one row per
 * original or variant, keyed `{websiteId}/{file}`. Tied to the website so nothing outlives it.
 */
export const mediaBlobs = pgTable(
  "media_blobs",
  {
    key: text("key").primaryKey(),
    websiteId: text("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [index("media_blobs_website_idx").on(t.websiteId)],
);
