import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

export const contacts = pgTable(
  "contacts",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Given name (名), optional: either the family name or the company names the record. */
    firstName: text("first_name").notNull().default(""),
    /** Family name (姓). */
    lastName: text("last_name").notNull().default(""),
    /** Readings (セイ / メイ / company フリガナ) in full-width katakana; empty when unknown. */
    firstNameKana: text("first_name_kana").notNull().default(""),
    lastNameKana: text("last_name_kana").notNull().default(""),
    companyKana: text("company_kana").notNull().default(""),
    /**
     * Stored lower-case; one contact per email per owner. Empty for a site enquiry that left only a
     * phone number (issue 30): such contacts are never mailed (MARKETING_AUDIENCE).
     */
    email: text("email").notNull(),
    company: text("company").notNull().default(""),
    phone: text("phone").notNull().default(""),
    status: text("status").notNull().default("new"),
    source: text("source").notNull().default("manual"),
    /**
     * The language the person wrote to us in (the site page's language for a form enquiry): mail
     * footers and the unsubscribe page use it; the owner's interface language when unknown.
     */
    language: text("language"),
    /** unknown, pending, opted_in or opted_out (MARKETING_CONSENT_STATES); history in contact_activities. */
    marketingConsent: text("marketing_consent").notNull().default("unknown"),
    consentUpdatedAt: timestamp("consent_updated_at", { withTimezone: true }),
    /** Where the current consent state came from (CONSENT_SOURCES) and the wording agreed to. */
    consentSource: text("consent_source"),
    consentText: text("consent_text"),
    /**
     * Names, readings (hiragana and romaji), company, email and phone digits folded for search
     * (contactSearchText in packages/shared); rewritten on every write of the row.
     */
    searchText: text("search_text").notNull().default(""),
    /** Values of the owner's custom fields (contact_fields), by field id: text, number or yyyy-MM-dd. */
    customFields: jsonb("custom_fields").$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("contacts_owner_email_key").on(t.ownerId, t.email).where(sql`${t.email} <> ''`),
    // The list's order (newest first, id breaks ties): a page is read straight off the index.
    index("contacts_owner_created_idx").on(t.ownerId, t.createdAt, t.id),
    index("contacts_owner_status_idx").on(t.ownerId, t.status),
  ],
);

export const contactActivities = pgTable(
  "contact_activities",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, string | null>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_activities_contact_idx").on(t.contactId, t.createdAt)],
);

/** An owner's tags, made on the fly while tagging; one name per owner. */
export const contactTags = pgTable(
  "contact_tags",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** One of CONTACT_TAG_COLORS. */
    color: text("color").notNull().default("gray"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("contact_tags_owner_name_key").on(t.ownerId, t.name)],
);

export const contactTagLinks = pgTable(
  "contact_tag_links",
  {
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => contactTags.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index("contact_tag_links_tag_idx").on(t.tagId)],
);

/** An owner's custom contact fields (予約日, 来店回数, …): shown in the drawer, list and CSV. */
export const contactFields = pgTable(
  "contact_fields",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    /** text, number, date or select (CONTACT_FIELD_TYPES). */
    type: text("type").notNull(),
    /** The choices of a select field. */
    options: jsonb("options").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("contact_fields_owner_label_key").on(t.ownerId, t.label)],
);

/**
 * A task or follow-up on a contact (「来週お電話」): due on a Tokyo calendar day, done or not.
 * The dashboard lists the ones due today and overdue.
 */
export const contactTasks = pgTable(
  "contact_tasks",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** The day it is due, yyyy-MM-dd in Tokyo time (a calendar day, not an instant). */
    dueOn: text("due_on").notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_tasks_owner_due_idx").on(t.ownerId, t.dueOn),
    index("contact_tasks_contact_idx").on(t.contactId),
  ],
);
