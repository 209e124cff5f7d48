import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { media, websiteRevisions, websites } from "../../db/schema/index";
import type { WebsiteRow } from "./queries";

export type WebsiteRevisionRow = typeof websiteRevisions.$inferSelect;

/**
 * Stores the draft only if it still is at `baseRevision` (one statement, so two tabs saving at once
 * cannot both win). Undefined: the site is not the owner's, or another save came first.
 */
export async function saveDraft(
  db: Database,
  ownerId: string,
  id: string,
  baseRevision: number,
  draft: Record<string, unknown>,
): Promise<WebsiteRow | undefined> {
  const [row] = await db
    .update(websites)
    .set({ draft, draftRevision: sql`${websites.draftRevision} + 1`, draftSavedAt: new Date() })
    .where(and(eq(websites.ownerId, ownerId), eq(websites.id, id), eq(websites.draftRevision, baseRevision)))
    .returning();
  return row;
}

/**
 * Publishes the draft at `baseRevision`: it becomes the content visitors see and a new numbered
 * revision. The first publish also keeps what visitors saw before (the generator's text) as
 * revision 1. Undefined when the draft moved on meanwhile or the site is not the owner's.
 */
export async function publishDraft(
  db: Database,
  ownerId: string,
  id: string,
  baseRevision: number,
  columns: { name: string; template: string; languages: string[]; facts: Record<string, unknown> | null },
): Promise<WebsiteRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(websites)
      .where(
        and(eq(websites.ownerId, ownerId), eq(websites.id, id), eq(websites.draftRevision, baseRevision)),
      )
      .for("update");
    if (!current) return undefined;
    const content = current.draft ?? current.content;
    let next = current.publishedRevision + 1;
    if (current.publishedRevision === 0) {
      await tx.insert(websiteRevisions).values({
        websiteId: id,
        revision: 1,
        content: current.content,
        kind: "generated",
        publishedAt: current.createdAt,
      });
      next = 2;
    }
    await tx.insert(websiteRevisions).values({ websiteId: id, revision: next, content, kind: "published" });
    const [row] = await tx
      .update(websites)
      .set({
        content,
        draft: null,
        publishedRevision: next,
        isPublished: true,
        name: columns.name,
        template: columns.template,
        languages: columns.languages,
        facts: columns.facts,
        updatedAt: new Date(),
      })
      .where(eq(websites.id, id))
      .returning();
    return row;
  });
}

/** A new draft that replaces whatever the draft was (restore, or a change made outside the editor). */
export async function replaceDraft(
  db: Database,
  ownerId: string,
  id: string,
  draft: Record<string, unknown> | null,
): Promise<WebsiteRow | undefined> {
  const [row] = await db
    .update(websites)
    .set({ draft, draftRevision: sql`${websites.draftRevision} + 1`, draftSavedAt: new Date() })
    .where(and(eq(websites.ownerId, ownerId), eq(websites.id, id)))
    .returning();
  return row;
}

/** The site's published versions, newest first (the caller checked the site is the owner's). */
export function listRevisions(
  db: Database,
  websiteId: string,
): Promise<Pick<WebsiteRevisionRow, "revision" | "kind" | "publishedAt">[]> {
  return db
    .select({
      revision: websiteRevisions.revision,
      kind: websiteRevisions.kind,
      publishedAt: websiteRevisions.publishedAt,
    })
    .from(websiteRevisions)
    .where(eq(websiteRevisions.websiteId, websiteId))
    .orderBy(desc(websiteRevisions.revision))
    .limit(200);
}

export async function findRevision(
  db: Database,
  websiteId: string,
  revision: number,
): Promise<WebsiteRevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(websiteRevisions)
    .where(and(eq(websiteRevisions.websiteId, websiteId), eq(websiteRevisions.revision, revision)));
  return row;
}

/** Which of these photo ids the website's media library still has. */
export async function existingMediaIds(db: Database, websiteId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.websiteId, websiteId), inArray(media.id, ids)));
  return new Set(rows.map((r) => r.id));
}
