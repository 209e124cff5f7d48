import { and, asc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accounts, sessions, users } from "../../db/schema/index";

export type UserRow = typeof users.$inferSelect;

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
