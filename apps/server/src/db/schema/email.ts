import type { TEmailBlock, TSegmentFilter } from "@shobai/shared";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { contacts } from "./crm";
import { workspaces } from "./workspaces";

/** Sender name, sender address and reply-to of an owner's emails (the /email settings tab). */
export const emailSettings = pgTable("email_settings", {
  ownerId: text("owner_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  senderName: text("sender_name").notNull().default(""),
  senderEmail: text("sender_email").notNull().default(""),
  replyTo: text("reply_to").notNull().default(""),
  /** Sender details every marketing email carries (特定電子メール法): postal address, contact point. */
  postalAddress: text("postal_address").notNull().default(""),
  contactPoint: text("contact_point").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Addresses an owner asked to send from; verified once the emailed link was opened. */
export const emailSenders = pgTable(
  "email_senders",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** pending (link sent) or verified. */
    status: text("status").notNull(),
    /** sha256 of the link's token; the token itself is only in the email. */
    tokenHash: text("token_hash"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_senders_owner_email_key").on(t.ownerId, t.email),
    index("email_senders_token_idx").on(t.tokenHash),
  ],
);

/**
 * Double opt-in: the link mailed to a visitor who ticked the site form's consent box. Opening it
 * (and pressing the button) records the consent on the contact.
 */
export const emailConsentConfirmations = pgTable(
  "email_consent_confirmations",
  {
    /** sha256 of the link's token; the token itself is only in the email. */
    tokenHash: text("token_hash").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** The site's language: the confirmation page speaks it. */
    lang: text("lang").notNull(),
    /** Who asks (the site's name) and the wording the visitor ticked, kept as the consent record. */
    businessName: text("business_name").notNull(),
    consentText: text("consent_text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [index("email_consent_confirmations_contact_idx").on(t.contactId, t.createdAt)],
);

/** Mail kept by the outbox provider: it never leaves the machine and is shown in the app. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").references(() => workspaces.id, { onDelete: "cascade" }),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
    /** One stored copy per key, so a retried send is not a second message. */
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_outbox_owner_created_idx").on(t.ownerId, t.createdAt)],
);

export const emailCampaigns = pgTable(
  "email_campaigns",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").notNull(),
    subject: text("subject").notNull(),
    content: text("content").notNull(),
    audience: jsonb("audience").$type<string[]>().notNull(),
    followupDays: integer("followup_days"),
    fromEmail: text("from_email").notNull().default(""),
    isActive: boolean("is_active").notNull().default(false),
    /** draft, active, stopped, sent. */
    state: text("state").notNull().default("draft"),
    /** Why the sending engine stopped it (e.g. sender_unverified); cleared when started again. */
    stopReason: text("stop_reason"),
    /** When it was last started: welcome and followup campaigns reach contacts who arrive after it. */
    startedAt: timestamp("started_at", { withTimezone: true }),
    /** A scheduled campaign starts (once) at this time. */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    /** The footer's language; null: each recipient's language. */
    language: text("language"),
    /** A saved segment (its conditions when sending) or the campaign's own conditions; null: statuses only. */
    segmentId: text("segment_id"),
    segment: jsonb("segment").$type<TSegmentFilter>(),
    /** The composer's blocks; null: the plain content. */
    blocks: jsonb("blocks").$type<TEmailBlock[]>(),
    /** The blocks rendered by MJML (variables and the footer marker still in it). */
    bodyHtml: text("body_html"),
    /** Whether its emails carry the open pixel (a 1×1 image that spam filters hold against short mails). */
    trackOpens: boolean("track_opens").notNull().default(false),
    /**
     * Bounce and complaint rates are measured over the emails sent since the owner last started it,
     * so a campaign paused for bounces can be resumed once its list is cleaned.
     */
    resumedAt: timestamp("resumed_at", { withTimezone: true }),
    /**
     * Deleted by its owner: gone from lists and never sends again, but kept so that the links in
     * emails already delivered (unsubscribe, clicks, opens) keep working.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_campaigns_owner_created_idx").on(t.ownerId, t.createdAt)],
);

/**
 * The addresses an owner wrote in a campaign's text, as click links point at them: a click link names
 * a row here (by id), never a URL, so a redirect can only lead where the owner wrote (decision 0017).
 */
export const emailLinks = pgTable(
  "email_links",
  {
    id: text("id").primaryKey(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("email_links_campaign_url_key").on(t.campaignId, t.url)],
);

/** Each sender verification email sent: limits per account and per target address (decision 0017). */
export const emailSenderRequests = pgTable(
  "email_sender_requests",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("email_sender_requests_owner_idx").on(t.ownerId, t.createdAt),
    index("email_sender_requests_email_idx").on(t.email, t.createdAt),
  ],
);

/**
 * One email to one person: the queue and the record. A campaign reaches a contact at most once
 * (unique campaign + contact); status pending → sending → sent | failed | skipped | unknown
 * (interrupted mid-send through a provider that cannot drop repeats: maybe delivered, never resent).
 */
export const emailDeliveries = pgTable(
  "email_deliveries",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    campaignId: text("campaign_id").references(() => emailCampaigns.id, { onDelete: "cascade" }),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    status: text("status").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /**
     * The process that claimed the row while it is "sending": its liveness lock (db/processes.ts).
     * When that lock is gone the process is gone, and the row is recovered at once (decision 0022).
     */
    claimedBy: integer("claimed_by"),
    lastError: text("last_error"),
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    /** Random id in the tracking and unsubscribe links of this email. */
    token: text("token").notNull().unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When the receiving side refused it for good (at once, or later by a bounce report). */
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    /** When the recipient reported it as spam (a feedback report or a provider's event). */
    complainedAt: timestamp("complained_at", { withTimezone: true }),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_deliveries_campaign_contact_key").on(t.campaignId, t.contactId),
    index("email_deliveries_due_idx").on(t.status, t.dueAt),
    index("email_deliveries_owner_sent_idx").on(t.ownerId, t.sentAt),
    // The engine's claim: each owner's earliest due rows, read in order (engine.ts).
    index("email_deliveries_owner_due_idx").on(t.ownerId, t.status, t.dueAt),
  ],
);

/** People who unsubscribed from an owner's emails: no campaign of that owner reaches them again. */
export const emailUnsubscribes = pgTable(
  "email_unsubscribes",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.email] })],
);

/**
 * Addresses an owner's mail no longer goes to: a hard bounce (the address does not exist or refuses
 * mail for good) or a spam complaint. Campaigns skip them; the contact shows why and since when.
 */
export const emailSuppressions = pgTable(
  "email_suppressions",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** "bounce" | "complaint" */
    kind: text("kind").notNull(),
    /** The receiving server's words (SMTP reply or DSN diagnostic), for the owner. */
    reason: text("reason").notNull(),
    deliveryId: text("delivery_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.email] })],
);

/**
 * An owner's domain for signing mail (DKIM): a key pair made for it, the public half published by
 * the owner as a TXT record at `{selector}._domainkey.{domain}`, the private half sealed with the
 * app's secret (lib/secret-box.ts). Verified once the record resolves to our key.
 */
export const emailDomains = pgTable(
  "email_domains",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** ASCII form (punycode for Japanese names), lower case. */
    domain: text("domain").notNull(),
    selector: text("selector").notNull(),
    /** Base64 of the DER public key, as the TXT record's p= carries it. */
    publicKey: text("public_key").notNull(),
    /** PEM private key, sealed (secret-box "dkim"). */
    privateKeySealed: text("private_key_sealed").notNull(),
    /** pending | verified */
    status: text("status").notNull().default("pending"),
    problem: text("problem"),
    /** The SPF finding of the last check (ok, missing, no_include, multiple, lookup_failed). */
    spf: text("spf"),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("email_domains_owner_domain_key").on(t.ownerId, t.domain)],
);

/** An owner's saved segments: named contact conditions, reused by any campaign. */
export const emailSegments = pgTable(
  "email_segments",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    filter: jsonb("filter").$type<TSegmentFilter>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_segments_owner_idx").on(t.ownerId, t.createdAt)],
);
