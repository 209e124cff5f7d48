import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { passkeyChallenges, passkeys, users } from "../../db/schema/index";

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = "register" | "sign-in" | "verify";

export function listPasskeys(db: Database, userId: string): Promise<PasskeyRow[]> {
  return db.query.passkeys.findMany({
    where: eq(passkeys.userId, userId),
    orderBy: [asc(passkeys.createdAt), asc(passkeys.id)],
  });
}

export function findByCredentialId(db: Database, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.query.passkeys.findFirst({ where: eq(passkeys.credentialId, credentialId) });
}

/** Keeps `users.has_passkey` (read with the session) in step with the passkeys table. */
const syncFlag = (userId: string) =>
  sql`UPDATE ${users} SET has_passkey = EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.userId} = ${userId}),
    updated_at = now() WHERE ${users.id} = ${userId}`;

export async function insertPasskey(db: Database, row: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(passkeys).values(row).returning();
    await tx.execute(syncFlag(row.userId));
    if (!inserted) throw new Error("passkey insert returned nothing");
    return inserted;
  });
}

/** Renames the user's passkey; undefined when the user has no passkey of this id. */
export async function renamePasskey(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/** Deletes the user's passkey; false when the user has no passkey of this id. */
export async function deletePasskey(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id });
    await tx.execute(syncFlag(userId));
    return rows.length > 0;
  });
}

export async function deleteAllPasskeys(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.execute(syncFlag(userId));
  });
}

export async function markUsed(db: Database, id: string, counter: number, at: Date): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));
}

export async function countPasskeys(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return Number(row?.n ?? 0);
}

export async function saveChallenge(
  db: Database,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  // Unanswered challenges are cleared as new ones are made (an index on expires_at keeps it cheap).
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values({ challenge, purpose, userId, expiresAt });
}

/**
 * Spends a challenge: the row once, if it was made for this purpose (and user) and has not expired;
 * a second answer to the same challenge finds nothing.
 */
export async function takeChallenge(
  db: Database,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(eq(passkeyChallenges.challenge, challenge))
    .returning();
  const row = rows[0];
  return Boolean(row && row.purpose === purpose && row.userId === userId && row.expiresAt > now);
}
