import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { aiGenerations, websiteAssets, websites } from "../../db/schema/index";

export type WebsiteRow = typeof websites.$inferSelect;
export type NewWebsiteRow = typeof websites.$inferInsert;
export type WebsiteAssetRow = typeof websiteAssets.$inferSelect;
export type NewWebsiteAssetRow = typeof websiteAssets.$inferInsert;

export function listWebsites(db: Database, ownerId: string): Promise<WebsiteRow[]> {
  return db.select().from(websites).where(eq(websites.ownerId, ownerId)).orderBy(desc(websites.createdAt));
}

export async function countWebsites(db: Database, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(websites)
    .where(eq(websites.ownerId, ownerId));
  return row?.n ?? 0;
}

export async function findWebsite(
  db: Database,
  ownerId: string,
  id: string,
): Promise<WebsiteRow | undefined> {
  const [row] = await db
    .select()
    .from(websites)
    .where(and(eq(websites.ownerId, ownerId), eq(websites.id, id)));
  return row;
}

export async function findWebsiteBySlug(db: Database, slug: string): Promise<WebsiteRow | undefined> {
  const [row] = await db.select().from(websites).where(eq(websites.slug, slug));
  return row;
}

export async function slugTaken(db: Database, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: websites.id }).from(websites).where(eq(websites.slug, slug));
  return Boolean(row);
}

/** The website and its copied images together: either both are stored or neither. */
export async function insertWebsite(
  db: Database,
  row: NewWebsiteRow,
  assets: Omit<NewWebsiteAssetRow, "websiteId">[] = [],
): Promise<WebsiteRow> {
  return db.transaction(async (tx) => {
    const [written] = await tx.insert(websites).values(row).returning();
    if (!written) throw new Error("website was not written");
    if (assets.length > 0) {
      await tx.insert(websiteAssets).values(assets.map((asset) => ({ ...asset, websiteId: written.id })));
    }
    return written;
  });
}

export async function findAsset(
  db: Database,
  websiteId: string,
  assetId: string,
): Promise<WebsiteAssetRow | undefined> {
  const [row] = await db
    .select()
    .from(websiteAssets)
    .where(and(eq(websiteAssets.websiteId, websiteId), eq(websiteAssets.id, assetId)));
  return row;
}

export async function countAssets(db: Database, websiteId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(websiteAssets)
    .where(eq(websiteAssets.websiteId, websiteId));
  return row?.n ?? 0;
}

export async function updateWebsite(
  db: Database,
  ownerId: string,
  id: string,
  patch: Partial<Omit<NewWebsiteRow, "id" | "ownerId" | "createdAt">>,
): Promise<WebsiteRow | undefined> {
  const [row] = await db
    .update(websites)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(websites.ownerId, ownerId), eq(websites.id, id)))
    .returning();
  return row;
}

export async function deleteWebsite(db: Database, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(websites)
    .where(and(eq(websites.ownerId, ownerId), eq(websites.id, id)))
    .returning({ id: websites.id });
  return rows.length > 0;
}

/** AI-written site texts of one owner since an instant (the plan's monthly allowance). */
export async function countAiGenerationsSince(db: Database, ownerId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(aiGenerations)
    .where(and(eq(aiGenerations.ownerId, ownerId), gte(aiGenerations.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertAiGeneration(db: Database, ownerId: string): Promise<void> {
  await db.insert(aiGenerations).values({ id: crypto.randomUUID(), ownerId });
}
