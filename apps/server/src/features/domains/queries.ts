import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { domains } from "../../db/schema/index";

export type DomainRow = typeof domains.$inferSelect;
type NewDomainRow = typeof domains.$inferInsert;

/** Inserts the `registering` row; unique (name) and (owner, idempotency key) guard repeats. */
export async function insertDomain(db: Database, row: NewDomainRow): Promise<DomainRow> {
  const [inserted] = await db.insert(domains).values(row).returning();
  if (!inserted) throw new Error("domain insert returned no row");
  return inserted;
}

export async function findByIdempotencyKey(
  db: Database,
  ownerId: string,
  idempotencyKey: string,
): Promise<DomainRow | undefined> {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.ownerId, ownerId), eq(domains.idempotencyKey, idempotencyKey)));
  return row;
}

/** Any owner's row for the name: a name registered through Shobai is nobody else's to take. */
export async function findByName(db: Database, name: string): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(domains).where(eq(domains.name, name));
  return row;
}

/** Rows (any owner, any status) whose name is one of `names`: the domains a host name lies in. */
export function findByNames(db: Database, names: string[]): Promise<DomainRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return db.select().from(domains).where(inArray(domains.name, names));
}

export async function findOwned(db: Database, ownerId: string, name: string): Promise<DomainRow | undefined> {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.ownerId, ownerId), eq(domains.name, name)));
  return row;
}

/** Newest first. */
export function listOwned(db: Database, ownerId: string): Promise<DomainRow[]> {
  return db
    .select()
    .from(domains)
    .where(eq(domains.ownerId, ownerId))
    .orderBy(desc(domains.createdAt), desc(domains.id));
}

export async function markActive(
  db: Database,
  id: string,
  values: { expiresAt: Date; nameServers: string[]; priceJpy: number | null },
): Promise<DomainRow | undefined> {
  const [row] = await db
    .update(domains)
    .set({ ...values, status: "active", updatedAt: new Date() })
    .where(eq(domains.id, id))
    .returning();
  return row;
}

export async function setNameServers(
  db: Database,
  ownerId: string,
  id: string,
  nameServers: string[],
): Promise<DomainRow | undefined> {
  const [row] = await db
    .update(domains)
    .set({ nameServers, updatedAt: new Date() })
    .where(and(eq(domains.id, id), eq(domains.ownerId, ownerId)))
    .returning();
  return row;
}

/** Removes a registration that did not happen (only while it is still `registering`). */
export async function deleteRegistering(db: Database, id: string): Promise<void> {
  await db.delete(domains).where(and(eq(domains.id, id), eq(domains.status, "registering")));
}
