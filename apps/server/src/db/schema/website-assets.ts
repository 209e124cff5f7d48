import { customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { websites } from "./websites";

/** Raw bytes; node-postgres gives a Buffer, PGlite a Uint8Array: both become a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/**
 * Images copied onto the platform when a site is imported, so the new site never hot-links the old
 * one. Owned through the website: deleting it deletes them. Served at /s/{slug}/_assets/{id}.
 */
export const websiteAssets = pgTable(
  "website_assets",
  {
    id: text("id").primaryKey(),
    websiteId: text("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    /** The type the header parser read from the bytes (image/jpeg, image/png, …). */
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt").notNull().default(""),
    /** Hex SHA-256 of the bytes: the ETag, and duplicate detection within a site. */
    sha256: text("sha256").notNull(),
    sourceUrl: text("source_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("website_assets_website_idx").on(t.websiteId)],
);
