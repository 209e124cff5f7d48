import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Table and column names follow better-auth's model (users, sessions, accounts, verifications),
// plus Shobai's own user columns: name parts, language and soft deletion (the subscription belongs to
// the workspace, decision 0051).

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  language: text("language"),
  /**
   * @deprecated Before teams the subscription lived here; it is the workspace's now (`workspaces`,
   * decision 0051). Kept, unread, for one release so the previous version keeps working during a
   * rolling upgrade (deploy/README.md: columns are dropped a release later); triggers keep them and
   * the personal workspace's columns equal meanwhile. Drop in the next release.
   */
  legacyPlan: text("plan").notNull().default("trial"),
  /** @deprecated See legacyPlan. */
  legacySubscriptionStatus: text("subscription_status").notNull().default("trialing"),
  /** @deprecated See legacyPlan. */
  legacyTrialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
  /** @deprecated See legacyPlan. */
  legacySubscriptionEndsAt: timestamp("subscription_ends_at", { withTimezone: true }),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  /** Two-factor sign-in is on (decision 0052): read with the session, so the gate costs no query. */
  secondFactorEnabled: boolean("second_factor_enabled").notNull().default(false),
  /** An operator (or, later, the workspace rules) requires this user to enrol in two-factor sign-in. */
  secondFactorRequired: boolean("second_factor_required").notNull().default(false),
  /** The user has at least one passkey (decision 0052): read with the session, like the flag above. */
  hasPasskey: boolean("has_passkey").notNull().default(false),
  ...timestamps,
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** The workspace this session works in (a membership is checked on every request; null = personal). */
    activeWorkspaceId: text("active_workspace_id"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** When this session last proved the second factor; null = not yet (decision 0052). */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * Counters for guessing and mail-bombing limits that must hold across app processes: failed
 * sign-ins per address, reset and verification mails per address or account. One row per key
 * (e.g. `login:hana@example.jp`); a window restarts when it has passed.
 */
export const authThrottles = pgTable("auth_throttles", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * A user's authenticator (TOTP, RFC 6238) secret, sealed with the secret box (decision 0052).
 * `enabledAt` null = enrolment started, not yet confirmed with a code. `lastStep` is the last time
 * step a code was accepted for: a code works once.
 */
export const secondFactors = pgTable("second_factors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  totpSecret: text("totp_secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastStep: integer("last_step").notNull().default(0),
  ...timestamps,
});

/** One-time backup codes, stored as keyed hashes (HMAC-SHA256): a used code is deleted. */
export const secondFactorBackupCodes = pgTable(
  "second_factor_backup_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("second_factor_backup_codes_user_id_idx").on(t.userId)],
);

/**
 * A person's passkeys (WebAuthn credentials, decision 0052): personal, so owned by the user, not a
 * workspace. `credentialId` is the authenticator's id (base64url), `publicKey` the COSE key
 * (base64url), `counter` the signature counter (0 for synced passkeys, which do not count).
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    credentialId: text("credential_id").notNull().unique(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

/**
 * WebAuthn challenges waiting for the browser's answer: each is spent once (deleted on use) and
 * expires after 5 minutes. `userId` null = a passkey sign-in (the browser picks the account).
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("passkey_challenges_expires_at_idx").on(t.expiresAt)],
);
