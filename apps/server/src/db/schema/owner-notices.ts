import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/**
 * What the owner has already looked at (issue 20): enquiries after `enquiriesSeenAt` are unread
 * (the badge on CRM), and the dashboard's first-run checklist hides once dismissed.
 */
export const ownerNotices = pgTable("owner_notices", {
  ownerId: text("owner_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  enquiriesSeenAt: timestamp("enquiries_seen_at", { withTimezone: true }),
  checklistDismissedAt: timestamp("checklist_dismissed_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
