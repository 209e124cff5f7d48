import {
  searchNeedles,
  type TConsentSource,
  type TContactActivityType,
  type TContactStatus,
  type TMarketingConsent,
} from "@shobai/shared";
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Database } from "../../db/client";
import { contactActivities, contacts, contactTagLinks, contactTags } from "../../db/schema/index";
import { unmapped } from "../../db/unmapped";
import { hasAllTags } from "./tag-queries";

export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;
export type ActivityRow = typeof contactActivities.$inferSelect;
/** A tag as the list shows it beside its contact. */
export type ListedTag = { id: string; name: string; color: string };
/** A contact of the list with its tags (by name), read in the same query. */
export type ListedContactRow = Omit<ContactRow, "searchText"> & { tags: ListedTag[] };
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

function listFilter(
  ownerId: string,
  search: string | undefined,
  status: TContactStatus | "all",
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(contacts.ownerId, ownerId)];
  if (status !== "all") conditions.push(eq(contacts.status, status));
  const needles = searchNeedles(search ?? "");
  if (needles.length > 0) {
    // Substring tests on the stored, folded search text (names, readings in hiragana and romaji,
    // company, email, phone digits): `%` or `_` in the search are plain characters, and the
    // text's separators keep a match inside one field.
    conditions.push(or(...needles.map((n) => sql`strpos(${contacts.searchText}, ${n}) > 0`)));
  }
  return and(...conditions);
}

/** A contact's tags as the list shows them, by name. */
const tagsJson = sql<ListedTag[]>`json_agg(json_build_object('id', ${contactTags.id},
  'name', ${contactTags.name}, 'color', ${contactTags.color}) order by ${contactTags.name})`;

/**
 * A page of contacts with each one's tags (by name, as one JSON array) in one query (decision 0057),
 * not the page and then its tags: the page, then the tags of its contacts grouped in one pass.
 */
function pageWithTags(
  db: Database,
  ownerId: string | Placeholder,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  // Every column but the search text (only searched, never shown).
  const { searchText: _searchText, ...shown } = getTableColumns(contacts);
  const page = db
    .$with("page")
    .as(
      db
        .select(shown)
        .from(contacts)
        .where(where)
        .orderBy(desc(contacts.createdAt), desc(contacts.id))
        .limit(limit)
        .offset(offset),
    );
  const tagged = db.$with("tagged").as(
    db
      .select({
        contactId: contactTagLinks.contactId,
        tags: tagsJson.as("tags"),
      })
      .from(contactTagLinks)
      .innerJoin(contactTags, eq(contactTags.id, contactTagLinks.tagId))
      .where(
        and(
          eq(contactTagLinks.ownerId, ownerId),
          inArray(contactTagLinks.contactId, db.select({ id: page.id }).from(page)),
        ),
      )
      .groupBy(contactTagLinks.contactId),
  );

  return db
    .with(page, tagged)
    .select({
      ...page._.selectedFields,
      tags: sql<ListedTag[]>`coalesce(${tagged.tags}, '[]'::json)`.as("tags"),
    })
    .from(page)
    .leftJoin(tagged, eq(tagged.contactId, page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
}

const preparedLists = new WeakMap<Database, ReturnType<typeof prepareList>>();

function prepareList(db: Database) {
  const ownerId = sql.placeholder("ownerId");
  return pageWithTags(
    db,
    ownerId,
    eq(contacts.ownerId, ownerId),
    sql.placeholder("limit"),
    sql.placeholder("offset"),
  ).prepare("shobai_contacts_page");
}

/** A row of the prepared page as the driver gives it: column names, timestamps as text (see `listed`). */
type RawListedRow = {
  id: string;
  owner_id: string;
  first_name: string;
  last_name: string;
  first_name_kana: string;
  last_name_kana: string;
  company_kana: string;
  email: string;
  company: string;
  phone: string;
  status: string;
  source: string;
  language: string | null;
  marketing_consent: string;
  consent_updated_at: string | null;
  consent_source: string | null;
  consent_text: string | null;
  custom_fields: Record<string, string | number>;
  created_at: string;
  updated_at: string;
  tags: ListedTag[];
};

/**
 * The driver's row as drizzle would map it. The CRM's first screen reads its page unmapped and maps
 * it here: drizzle's generic mapping of a CTE's columns cost a tenth of the request (decision 0057).
 */
function listed(r: RawListedRow): ListedContactRow {
  return {
    id: r.id,
    ownerId: r.owner_id,
    firstName: r.first_name,
    lastName: r.last_name,
    firstNameKana: r.first_name_kana,
    lastNameKana: r.last_name_kana,
    companyKana: r.company_kana,
    email: r.email,
    company: r.company,
    phone: r.phone,
    status: r.status,
    source: r.source,
    language: r.language,
    marketingConsent: r.marketing_consent,
    consentUpdatedAt: r.consent_updated_at === null ? null : new Date(r.consent_updated_at),
    consentSource: r.consent_source,
    consentText: r.consent_text,
    customFields: r.custom_fields,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    tags: r.tags,
  };
}

function preparedList(db: Database) {
  let prepared = preparedLists.get(db);
  if (!prepared) {
    prepared = prepareList(db);
    preparedLists.set(db, prepared);
  }
  return prepared;
}

export async function listContacts(
  db: Database,
  ownerId: string,
  opts: {
    search?: string | undefined;
    status: TContactStatus | "all";
    limit: number;
    offset: number;
    tags?: string[];
  },
): Promise<{ rows: ListedContactRow[]; total: number }> {
  const tagIds = opts.tags ?? [];
  const where = and(
    listFilter(ownerId, opts.search, opts.status),
    tagIds.length > 0 ? hasAllTags(ownerId, tagIds) : undefined,
  );
  // The unfiltered list (the CRM's first screen) is a prepared statement: planned once per connection.
  const rows =
    opts.status === "all" && searchNeedles(opts.search ?? "").length === 0 && tagIds.length === 0
      ? (
          await unmapped<RawListedRow>(preparedList(db)).all({
            ownerId,
            limit: opts.limit,
            offset: opts.offset,
          })
        ).map(listed)
      : await pageWithTags(db, ownerId, where, opts.limit, opts.offset);
  // A page that is not full ends the list, so it gives the total; only a full page, or one past
  // the end, needs a count (a window count on every page costs more than the page itself).
  if (rows.length < opts.limit && (rows.length > 0 || opts.offset === 0)) {
    return { rows, total: opts.offset + rows.length };
  }
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(where);
  return { rows, total: count?.n ?? 0 };
}

export function allContacts(db: Database, ownerId: string): Promise<ContactRow[]> {
  return db.select().from(contacts).where(eq(contacts.ownerId, ownerId)).orderBy(asc(contacts.createdAt));
}

export async function countByStatus(db: Database, ownerId: string): Promise<{ status: string; n: number }[]> {
  return db
    .select({ status: contacts.status, n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(eq(contacts.ownerId, ownerId))
    .groupBy(contacts.status);
}

export async function findContact(
  db: Executor,
  ownerId: string,
  id: string,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id)));
  return row;
}

export async function findContactByEmail(db: Executor, ownerId: string, email: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.email, email)));
  return row;
}

/** A contact known only by phone (an enquiry without email), matched by the number's digits. */
export async function findPhoneOnlyContact(db: Executor, ownerId: string, digits: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.ownerId, ownerId),
        eq(contacts.email, ""),
        sql`regexp_replace(${contacts.phone}, '[^0-9]', '', 'g') = ${digits}`,
      ),
    )
    .limit(1);
  return row;
}

export async function existingEmails(db: Executor, ownerId: string, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const rows = await db
      .select({ email: contacts.email })
      .from(contacts)
      .where(and(eq(contacts.ownerId, ownerId), inArray(contacts.email, chunk)));
    for (const r of rows) found.add(r.email);
  }
  return found;
}

/** Inserts, skipping emails the owner already has (a concurrent insert, say); returns the rows written. */
export async function insertContacts(db: Executor, rows: NewContactRow[]): Promise<ContactRow[]> {
  const written: ContactRow[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    written.push(
      ...(await db
        .insert(contacts)
        .values(chunk)
        .onConflictDoNothing({
          target: [contacts.ownerId, contacts.email],
          where: sql`${contacts.email} <> ''`,
        })
        .returning()),
    );
  }
  return written;
}

export async function updateContact(
  db: Executor,
  ownerId: string,
  id: string,
  patch: Partial<
    Pick<
      ContactRow,
      | "firstName"
      | "lastName"
      | "firstNameKana"
      | "lastNameKana"
      | "email"
      | "company"
      | "companyKana"
      | "phone"
      | "status"
      | "searchText"
      | "customFields"
    >
  >,
): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id)))
    .returning();
  return row;
}

/**
 * Moves a contact's marketing consent to `state` when it is one of `from` (so a confirmation
 * cannot revive a withdrawn consent, nor a request demote a confirmed one). Returns the row if it moved.
 */
export async function setConsent(
  db: Executor,
  ownerId: string,
  id: string,
  state: TMarketingConsent,
  from: readonly TMarketingConsent[],
  at: Date,
  record?: { source: TConsentSource; text: string },
): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({
      marketingConsent: state,
      consentUpdatedAt: at,
      updatedAt: at,
      ...(record ? { consentSource: record.source, consentText: record.text } : {}),
    })
    .where(
      and(eq(contacts.ownerId, ownerId), eq(contacts.id, id), inArray(contacts.marketingConsent, [...from])),
    )
    .returning();
  return row;
}

export async function deleteContact(db: Executor, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

export async function insertActivities(
  db: Executor,
  rows: {
    ownerId: string;
    contactId: string;
    type: TContactActivityType;
    data: Record<string, string | null>;
  }[],
): Promise<ActivityRow[]> {
  const written: ActivityRow[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000).map((r) => ({ ...r, id: crypto.randomUUID() }));
    written.push(...(await db.insert(contactActivities).values(chunk).returning()));
  }
  return written;
}

export function listActivities(db: Database, ownerId: string, contactId: string): Promise<ActivityRow[]> {
  return db
    .select()
    .from(contactActivities)
    .where(and(eq(contactActivities.ownerId, ownerId), eq(contactActivities.contactId, contactId)))
    .orderBy(desc(contactActivities.createdAt), desc(contactActivities.id));
}

/** Records the language a contact wrote in, unless one is known already. */
export async function setLanguageIfUnknown(
  db: Executor,
  ownerId: string,
  id: string,
  language: string,
): Promise<void> {
  await db
    .update(contacts)
    .set({ language })
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id), isNull(contacts.language)));
}

/**
 * The owner's other contacts that look like the same person: the same email, the same phone
 * (digits), or the same family name and company. The search text keeps the phone's digits.
 */
export type DuplicateProbe = {
  id?: string;
  email: string;
  phoneDigits: string;
  lastName: string;
  firstName?: string;
  lastNameKana?: string;
  firstNameKana?: string;
  company: string;
};

/**
 * Contacts that look like the probe: the same email, the same phone digits (9 or more), the same
 * family name and company, or the same family and given name with the same reading (a reading on
 * either side that is empty does not tell them apart).
 */
export async function findDuplicates(
  db: Executor,
  ownerId: string,
  probe: DuplicateProbe,
): Promise<ContactRow[]> {
  const same: SQL[] = [];
  if (probe.email) same.push(eq(contacts.email, probe.email));
  if (probe.phoneDigits.length >= 9) {
    same.push(
      sql`regexp_replace(normalize(${contacts.phone}, NFKC), '[^0-9]', '', 'g') = ${probe.phoneDigits}`,
    );
  }
  if (probe.lastName && probe.company) {
    same.push(and(eq(contacts.lastName, probe.lastName), eq(contacts.company, probe.company)) as SQL);
  }
  if (probe.lastName && probe.firstName) {
    same.push(
      and(
        eq(contacts.lastName, probe.lastName),
        eq(contacts.firstName, probe.firstName),
        probe.lastNameKana
          ? or(eq(contacts.lastNameKana, ""), eq(contacts.lastNameKana, probe.lastNameKana))
          : undefined,
        probe.firstNameKana
          ? or(eq(contacts.firstNameKana, ""), eq(contacts.firstNameKana, probe.firstNameKana))
          : undefined,
      ) as SQL,
    );
  }
  if (same.length === 0) return [];
  return db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.ownerId, ownerId),
        probe.id ? sql`${contacts.id} <> ${probe.id}` : undefined,
        or(...same),
      ),
    )
    .orderBy(asc(contacts.createdAt))
    .limit(20);
}

/** Moves one contact's timeline onto another (a merge keeps both). */
export async function moveActivities(
  db: Executor,
  ownerId: string,
  fromId: string,
  toId: string,
): Promise<void> {
  await db
    .update(contactActivities)
    .set({ contactId: toId })
    .where(and(eq(contactActivities.ownerId, ownerId), eq(contactActivities.contactId, fromId)));
}

/** What duplicate detection compares, for every contact of an owner (an import checks its rows at once). */
export async function duplicateKeys(db: Executor, ownerId: string) {
  return db
    .select({
      id: contacts.id,
      phone: contacts.phone,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      firstNameKana: contacts.firstNameKana,
      lastNameKana: contacts.lastNameKana,
      company: contacts.company,
    })
    .from(contacts)
    .where(eq(contacts.ownerId, ownerId));
}
