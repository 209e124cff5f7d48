import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { websites } from "./websites";

/**
 * Domains registered through the registrar (decision 0010). A row is written as `registering`
 * before the registrar is called and removed if the registrar refuses, so a failure leaves nothing
 * half-registered; (owner, idempotency key) makes a repeated request return the first outcome.
 */
export const domains = pgTable(
  "domains",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** ASCII (punycode) form, lower case. */
    name: text("name").notNull().unique(),
    /** registering | active | expired */
    status: text("status").notNull().default("registering"),
    registrationPeriod: integer("registration_period").notNull().default(1),
    priceJpy: integer("price_jpy"),
    /** The registrar's reference for the order or the domain. */
    registrarRef: text("registrar_ref"),
    idempotencyKey: text("idempotency_key").notNull(),
    ownerContact: jsonb("owner_contact").$type<Record<string, unknown>>().notNull(),
    nameServers: jsonb("name_servers").$type<string[]>().notNull().default([]),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("domains_owner_idempotency_idx").on(t.ownerId, t.idempotencyKey),
    index("domains_owner_created_idx").on(t.ownerId, t.createdAt),
  ],
);

/** A host name (own domain or sub-domain) that serves one website once its DNS points at Shobai. */
export const customDomains = pgTable(
  "custom_domains",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    websiteId: text("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    /** ASCII (punycode) form, lower case; one website per host name across the platform. */
    hostname: text("hostname").notNull().unique(),
    /** pending | verified */
    status: text("status").notNull().default("pending"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("custom_domains_owner_idx").on(t.ownerId),
    index("custom_domains_website_idx").on(t.websiteId),
  ],
);
