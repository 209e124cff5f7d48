import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * A workspace owns what an account owned before teams: websites, contacts, campaigns, senders,
 * domains, media, analytics (every `owner_id` column points here), and the subscription with its
 * limits (plan, status, trial and paid-period ends; Stripe's ids in `billing_accounts`). Each
 * account has a personal workspace whose id IS the account's id and whose `personal_of` names it:
 * deleting (purging) the account deletes that workspace and, through `owner_id`, everything in it.
 * Other workspaces (`personal_of` null) are created by a member and deleted by their owner.
 */
export const workspaces = pgTable("workspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull().default(""),
  /** The account whose personal workspace this is (= id); null for a workspace created for a team. */
  personalOf: text("personal_of")
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  plan: text("plan").notNull().default("trial"),
  subscriptionStatus: text("subscription_status").notNull().default("trialing"),
  trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
  subscriptionEndsAt: timestamp("subscription_ends_at", { withTimezone: true }),
  /** Who created it (kept as text: outlives the account); the one-trial-per-person rule reads it. */
  createdBy: text("created_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who belongs to a workspace, with one role: owner | admin | editor | viewer (see shared permissions). */
export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last request made in this workspace (written at most every few minutes). */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index("workspace_members_user_idx").on(t.userId),
  ],
);

/** An emailed invitation: the link carries a token whose SHA-256 is kept; it works once, for 7 days. */
export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("workspace_invitations_token_key").on(t.tokenHash),
    index("workspace_invitations_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

/** Who did what in a workspace, from which address and when (read by owners and admins on /team). */
export const workspaceAudit = pgTable(
  "workspace_audit",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Kept as text: the entry outlives the person's account. */
    actorId: text("actor_id"),
    action: text("action").notNull(),
    /** What the action was about, e.g. an email address or a member's user id. */
    target: text("target").notNull().default(""),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("workspace_audit_workspace_idx").on(t.workspaceId, t.createdAt)],
);
