import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { secondFactorBackupCodes, secondFactors, sessions, users } from "../../db/schema/index";

export type SecondFactorRow = typeof secondFactors.$inferSelect;

export function findSecondFactor(db: Database, userId: string): Promise<SecondFactorRow | undefined> {
  return db.query.secondFactors.findFirst({ where: eq(secondFactors.userId, userId) });
}

/** Starts (or restarts) an enrolment: a new secret, not enabled until a code confirms it. */
export async function startEnrolment(db: Database, userId: string, sealedSecret: string): Promise<void> {
  await db
    .insert(secondFactors)
    .values({ userId, totpSecret: sealedSecret, enabledAt: null, lastStep: 0 })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { totpSecret: sealedSecret, enabledAt: null, lastStep: 0, updatedAt: new Date() },
    });
}

/**
 * Records that a code of time step `step` was used, only if no code of this or a later step was:
 * false when the code was already spent (a replay).
 */
export async function useStep(db: Database, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastStep: step })
    .where(and(eq(secondFactors.userId, userId), sql`${secondFactors.lastStep} < ${step}`))
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

/** Turns two-factor sign-in on with a fresh set of backup codes, in one transaction. */
export async function enable(db: Database, userId: string, at: Date, codeHashes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(secondFactors)
      .set({ enabledAt: at, updatedAt: at })
      .where(eq(secondFactors.userId, userId));
    await tx.update(users).set({ secondFactorEnabled: true, updatedAt: at }).where(eq(users.id, userId));
    await tx.delete(secondFactorBackupCodes).where(eq(secondFactorBackupCodes.userId, userId));
    await tx
      .insert(secondFactorBackupCodes)
      .values(codeHashes.map((codeHash) => ({ id: crypto.randomUUID(), userId, codeHash, createdAt: at })));
  });
}

export async function disable(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(secondFactors).where(eq(secondFactors.userId, userId));
    await tx.delete(secondFactorBackupCodes).where(eq(secondFactorBackupCodes.userId, userId));
    await tx
      .update(users)
      .set({ secondFactorEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}

export async function replaceBackupCodes(db: Database, userId: string, codeHashes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(secondFactorBackupCodes).where(eq(secondFactorBackupCodes.userId, userId));
    await tx
      .insert(secondFactorBackupCodes)
      .values(codeHashes.map((codeHash) => ({ id: crypto.randomUUID(), userId, codeHash })));
  });
}

/** Spends a backup code: true once, when it existed (the delete makes a second use fail). */
export async function consumeBackupCode(db: Database, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(secondFactorBackupCodes)
    .where(and(eq(secondFactorBackupCodes.userId, userId), eq(secondFactorBackupCodes.codeHash, codeHash)))
    .returning({ id: secondFactorBackupCodes.id });
  return rows.length > 0;
}

export async function countBackupCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(secondFactorBackupCodes)
    .where(eq(secondFactorBackupCodes.userId, userId));
  return Number(row?.n ?? 0);
}

export async function markSessionVerified(db: Database, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: at }).where(eq(sessions.id, sessionId));
}

/** The session a password change just created for this browser carries over the old one's proof. */
export async function markNewestSessionVerified(db: Database, userId: string, at: Date): Promise<void> {
  const newest = await db.query.sessions.findFirst({
    where: eq(sessions.userId, userId),
    orderBy: desc(sessions.createdAt),
    columns: { id: true },
  });
  if (newest) await markSessionVerified(db, newest.id, at);
}

export async function isSecondFactorRequired(db: Database, userId: string): Promise<boolean> {
  const row = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { secondFactorRequired: true },
  });
  return row?.secondFactorRequired ?? false;
}

/**
 * Whether the person is an owner or administrator of a workspace that has other members: such
 * accounts must use two-factor sign-in (issue 24). One indexed query (members by user, then a count
 * per workspace by its primary key prefix).
 */
export async function leadsSharedWorkspace(db: Database, userId: string): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT EXISTS (
      SELECT 1 FROM workspace_members m
      WHERE m.user_id = ${userId} AND m.role IN ('owner', 'admin')
        AND EXISTS (SELECT 1 FROM workspace_members o WHERE o.workspace_id = m.workspace_id AND o.user_id <> ${userId})
    ) AS leads`);
  const rows = (result as unknown as { rows: { leads: boolean }[] }).rows;
  return rows[0]?.leads === true;
}

export async function setSecondFactorRequired(
  db: Database,
  userId: string,
  required: boolean,
): Promise<void> {
  await db.update(users).set({ secondFactorRequired: required }).where(eq(users.id, userId));
}
