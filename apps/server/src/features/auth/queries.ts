import { and, asc, count, eq, isNotNull, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { accounts, authThrottles, sessions, users, workspaceMembers } from "../../db/schema/index";

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
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
      user: users,
      hasPassword: sql<boolean>`EXISTS (SELECT 1 FROM ${accounts} WHERE ${accounts.userId} = ${users.id}
        AND ${accounts.providerId} = 'credential' AND ${accounts.password} IS NOT NULL)`,
      workspaceId: membership.workspaceId,
      role: membership.role,
      lastActiveAt: membership.lastActiveAt,
      // Owner or administrator of some workspace with other members: must use 2FA (decision 0052).
      leadsShared: sql<boolean>`EXISTS (SELECT 1 FROM workspace_members lead WHERE lead.user_id = ${users.id}
        AND lead.role IN ('owner', 'admin') AND EXISTS (SELECT 1 FROM workspace_members other
          WHERE other.workspace_id = lead.workspace_id AND other.user_id <> ${users.id}))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(membership, sql`true`)
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("shobai_session_with_user");
}

/**
 * The session of a cookie's token with its user and the membership it works in, in one indexed
 * read (decisions 0023, 0057): what every signed-in request needs, so a removed session, account
 * or membership is refused at once. A prepared statement: built once, parsed and planned once per
 * connection.
 */
export async function findSessionWithUser(db: Database, token: string) {
  let prepared = sessionsWithUsers.get(db);
  if (!prepared) {
    prepared = prepareSessionWithUser(db);
    sessionsWithUsers.set(db, prepared);
  }
  const [row] = await prepared.execute({ token });
  return row;
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

export type UserPatch = Partial<
  Pick<UserRow, "firstName" | "lastName" | "name" | "language" | "plan" | "subscriptionStatus" | "deletedAt">
> & { subscriptionEndsAt?: Date | null; trialEndsAt?: Date | null };

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
      plan: users.plan,
      subscriptionStatus: users.subscriptionStatus,
      trialEndsAt: users.trialEndsAt,
      deletedAt: users.deletedAt,
      createdAt: users.createdAt,
    })
    .from(users)
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
