import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { websites } from "./websites";
import { workspaces } from "./workspaces";

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
      .references(() => workspaces.id, { onDelete: "cascade" }),
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
    /** Renewed before expiry, charged first (decision 0042). */
    autoRenew: boolean("auto_renew").notNull().default(true),
    /** The last renewal charge attempt, and the smallest days-left warning (30, 7, 1) mailed for this expiry. */
    renewalAttemptAt: timestamp("renewal_attempt_at", { withTimezone: true }),
    renewalWarnedDays: integer("renewal_warned_days"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("domains_owner_idempotency_idx").on(t.ownerId, t.idempotencyKey),
    index("domains_owner_created_idx").on(t.ownerId, t.createdAt),
  ],
);

/**
 * A claim of a host name (own domain or sub-domain) for one website. Several accounts may claim one
 * host while it is unproven; the one whose TXT record `_shobai.<host>` = `shobai-verify=<token>` is
 * found (with the routing record) wins it, and only one claim per host can be verified (decision 0019).
 */
export const customDomains = pgTable(
  "custom_domains",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    websiteId: text("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    /** ASCII (punycode) form, lower case. */
    hostname: text("hostname").notNull(),
    /** pending | verified | expired | lost */
    status: text("status").notNull().default("pending"),
    /** Random, unique to this claim (owner and host): the TXT value's secret part. */
    verificationToken: text("verification_token").notNull(),
    /** A pending claim stops counting then. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** Verified, but the last check did not find the TXT proof (served for a grace period). */
    proofMissingSince: timestamp("proof_missing_since", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("custom_domains_owner_idx").on(t.ownerId),
    index("custom_domains_website_idx").on(t.websiteId),
    uniqueIndex("custom_domains_owner_hostname_idx").on(t.ownerId, t.hostname),
    index("custom_domains_hostname_idx").on(t.hostname),
    // One served owner per host name across the platform.
    uniqueIndex("custom_domains_verified_hostname_idx").on(t.hostname).where(sql`${t.status} = 'verified'`),
  ],
);
