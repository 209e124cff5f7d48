import { and, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { media, users, websites } from "../../db/schema";

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

export async function findOwnedWebsite(db: Database, ownerId: string, websiteId: string) {
  const [row] = await db
    .select({ id: websites.id, slug: websites.slug, content: websites.content, draft: websites.draft })
    .from(websites)
    .where(and(eq(websites.ownerId, ownerId), eq(websites.id, websiteId)));
  return row;
}

export function listMedia(db: Database, ownerId: string, websiteId: string): Promise<MediaRow[]> {
  return db
    .select()
    .from(media)
    .where(and(eq(media.ownerId, ownerId), eq(media.websiteId, websiteId)))
    .orderBy(desc(media.createdAt), desc(media.id));
}

export async function findMedia(db: Database, ownerId: string, websiteId: string, id: string) {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.ownerId, ownerId), eq(media.websiteId, websiteId), eq(media.id, id)));
  return row;
}

export async function findByHash(db: Database, websiteId: string, hash: string) {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.websiteId, websiteId), eq(media.hash, hash)));
  return row;
}

/** Bytes stored for all the owner's sites. */
export async function usedBytes(db: Database, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${media.bytes}), 0)::bigint` })
    .from(media)
    .where(eq(media.ownerId, ownerId));
  return Number(row?.n ?? 0);
}

export async function insertMedia(db: Database, row: NewMediaRow): Promise<MediaRow | undefined> {
  const [inserted] = await db.insert(media).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateMedia(
  db: Database,
  ownerId: string,
  websiteId: string,
  id: string,
  patch: Partial<Pick<MediaRow, "alt" | "decorative">>,
) {
  const [row] = await db
    .update(media)
    .set(patch)
    .where(and(eq(media.ownerId, ownerId), eq(media.websiteId, websiteId), eq(media.id, id)))
    .returning();
  return row;
}

export async function deleteMedia(db: Database, ownerId: string, websiteId: string, id: string) {
  const [row] = await db
    .delete(media)
    .where(and(eq(media.ownerId, ownerId), eq(media.websiteId, websiteId), eq(media.id, id)))
    .returning();
  return row;
}

/** The website's published content and draft with a photo taken out (the owner confirmed its deletion). */
export async function replaceContents(
  db: Database,
  websiteId: string,
  content: Record<string, unknown>,
  draft: Record<string, unknown> | null,
) {
  await db.update(websites).set({ content, draft, updatedAt: new Date() }).where(eq(websites.id, websiteId));
}

export async function websiteIdsOf(db: Database, ownerId: string): Promise<string[]> {
  const rows = await db.select({ id: websites.id }).from(websites).where(eq(websites.ownerId, ownerId));
  return rows.map((r) => r.id);
}

/** Websites of accounts deleted before `cutoff` (about to be purged). */
export async function websiteIdsOfAccountsDeletedBefore(db: Database, cutoff: Date): Promise<string[]> {
  const doomed = db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lt(users.deletedAt, cutoff)));
  const rows = await db.select({ id: websites.id }).from(websites).where(inArray(websites.ownerId, doomed));
  return rows.map((r) => r.id);
}
