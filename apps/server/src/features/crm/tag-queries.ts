import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contactFields, contacts, contactTagLinks, contactTags } from "../../db/schema/index";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;
export type TagRow = typeof contactTags.$inferSelect;
export type FieldRow = typeof contactFields.$inferSelect;

export function listTags(db: Executor, ownerId: string): Promise<TagRow[]> {
  return db.select().from(contactTags).where(eq(contactTags.ownerId, ownerId)).orderBy(asc(contactTags.name));
}

export async function findTag(db: Executor, ownerId: string, id: string): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(contactTags)
    .where(and(eq(contactTags.ownerId, ownerId), eq(contactTags.id, id)));
  return row;
}

/** The owner's tags with these names, made (grey, or `color`) where missing. */
export async function ensureTags(
  db: Executor,
  ownerId: string,
  names: string[],
  color = "gray",
): Promise<TagRow[]> {
  if (names.length === 0) return [];
  await db
    .insert(contactTags)
    .values(names.map((name) => ({ id: crypto.randomUUID(), ownerId, name, color })))
    .onConflictDoNothing({ target: [contactTags.ownerId, contactTags.name] });
  return db
    .select()
    .from(contactTags)
    .where(and(eq(contactTags.ownerId, ownerId), inArray(contactTags.name, names)));
}

export async function updateTag(
  db: Executor,
  ownerId: string,
  id: string,
  patch: { name?: string; color?: string },
): Promise<TagRow | undefined> {
  const [row] = await db
    .update(contactTags)
    .set(patch)
    .where(and(eq(contactTags.ownerId, ownerId), eq(contactTags.id, id)))
    .returning();
  return row;
}

export async function deleteTag(db: Executor, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(contactTags)
    .where(and(eq(contactTags.ownerId, ownerId), eq(contactTags.id, id)))
    .returning({ id: contactTags.id });
  return rows.length > 0;
}

/** Each contact's tags, by contact id (contacts of the owner only). */
export async function tagsOfContacts(
  db: Executor,
  ownerId: string,
  contactIds: string[],
): Promise<Map<string, TagRow[]>> {
  const byContact = new Map<string, TagRow[]>();
  for (let i = 0; i < contactIds.length; i += 1000) {
    const chunk = contactIds.slice(i, i + 1000);
    if (chunk.length === 0) continue;
    const rows = await db
      .select({ contactId: contactTagLinks.contactId, tag: contactTags })
      .from(contactTagLinks)
      .innerJoin(contactTags, eq(contactTags.id, contactTagLinks.tagId))
      .where(and(eq(contactTagLinks.ownerId, ownerId), inArray(contactTagLinks.contactId, chunk)))
      .orderBy(asc(contactTags.name));
    for (const { contactId, tag } of rows) {
      const list = byContact.get(contactId) ?? [];
      list.push(tag);
      byContact.set(contactId, list);
    }
  }
  return byContact;
}

/** Gives `toId` every tag of `fromId` (a merge). */
export async function copyTags(db: Executor, ownerId: string, fromId: string, toId: string): Promise<void> {
  const rows = await db
    .select({ tagId: contactTagLinks.tagId })
    .from(contactTagLinks)
    .where(and(eq(contactTagLinks.ownerId, ownerId), eq(contactTagLinks.contactId, fromId)));
  await addLinks(
    db,
    rows.map((r) => ({ contactId: toId, tagId: r.tagId, ownerId })),
  );
}

/** Makes the contact's tags exactly `tagIds`. */
export async function setContactTags(
  db: Executor,
  ownerId: string,
  contactId: string,
  tagIds: string[],
): Promise<void> {
  await db
    .delete(contactTagLinks)
    .where(and(eq(contactTagLinks.ownerId, ownerId), eq(contactTagLinks.contactId, contactId)));
  await addContactTags(db, ownerId, [contactId], tagIds);
}

export async function addContactTags(
  db: Executor,
  ownerId: string,
  contactIds: string[],
  tagIds: string[],
): Promise<void> {
  await addLinks(
    db,
    contactIds.flatMap((contactId) => tagIds.map((tagId) => ({ contactId, tagId, ownerId }))),
  );
}

export async function addLinks(
  db: Executor,
  rows: { contactId: string; tagId: string; ownerId: string }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(contactTagLinks)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}

/** The condition "carries every one of these tags", for the contact list. */
export function hasAllTags(ownerId: string, tagIds: string[]) {
  return inArray(
    contacts.id,
    sql`(select ${contactTagLinks.contactId} from ${contactTagLinks}
      where ${contactTagLinks.ownerId} = ${ownerId} and ${inArray(contactTagLinks.tagId, tagIds)}
      group by ${contactTagLinks.contactId} having count(*) = ${tagIds.length})`,
  );
}

export function listFields(db: Executor, ownerId: string): Promise<FieldRow[]> {
  return db
    .select()
    .from(contactFields)
    .where(eq(contactFields.ownerId, ownerId))
    .orderBy(asc(contactFields.createdAt), asc(contactFields.id));
}

export async function insertField(
  db: Executor,
  row: { ownerId: string; label: string; type: string; options: string[] },
): Promise<FieldRow | undefined> {
  const [written] = await db
    .insert(contactFields)
    .values({ ...row, id: crypto.randomUUID() })
    .onConflictDoNothing({ target: [contactFields.ownerId, contactFields.label] })
    .returning();
  return written;
}

export async function deleteField(db: Executor, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(contactFields)
    .where(and(eq(contactFields.ownerId, ownerId), eq(contactFields.id, id)))
    .returning({ id: contactFields.id });
  return rows.length > 0;
}
