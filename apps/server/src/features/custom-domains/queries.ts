import { and, asc, eq, inArray, isNull, lt, ne, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { customDomains, websites } from "../../db/schema/index";

export type CustomDomainRow = typeof customDomains.$inferSelect;
/** A connection with the website it serves (name for the screen, slug for the DNS target). */
export type ConnectionRow = CustomDomainRow & { websiteName: string; websiteSlug: string };

const withWebsite = { websiteName: websites.name, websiteSlug: websites.slug };

function selectConnections(db: Database) {
  return db
    .select({ row: customDomains, ...withWebsite })
    .from(customDomains)
    .innerJoin(websites, eq(websites.id, customDomains.websiteId));
}

const flatten = ({
  row,
  websiteName,
  websiteSlug,
}: {
  row: CustomDomainRow;
  websiteName: string;
  websiteSlug: string;
}) => ({
  ...row,
  websiteName,
  websiteSlug,
});

export async function listConnections(db: Database, ownerId: string): Promise<ConnectionRow[]> {
  const rows = await selectConnections(db)
    .where(eq(customDomains.ownerId, ownerId))
    .orderBy(asc(customDomains.createdAt), asc(customDomains.hostname));
  return rows.map(flatten);
}

export async function findConnection(
  db: Database,
  ownerId: string,
  id: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await selectConnections(db).where(
    and(eq(customDomains.ownerId, ownerId), eq(customDomains.id, id)),
  );
  return row && flatten(row);
}

/** The owner's own claim of this host name, in any state. */
export async function findOwnClaim(
  db: Database,
  ownerId: string,
  hostname: string,
): Promise<CustomDomainRow | undefined> {
  const [row] = await db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.ownerId, ownerId), eq(customDomains.hostname, hostname)));
  return row;
}

/** The verified claim of a host name (at most one across the platform), on any account. */
export async function findVerifiedClaim(
  db: Database,
  hostname: string,
): Promise<CustomDomainRow | undefined> {
  const [row] = await db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.hostname, hostname), eq(customDomains.status, "verified")));
  return row;
}

export async function insertConnection(
  db: Database,
  row: typeof customDomains.$inferInsert,
): Promise<CustomDomainRow> {
  const [written] = await db.insert(customDomains).values(row).returning();
  if (!written) throw new Error("custom domain was not written");
  return written;
}

export async function recordCheck(
  db: Database,
  ownerId: string,
  id: string,
  change: Partial<
    Pick<
      CustomDomainRow,
      "status" | "verifiedAt" | "lastCheckedAt" | "lastError" | "proofMissingSince" | "expiresAt"
    >
  >,
): Promise<void> {
  await db
    .update(customDomains)
    .set(change)
    .where(and(eq(customDomains.ownerId, ownerId), eq(customDomains.id, id)));
}

/**
 * The claim proved control of its host: it becomes the verified one, and every other account's
 * pending or verified claim of the host is marked lost with `lostReason`, in one transaction (the
 * partial unique index on verified host names settles a race between two proofs).
 */
export async function winClaim(
  db: Database,
  row: { id: string; ownerId: string; hostname: string },
  change: Pick<CustomDomainRow, "verifiedAt" | "lastCheckedAt">,
  lostReason: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const lost = await tx
      .update(customDomains)
      .set({
        status: "lost",
        verifiedAt: null,
        proofMissingSince: null,
        expiresAt: null,
        lastError: lostReason,
      })
      .where(
        and(
          eq(customDomains.hostname, row.hostname),
          ne(customDomains.ownerId, row.ownerId),
          inArray(customDomains.status, ["pending", "verified"]),
        ),
      )
      .returning({ id: customDomains.id });
    await tx
      .update(customDomains)
      .set({ ...change, status: "verified", proofMissingSince: null, expiresAt: null, lastError: null })
      .where(and(eq(customDomains.ownerId, row.ownerId), eq(customDomains.id, row.id)));
    return lost.length;
  });
}

/** Pending claims whose time ran out become expired; returns how many. */
export async function expireClaims(db: Database, now: Date, reason: string): Promise<number> {
  const rows = await db
    .update(customDomains)
    .set({ status: "expired", lastError: reason })
    .where(and(eq(customDomains.status, "pending"), lt(customDomains.expiresAt, now)))
    .returning({ id: customDomains.id });
  return rows.length;
}

/** Verified claims not checked since `before` (oldest first), for the periodic re-check. */
export async function verifiedDueForCheck(
  db: Database,
  before: Date,
  limit: number,
): Promise<ConnectionRow[]> {
  const rows = await selectConnections(db)
    .where(
      and(
        eq(customDomains.status, "verified"),
        or(isNull(customDomains.lastCheckedAt), lt(customDomains.lastCheckedAt, before)),
      ),
    )
    .orderBy(asc(customDomains.lastCheckedAt))
    .limit(limit);
  return rows.map(flatten);
}

/** What setting the host's record at the registrar ran into (null: nothing to report). */
export async function setLastError(
  db: Database,
  ownerId: string,
  id: string,
  lastError: string | null,
): Promise<void> {
  await db
    .update(customDomains)
    .set({ lastError })
    .where(and(eq(customDomains.ownerId, ownerId), eq(customDomains.id, id)));
}

export async function deleteConnection(db: Database, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(customDomains)
    .where(and(eq(customDomains.ownerId, ownerId), eq(customDomains.id, id)))
    .returning({ id: customDomains.id });
  return rows.length > 0;
}

/** Every verified host name with the slug it serves: the request router's map. */
export function verifiedHosts(db: Database): Promise<{ hostname: string; slug: string }[]> {
  return db
    .select({ hostname: customDomains.hostname, slug: websites.slug })
    .from(customDomains)
    .innerJoin(websites, eq(websites.id, customDomains.websiteId))
    .where(eq(customDomains.status, "verified"));
}

/** The owner's verified custom host names of these websites, first verified first (ZWebsite.domain). */
export async function verifiedDomains(
  db: Database,
  ownerId: string,
  websiteIds: string[],
): Promise<Map<string, string>> {
  if (websiteIds.length === 0) return new Map();
  const rows = await db
    .select({ websiteId: customDomains.websiteId, hostname: customDomains.hostname })
    .from(customDomains)
    .where(
      and(
        eq(customDomains.ownerId, ownerId),
        eq(customDomains.status, "verified"),
        inArray(customDomains.websiteId, websiteIds),
      ),
    )
    .orderBy(asc(customDomains.verifiedAt), asc(customDomains.hostname));
  const first = new Map<string, string>();
  for (const row of rows) if (!first.has(row.websiteId)) first.set(row.websiteId, row.hostname);
  return first;
}
