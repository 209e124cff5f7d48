import { randomUUID } from "node:crypto";
import {
  type TSaveSegment,
  type TSegment,
  type TSegmentFilter,
  ZSaveSegment,
  ZSegmentFilter,
} from "@shobai/shared";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailSegments } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";

/** The start of a Tokyo day (UTC+9 all year) as an instant. */
const tokyoDayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * A segment's conditions as SQL over `contacts k` (and its owner's tags): true when every listed
 * condition holds. Statuses from the campaign's audience are one more condition.
 */
export function segmentSql(filter: TSegmentFilter | null, statuses: readonly string[] = []): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (statuses.length > 0) parts.push(sql`k.status IN (${list(statuses)})`);
  if (filter) {
    if (filter.statuses.length > 0) parts.push(sql`k.status IN (${list(filter.statuses)})`);
    if (filter.sources.length > 0) parts.push(sql`k.source IN (${list(filter.sources)})`);
    if (filter.consent.length > 0) parts.push(sql`k.marketing_consent IN (${list(filter.consent)})`);
    if (filter.tagIds.length > 0) {
      parts.push(
        sql`EXISTS (SELECT 1 FROM contact_tag_links tl WHERE tl.contact_id = k.id AND tl.tag_id IN (${list(filter.tagIds)}))`,
      );
    }
    if (filter.websiteIds.length > 0) {
      // The site's form enquiry names the site by id (older ones only by the name it had then).
      parts.push(
        sql`EXISTS (SELECT 1 FROM contact_activities a WHERE a.contact_id = k.id AND a.type = 'form_submitted'
          AND (a.data ->> 'websiteId' IN (${list(filter.websiteIds)})
            OR (a.data ->> 'websiteId' IS NULL AND a.data ->> 'website' IN (
              SELECT w.name FROM websites w WHERE w.owner_id = k.owner_id AND w.id IN (${list(filter.websiteIds)})))))`,
      );
    }
    for (const field of filter.fields) {
      parts.push(sql`k.custom_fields ->> ${field.key} = ${field.value}`);
    }
    if (filter.engaged) {
      // The delivery belongs to this contact, so another owner's campaign id matches nobody.
      const column = filter.engaged.action === "clicked" ? sql`d.clicked_at` : sql`d.opened_at`;
      parts.push(
        sql`EXISTS (SELECT 1 FROM email_deliveries d WHERE d.contact_id = k.id AND d.campaign_id = ${filter.engaged.campaignId} AND ${column} IS NOT NULL)`,
      );
    }
    if (filter.createdFrom) {
      parts.push(sql`k.created_at >= ${tokyoDayStart(filter.createdFrom).toISOString()}::timestamptz`);
    }
    if (filter.createdTo) {
      const end = tokyoDayStart(filter.createdTo);
      end.setUTCDate(end.getUTCDate() + 1);
      parts.push(sql`k.created_at < ${end.toISOString()}::timestamptz`);
    }
  }
  return sql`(${sql.join(parts, sql` AND `)})`;
}

type SegmentRow = typeof emailSegments.$inferSelect;
const toSegment = (row: SegmentRow): TSegment => ({
  id: row.id,
  name: row.name,
  filter: ZSegmentFilter.parse(row.filter),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Saved segments: an owner's named contact conditions, reusable by every campaign. */
export function createSegments(deps: { db: Database; now: () => Date }) {
  const { db } = deps;

  async function owned(ownerId: string, id: string): Promise<SegmentRow> {
    const [row] = await db
      .select()
      .from(emailSegments)
      .where(and(eq(emailSegments.ownerId, ownerId), eq(emailSegments.id, id)));
    if (!row) throw AppError.notFound("Segment not found");
    return row;
  }

  return {
    async list(ownerId: string): Promise<TSegment[]> {
      const rows = await db
        .select()
        .from(emailSegments)
        .where(eq(emailSegments.ownerId, ownerId))
        .orderBy(asc(emailSegments.createdAt));
      return rows.map(toSegment);
    },
    async create(ownerId: string, input: TSaveSegment): Promise<TSegment> {
      const data = ZSaveSegment.parse(input);
      const [row] = await db
        .insert(emailSegments)
        .values({ id: randomUUID(), ownerId, name: data.name, filter: data.filter })
        .returning();
      return toSegment(row as SegmentRow);
    },
    async update(ownerId: string, id: string, input: TSaveSegment): Promise<TSegment> {
      await owned(ownerId, id);
      const data = ZSaveSegment.parse(input);
      const [row] = await db
        .update(emailSegments)
        .set({ name: data.name, filter: data.filter, updatedAt: deps.now() })
        .where(eq(emailSegments.id, id))
        .returning();
      return toSegment(row as SegmentRow);
    },
    /** Campaigns using it fall back to their statuses only (their segmentId is cleared). */
    async remove(ownerId: string, id: string): Promise<void> {
      await owned(ownerId, id);
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE email_campaigns SET segment_id = NULL WHERE owner_id = ${ownerId} AND segment_id = ${id}`,
        );
        await tx.delete(emailSegments).where(eq(emailSegments.id, id));
      });
    },
    /** The filter of the owner's saved segment (404 when it is not theirs). */
    async filterOf(ownerId: string, id: string): Promise<TSegmentFilter> {
      return ZSegmentFilter.parse((await owned(ownerId, id)).filter);
    },
  };
}

export type Segments = ReturnType<typeof createSegments>;
