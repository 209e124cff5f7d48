import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

export const websites = pgTable(
  "websites",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Unique across the platform: the site's address is /s/{slug}/ and {slug}.SITES_DOMAIN. */
    slug: text("slug").notNull().unique(),
    template: text("template").notNull(),
    businessType: text("business_type").notNull(),
    targetMarket: text("target_market").notNull().default("japan"),
    businessDescription: text("business_description").notNull().default(""),
    languages: jsonb("languages").$type<string[]>().notNull(),
    /**
     * The confirmed facts (shared TSiteFacts, decision 0025): what the owner confirmed over what the
     * description said. Regeneration and new languages start from them; null for older sites.
     */
    facts: jsonb("facts").$type<Record<string, unknown>>(),
    /** The generated content model (sitegen TSiteContent); pages are rendered from it. */
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    /**
     * The editor's draft (sitegen TSiteContent, issue 18); null while it equals `content`. Visitors see
     * `content` until the owner publishes the draft.
     */
    draft: jsonb("draft").$type<Record<string, unknown>>(),
    /** Counts draft saves; a save must name the revision it started from (409 otherwise). */
    draftRevision: integer("draft_revision").notNull().default(0),
    draftSavedAt: timestamp("draft_saved_at", { withTimezone: true }),
    /** The number of the published version in website_revisions; 0 before the first publish from the editor. */
    publishedRevision: integer("published_revision").notNull().default(0),
    isPublished: boolean("is_published").notNull().default(true),
    source: text("source").notNull().default("generated"),
    sourceUrl: text("source_url"),
    /** Where this site's form enquiries are announced by email; null: the owner's account address. */
    enquiryAlertEmail: text("enquiry_alert_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("websites_owner_created_idx").on(t.ownerId, t.createdAt)],
);

/**
 * One row per site text written by the AI provider, for the plan's monthly allowance (Tokyo
 * months). Kept when the website is deleted: the generation was used.
 */
export const aiGenerations = pgTable(
  "ai_generations",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ai_generations_owner_created_idx").on(t.ownerId, t.createdAt)],
);

/** Every version of a website's content that was published from the editor, for history and restore. */
export const websiteRevisions = pgTable(
  "website_revisions",
  {
    websiteId: text("website_id")
      .notNull()
      .references(() => websites.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    /** "generated": what visitors saw before the first publish from the editor. */
    kind: text("kind").notNull().default("published"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.revision] })],
);
