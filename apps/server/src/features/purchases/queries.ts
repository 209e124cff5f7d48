import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  billingAccounts,
  domainOrders,
  domains,
  ledgerEntries,
  users,
  workspaceMembers,
} from "../../db/schema/index";

export type OrderRow = typeof domainOrders.$inferSelect;
export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type DomainRow = typeof domains.$inferSelect;
type NewOrder = typeof domainOrders.$inferInsert;
type NewLedger = Omit<typeof ledgerEntries.$inferInsert, "id">;

export async function insertOrder(db: Database, row: NewOrder): Promise<OrderRow> {
  const [inserted] = await db.insert(domainOrders).values(row).returning();
  if (!inserted) throw new Error("order insert returned no row");
  return inserted;
}

export async function findOrder(db: Database, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(domainOrders).where(eq(domainOrders.id, id));
  return row;
}

export async function findOwnedOrder(
  db: Database,
  ownerId: string,
  id: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(domainOrders)
    .where(and(eq(domainOrders.id, id), eq(domainOrders.ownerId, ownerId)));
  return row;
}

export function listOrders(db: Database, ownerId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(domainOrders)
    .where(eq(domainOrders.ownerId, ownerId))
    .orderBy(desc(domainOrders.createdAt));
}

/** Moves an order from one status to the next; undefined when another request moved it first. */
export async function moveOrder(
  db: Database,
  id: string,
  from: string,
  values: Partial<NewOrder> & { status: string },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(domainOrders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(domainOrders.id, id), eq(domainOrders.status, from)))
    .returning();
  return row;
}

export async function setOrder(db: Database, id: string, values: Partial<NewOrder>): Promise<void> {
  await db
    .update(domainOrders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(domainOrders.id, id));
}

/** Adds a ledger row once: a row of the same kind for the same Stripe object is not added again. */
export async function record(db: Database, row: NewLedger): Promise<void> {
  await db
    .insert(ledgerEntries)
    .values({ id: crypto.randomUUID(), ...row })
    .onConflictDoNothing();
}

export function ledgerBetween(db: Database, from: Date, to: Date): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)))
    .orderBy(asc(ledgerEntries.createdAt));
}

export function ledgerOf(db: Database, ownerId: string): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.ownerId, ownerId))
    .orderBy(desc(ledgerEntries.createdAt));
}

/** Who pays for a workspace: its owner (decision 0051; a personal workspace's account until a transfer). */
export async function customerOf(db: Database, workspaceId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email, language: users.language })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")))
    .limit(1);
  return row;
}

export async function billingAccountOf(db: Database, userId: string) {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
  return row;
}

/** Keeps the Stripe customer and the card saved at checkout (renewals charge it). */
export async function saveCard(
  db: Database,
  userId: string,
  customerId: string | null,
  paymentMethodId: string | null,
): Promise<void> {
  const values = {
    ...(customerId ? { customerId } : {}),
    ...(paymentMethodId ? { paymentMethodId } : {}),
  };
  if (Object.keys(values).length === 0) return;
  await db
    .insert(billingAccounts)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingAccounts.userId, set: { ...values, updatedAt: new Date() } });
}

export async function setInvoiceBilled(db: Database, userId: string, invoiceBilled: boolean): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ userId, invoiceBilled })
    .onConflictDoUpdate({ target: billingAccounts.userId, set: { invoiceBilled, updatedAt: new Date() } });
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

export async function setAutoRenew(
  db: Database,
  ownerId: string,
  name: string,
  autoRenew: boolean,
): Promise<DomainRow | undefined> {
  const [row] = await db
    .update(domains)
    .set({ autoRenew, updatedAt: new Date() })
    .where(and(eq(domains.ownerId, ownerId), eq(domains.name, name)))
    .returning();
  return row;
}

/** Active, auto-renewing domains that expire before `until`, not tried since `triedBefore`. */
export function renewalsDue(db: Database, until: Date, triedBefore: Date): Promise<DomainRow[]> {
  return db
    .select()
    .from(domains)
    .where(
      and(
        eq(domains.status, "active"),
        eq(domains.autoRenew, true),
        isNotNull(domains.expiresAt),
        lte(domains.expiresAt, until),
        or(isNull(domains.renewalAttemptAt), lt(domains.renewalAttemptAt, triedBefore)),
      ),
    );
}

export async function updateDomain(db: Database, id: string, values: Partial<DomainRow>): Promise<void> {
  await db
    .update(domains)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(domains.id, id));
}

export async function usersByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Orders paid but neither registered nor refunded since before `before` (a process died, Stripe failed). */
export function stuckPaidOrders(db: Database, before: Date): Promise<OrderRow[]> {
  return db
    .select()
    .from(domainOrders)
    .where(
      and(
        eq(domainOrders.status, "paid"),
        eq(domainOrders.kind, "register"),
        lt(domainOrders.updatedAt, before),
      ),
    );
}
