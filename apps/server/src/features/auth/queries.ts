import { and, asc, count, eq, isNotNull, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import {
  accounts,
  authThrottles,
  sessions,
  users,
  workspaceMembers,
  workspaces,
} from "../../db/schema/index";
import { unmapped } from "../../db/unmapped";

export type UserRow = typeof users.$inferSelect;

const sessionsWithUsers = new WeakMap<Database, ReturnType<typeof prepareSessionWithUser>>();

/**
 * The membership a session works in: its chosen workspace while the person is still a member of it,
 * else their personal workspace (id = their id), else the one they joined first (issue 24).
 */
const chosenMembership = alias(workspaceMembers, "chosen");

function prepareSessionWithUser(db: Database) {
  const membership = db
    .select({
      workspaceId: chosenMembership.workspaceId,
      role: chosenMembership.role,
      lastActiveAt: chosenMembership.lastActiveAt,
    })
    .from(chosenMembership)
    .where(eq(chosenMembership.userId, sessions.userId))
    .orderBy(
      sql`(${chosenMembership.workspaceId} = ${sessions.activeWorkspaceId}) desc nulls last`,
      sql`(${chosenMembership.workspaceId} = ${sessions.userId}) desc`,
      chosenMembership.createdAt,
    )
    .limit(1)
    .as("membership");
  // Names of their own for the session's columns: the driver's rows are keyed by column name.
  return db
    .select({
      sessionId: sql<string>`${sessions.id}`.as("session_id"),
      sessionCreatedAt: sql<string>`${sessions.createdAt}`.as("session_created_at"),
      expiresAt: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
      user: users,
      hasPassword: sql<boolean>`EXISTS (SELECT 1 FROM ${accounts} WHERE ${accounts.userId} = ${users.id}
        AND ${accounts.providerId} = 'credential' AND ${accounts.password} IS NOT NULL)`.as("has_password"),
      workspaceId: membership.workspaceId,
      role: membership.role,
      lastActiveAt: membership.lastActiveAt,
      // The working workspace's subscription, for GET /api/auth/user without a second query.
      workspacePlan: sql<string | null>`${workspaces.plan}`.as("workspace_plan"),
      workspaceStatus: sql<string | null>`${workspaces.subscriptionStatus}`.as("workspace_status"),
      workspaceTrialEndsAt: sql<string | null>`${workspaces.trialEndsAt}`.as("workspace_trial_ends_at"),
      workspaceEndsAt: sql<string | null>`${workspaces.subscriptionEndsAt}`.as("workspace_ends_at"),
      // Owner or administrator of some workspace with other members: must use 2FA (decision 0052).
      leadsShared: sql<boolean>`EXISTS (SELECT 1 FROM workspace_members lead WHERE lead.user_id = ${users.id}
        AND lead.role IN ('owner', 'admin') AND EXISTS (SELECT 1 FROM workspace_members other
          WHERE other.workspace_id = lead.workspace_id AND other.user_id <> ${users.id}))`.as("leads_shared"),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(membership, sql`true`)
    .leftJoin(workspaces, eq(workspaces.id, membership.workspaceId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("shobai_session_with_user");
}

/** A row of the session read as the driver gives it: column names, timestamps as text. */
type RawSessionRow = {
  session_id: string;
  session_created_at: string;
  expires_at: string;
  second_factor_at: string | null;
  id: string;
  name: string;
  email: string;
  email_verified: boolean;
  image: string | null;
  first_name: string;
  last_name: string;
  language: string | null;
  plan: string;
  subscription_status: string;
  trial_ends_at: string | null;
  subscription_ends_at: string | null;
  deleted_at: string | null;
  second_factor_enabled: boolean;
  second_factor_required: boolean;
  has_passkey: boolean;
  created_at: string;
  updated_at: string;
  has_password: boolean;
  workspace_id: string | null;
  role: string | null;
  last_active_at: string | null;
  leads_shared: boolean;
  workspace_plan: string | null;
  workspace_status: string | null;
  workspace_trial_ends_at: string | null;
  workspace_ends_at: string | null;
};

export type SessionRow = {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  secondFactorAt: Date | null;
  user: UserRow;
  hasPassword: boolean;
  workspaceId: string | null;
  role: string | null;
  lastActiveAt: Date | null;
  leadsShared: boolean;
  /** The subscription of the workspace the session works in (null: no workspace). */
  workspacePlan: WorkspacePlanRow | null;
};

const date = (value: string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The driver's row as drizzle would map it, by hand: drizzle's generic mapping (an `is()` test per
 * field and row) cost more than the rest of this read on every signed-in request (decision 0057).
 * Typed as UserRow, so a column added to `users` and not mapped here fails to compile.
 */
function sessionRow(r: RawSessionRow): SessionRow {
  const user: UserRow = {
    id: r.id,
    name: r.name,
    email: r.email,
    emailVerified: r.email_verified,
    image: r.image,
    firstName: r.first_name,
    lastName: r.last_name,
    language: r.language,
    legacyPlan: r.plan,
    legacySubscriptionStatus: r.subscription_status,
    legacyTrialEndsAt: date(r.trial_ends_at),
    legacySubscriptionEndsAt: date(r.subscription_ends_at),
    deletedAt: date(r.deleted_at),
    secondFactorEnabled: r.second_factor_enabled,
    secondFactorRequired: r.second_factor_required,
    hasPasskey: r.has_passkey,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
  return {
    id: r.session_id,
    createdAt: new Date(r.session_created_at),
    expiresAt: new Date(r.expires_at),
    secondFactorAt: date(r.second_factor_at),
    user,
    hasPassword: r.has_password,
    workspaceId: r.workspace_id,
    role: r.role,
    lastActiveAt: date(r.last_active_at),
    leadsShared: r.leads_shared,
    workspacePlan:
      r.workspace_plan === null || r.workspace_status === null
        ? null
        : {
            plan: r.workspace_plan,
            subscriptionStatus: r.workspace_status,
            trialEndsAt: date(r.workspace_trial_ends_at),
            subscriptionEndsAt: date(r.workspace_ends_at),
          },
  };
}

/**
 * The session of a cookie's token with its user and the membership it works in, in one indexed
 * read (decisions 0023, 0057): what every signed-in request needs, so a removed session, account
 * or membership is refused at once. A prepared statement: built once, parsed and planned once per
 * connection.
 */
export async function findSessionWithUser(db: Database, token: string): Promise<SessionRow | undefined> {
  let prepared = sessionsWithUsers.get(db);
  if (!prepared) {
    prepared = prepareSessionWithUser(db);
    sessionsWithUsers.set(db, prepared);
  }
  const [row] = await unmapped<RawSessionRow>(prepared).all({ token });
  return row && sessionRow(row);
}

/** Records that a member worked in a workspace (best effort, never awaited by a request). */
export async function touchMembership(db: Database, workspaceId: string, userId: string): Promise<void> {
  await db
    .update(workspaceMembers)
    .set({ lastActiveAt: new Date() })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

export function findUserById(db: Database, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export function findUserByEmail(db: Database, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email.toLowerCase()) });
}

export async function findPasswordHash(db: Database, userId: string): Promise<string | null> {
  const row = await db.query.accounts.findFirst({
    where: and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")),
    columns: { password: true },
  });
  return row?.password ?? null;
}

export type UserPatch = Partial<Pick<UserRow, "firstName" | "lastName" | "name" | "language" | "deletedAt">>;

export type WorkspacePlanRow = Pick<
  typeof workspaces.$inferSelect,
  "plan" | "subscriptionStatus" | "trialEndsAt" | "subscriptionEndsAt"
>;

/** A workspace's subscription (decision 0051: the plan belongs to the workspace, not the person). */
export async function workspacePlanOf(
  db: Database,
  workspaceId: string,
): Promise<WorkspacePlanRow | undefined> {
  const [row] = await db
    .select({
      plan: workspaces.plan,
      subscriptionStatus: workspaces.subscriptionStatus,
      trialEndsAt: workspaces.trialEndsAt,
      subscriptionEndsAt: workspaces.subscriptionEndsAt,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row;
}

export async function updateWorkspacePlan(
  db: Database,
  workspaceId: string,
  patch: Partial<WorkspacePlanRow>,
): Promise<WorkspacePlanRow | undefined> {
  const [row] = await db
    .update(workspaces)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId))
    .returning({
      plan: workspaces.plan,
      subscriptionStatus: workspaces.subscriptionStatus,
      trialEndsAt: workspaces.trialEndsAt,
      subscriptionEndsAt: workspaces.subscriptionEndsAt,
    });
  return row;
}

export async function updateUser(db: Database, id: string, patch: UserPatch): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function deleteSessionsOf(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes accounts deleted before `cutoff`; their rows in every table go with them (cascade). */
export async function purgeUsersDeletedBefore(db: Database, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(users)
    .where(and(isNotNull(users.deletedAt), lt(users.deletedAt, cutoff)))
    .returning({ id: users.id });
  return rows.length;
}

export function listUsers(db: Database) {
  return db
    .select({
      email: users.email,
      name: users.name,
      plan: workspaces.plan,
      subscriptionStatus: workspaces.subscriptionStatus,
      trialEndsAt: workspaces.trialEndsAt,
      deletedAt: users.deletedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(workspaces, eq(workspaces.personalOf, users.id))
    .orderBy(asc(users.createdAt));
}

export async function countSessions(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

export async function markEmailVerified(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export type ThrottleRow = typeof authThrottles.$inferSelect;

export function findThrottle(db: Database, key: string) {
  return db.query.authThrottles.findFirst({ where: eq(authThrottles.key, key) });
}

/**
 * Counts one event for `key` in one statement (safe across processes): a window older than
 * `windowStart` starts again at 1. Returns the row after the count.
 */
export async function countThrottleEvent(
  db: Database,
  key: string,
  now: Date,
  windowStart: Date,
): Promise<ThrottleRow> {
  const [row] = await db
    .insert(authThrottles)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: authThrottles.key,
      set: {
        count: sql`CASE WHEN ${authThrottles.windowStartedAt} < ${windowStart} THEN 1 ELSE ${authThrottles.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${authThrottles.windowStartedAt} < ${windowStart} THEN ${now} ELSE ${authThrottles.windowStartedAt} END`,
      },
    })
    .returning();
  if (!row) throw new Error(`throttle row ${key} was not written`);
  return row;
}

/** Locks `key` until `until` and starts its count again; true only for the call that set the lock. */
export async function lockThrottle(db: Database, key: string, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .update(authThrottles)
    .set({ lockedUntil: until, count: 0, windowStartedAt: now })
    .where(
      and(
        eq(authThrottles.key, key),
        sql`(${authThrottles.lockedUntil} IS NULL OR ${authThrottles.lockedUntil} <= ${now})`,
      ),
    )
    .returning({ key: authThrottles.key });
  return rows.length > 0;
}

export async function clearThrottle(db: Database, key: string): Promise<void> {
  await db.delete(authThrottles).where(eq(authThrottles.key, key));
}

/** People other than the account itself in the account's personal workspace (issue 24). */
export async function countOtherMembers(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, userId), ne(workspaceMembers.userId, userId)));
  return row?.n ?? 0;
}

/** Workspaces other than the personal one that this person owns (they must go before the account). */
export async function ownedTeamWorkspaces(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        eq(workspaceMembers.role, "owner"),
        ne(workspaceMembers.workspaceId, userId),
      ),
    );
  return rows.map((r) => r.name);
}
