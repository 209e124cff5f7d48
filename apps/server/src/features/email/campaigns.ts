import { randomUUID } from "node:crypto";
import {
  ERROR_CODES,
  type TCampaign,
  type TCampaignAudience,
  type TCampaignDelivery,
  type TCampaignDeliveryProblem,
  type TCampaignState,
  type TCampaignStopReason,
  type TCampaignType,
  type TContactStatus,
  type TCreateCampaign,
  type TEmailBlock,
  type TEmailSettings,
  type TLanguage,
  type TSegmentFilter,
  type TUpdateCampaign,
  unknownCampaignVariables,
  ZCreateCampaign,
  ZUpdateCampaign,
} from "@shobai/shared";
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailCampaigns, emailDeliveries } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Entitlements } from "../../lib/entitlements";
import { composeHtml, composeText } from "./compose";
import { MARKETING_AUDIENCE } from "./consent";
import { type Segments, segmentSql } from "./segments";
import type { Senders } from "./senders";

export type CampaignDeps = {
  db: Database;
  senders: Senders;
  entitlements: Entitlements;
  /** The sender address in the owner's settings, used when a campaign names none. */
  settingsSender: (ownerId: string) => Promise<string>;
  /** The owner's email settings: campaigns need the sender's name, postal address and contact point. */
  settings: (ownerId: string) => Promise<TEmailSettings>;
  segments: Segments;
  now: () => Date;
};

type CampaignRow = typeof emailCampaigns.$inferSelect;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** Campaigns: newsletters, welcome and followup mails, their state and their figures. */
export function createCampaigns(deps: CampaignDeps) {
  const { db, now } = deps;

  async function campaignStats(ownerId: string, ids: string[]) {
    if (ids.length === 0) return new Map<string, TCampaign["stats"]>();
    const rows = await db
      .select({
        campaignId: emailDeliveries.campaignId,
        recipients: count(),
        sent: sql<number>`count(*) FILTER (WHERE ${emailDeliveries.status} = 'sent')::int`,
        failed: sql<number>`count(*) FILTER (WHERE ${emailDeliveries.status} = 'failed')::int`,
        skipped: sql<number>`count(*) FILTER (WHERE ${emailDeliveries.status} = 'skipped')::int`,
        bounced: sql<number>`count(*) FILTER (WHERE ${emailDeliveries.status} = 'bounced')::int`,
        complained: sql<number>`count(${emailDeliveries.complainedAt})::int`,
        deferred: sql<number>`count(*) FILTER (WHERE ${emailDeliveries.status} = 'pending' AND ${emailDeliveries.lastError} IS NOT NULL)::int`,
        pending: sql<number>`count(*) FILTER (WHERE ${emailDeliveries.status} IN ('pending', 'sending'))::int`,
        unknown: sql<number>`count(*) FILTER (WHERE ${emailDeliveries.status} = 'unknown')::int`,
        opened: sql<number>`count(${emailDeliveries.openedAt})::int`,
        clicked: sql<number>`count(${emailDeliveries.clickedAt})::int`,
      })
      .from(emailDeliveries)
      .where(and(eq(emailDeliveries.ownerId, ownerId), isNotNull(emailDeliveries.campaignId)))
      .groupBy(emailDeliveries.campaignId);
    return new Map(
      rows.map((r) => {
        const sent = Number(r.sent);
        return [
          r.campaignId as string,
          {
            recipients: Number(r.recipients),
            emailsSent: sent,
            failed: Number(r.failed),
            skipped: Number(r.skipped),
            bounced: Number(r.bounced),
            complained: Number(r.complained),
            deferred: Number(r.deferred),
            pending: Number(r.pending),
            unknown: Number(r.unknown),
            opened: Number(r.opened),
            clicked: Number(r.clicked),
            openRate: sent > 0 ? round1((Number(r.opened) / sent) * 100) : 0,
            clickRate: sent > 0 ? round1((Number(r.clicked) / sent) * 100) : 0,
          },
        ];
      }),
    );
  }

  const EMPTY_STATS: TCampaign["stats"] = {
    recipients: 0,
    emailsSent: 0,
    failed: 0,
    skipped: 0,
    bounced: 0,
    complained: 0,
    deferred: 0,
    pending: 0,
    unknown: 0,
    opened: 0,
    clicked: 0,
    openRate: 0,
    clickRate: 0,
  };

  function toCampaign(row: CampaignRow, stats = EMPTY_STATS): TCampaign {
    return {
      id: row.id,
      name: row.name,
      type: row.type as TCampaignType,
      subject: row.subject,
      content: row.content,
      audience: row.audience as TContactStatus[],
      followupDays: row.followupDays,
      fromEmail: row.fromEmail,
      trackOpens: row.trackOpens,
      isActive: row.isActive,
      state: row.state as TCampaignState,
      stopReason: (row.stopReason as TCampaignStopReason | null) ?? null,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      language: (row.language as TLanguage | null) ?? null,
      segmentId: row.segmentId ?? null,
      segment: row.segment ?? null,
      blocks: row.blocks ?? null,
      stats,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function ownedCampaign(ownerId: string, id: string): Promise<CampaignRow> {
    const [row] = await db
      .select()
      .from(emailCampaigns)
      .where(
        and(eq(emailCampaigns.id, id), eq(emailCampaigns.ownerId, ownerId), isNull(emailCampaigns.deletedAt)),
      );
    if (!row) throw AppError.notFound("Campaign not found");
    return row;
  }

  async function oneCampaign(ownerId: string, id: string): Promise<TCampaign> {
    const row = await ownedCampaign(ownerId, id);
    return toCampaign(row, (await campaignStats(ownerId, [row.id])).get(row.id));
  }

  /** The address a campaign sends from: its own, else the settings' sender; it must be verified. */
  async function campaignSender(ownerId: string, fromEmail: string): Promise<string> {
    const address = fromEmail || (await deps.settingsSender(ownerId));
    if (!address) {
      throw AppError.badRequest(
        ERROR_CODES.senderUnverified,
        "Choose a sender address (fromEmail, or the sender email in the settings) before starting the campaign",
      );
    }
    await deps.senders.requireVerified(ownerId, address);
    return address;
  }

  /**
   * Every marketing email names its sender, their postal address and a contact point (特定電子メール法
   * §4): a campaign does not start (nor get scheduled) until the settings have them.
   */
  async function requireSenderDetails(ownerId: string): Promise<void> {
    const settings = await deps.settings(ownerId);
    const missing = (
      [
        ["senderName", settings.senderName],
        ["postalAddress", settings.postalAddress ?? ""],
        ["contactPoint", settings.contactPoint ?? ""],
      ] as const
    )
      .filter(([, value]) => value.trim() === "")
      .map(([name]) => name);
    if (missing.length > 0) {
      throw AppError.badRequest(
        ERROR_CODES.senderDetailsMissing,
        `Fill in the sender details in the email settings first (${missing.join(", ")}): the law asks every marketing email to carry them`,
      );
    }
  }

  /** What must hold before a campaign may start (now or at its scheduled time). */
  async function requireStartable(row: CampaignRow): Promise<void> {
    await deps.entitlements.requireCampaigns(row.ownerId);
    await requireSenderDetails(row.ownerId);
    await campaignSender(row.ownerId, row.fromEmail);
  }

  /** Starting: newsletters are queued for their audience at once; the others wait for new contacts. */
  async function start(row: CampaignRow): Promise<void> {
    await requireStartable(row);
    const filter = await filterOf(row);
    const at = now();
    await db.transaction(async (tx) => {
      await tx
        .update(emailCampaigns)
        .set({
          isActive: true,
          state: "active",
          stopReason: null,
          scheduledAt: null,
          startedAt: row.startedAt ?? at,
          resumedAt: at,
          updatedAt: at,
        })
        .where(eq(emailCampaigns.id, row.id));
      if (row.type === "newsletter") {
        const inAudience = sql`AND ${segmentSql(filter, row.audience as string[])}`;
        await tx.execute(sql`
          INSERT INTO email_deliveries (id, owner_id, campaign_id, contact_id, to_address, status, due_at, token)
          SELECT gen_random_uuid()::text, k.owner_id, ${row.id}, k.id, k.email, 'pending', ${at.toISOString()}::timestamptz,
            replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
          FROM contacts k WHERE k.owner_id = ${row.ownerId} AND ${MARKETING_AUDIENCE} ${inAudience}
          ON CONFLICT (campaign_id, contact_id) DO NOTHING`);
      }
    });
  }

  /**
   * Schedules a campaign that is not running to start at `at` (Tokyo time is the interface's
   * default; the instant is what counts), or cancels its schedule (null). The start checks run now
   * too, so the owner learns at once what is missing; they run again at the time.
   */
  async function schedule(row: CampaignRow, at: string | null): Promise<void> {
    if (at === null) {
      if (row.state !== "scheduled") return;
      await db
        .update(emailCampaigns)
        .set({ state: row.startedAt ? "stopped" : "draft", scheduledAt: null, updatedAt: now() })
        .where(and(eq(emailCampaigns.id, row.id), eq(emailCampaigns.state, "scheduled")));
      return;
    }
    if (row.isActive || row.state === "sent") {
      throw AppError.conflict(ERROR_CODES.conflict, "Only a campaign that is not running can be scheduled");
    }
    const when = new Date(at);
    if (when.getTime() <= now().getTime()) {
      throw AppError.badRequest(ERROR_CODES.scheduleInPast, "Choose a time in the future");
    }
    await requireStartable(row);
    await db
      .update(emailCampaigns)
      .set({ state: "scheduled", scheduledAt: when, stopReason: null, updatedAt: now() })
      .where(eq(emailCampaigns.id, row.id));
  }

  /** The segment a campaign uses: its saved segment's conditions now, else its own, else none. */
  async function filterOf(row: CampaignRow): Promise<TSegmentFilter | null> {
    if (row.segmentId) {
      return deps.segments.filterOf(row.ownerId, row.segmentId).catch(() => row.segment ?? null);
    }
    return row.segment ?? null;
  }

  /** Counts for the audience statuses and segment: who matches, who gets it, who is left out and why. */
  async function audienceCounts(
    ownerId: string,
    audience: string[],
    filter: TSegmentFilter | null = null,
  ): Promise<TCampaignAudience> {
    const inAudience = sql`AND ${segmentSql(filter, audience)}`;
    const result = await db.execute(sql`
      WITH m AS (
        SELECT k.marketing_consent AS consent,
          EXISTS (SELECT 1 FROM email_unsubscribes u WHERE u.owner_id = k.owner_id AND u.email = k.email) AS unsubscribed,
          EXISTS (SELECT 1 FROM email_suppressions x WHERE x.owner_id = k.owner_id AND x.email = lower(k.email)) AS suppressed
        FROM contacts k WHERE k.owner_id = ${ownerId} ${inAudience}
      )
      SELECT count(*)::int AS matching,
        count(*) FILTER (WHERE consent = 'opted_in' AND NOT unsubscribed AND NOT suppressed)::int AS included,
        count(*) FILTER (WHERE consent = 'unknown' AND NOT unsubscribed)::int AS no_consent,
        count(*) FILTER (WHERE consent = 'pending' AND NOT unsubscribed)::int AS pending,
        count(*) FILTER (WHERE consent = 'opted_out' OR unsubscribed)::int AS opted_out,
        count(*) FILTER (WHERE consent = 'opted_in' AND NOT unsubscribed AND suppressed)::int AS suppressed
      FROM m`);
    const [r] =
      (
        result as {
          rows?: {
            matching: number;
            included: number;
            no_consent: number;
            pending: number;
            opted_out: number;
            suppressed: number;
          }[];
        }
      ).rows ?? [];
    return {
      matching: Number(r?.matching ?? 0),
      included: Number(r?.included ?? 0),
      excluded: {
        noConsent: Number(r?.no_consent ?? 0),
        pending: Number(r?.pending ?? 0),
        optedOut: Number(r?.opted_out ?? 0),
        suppressed: Number(r?.suppressed ?? 0),
      },
    };
  }

  /** Blocks to the stored HTML and the plain text `content` carries (links, plain-text part). */
  async function composed_(blocks: TEmailBlock[], subject: string, language: string | null) {
    const content = composeText(blocks).trim();
    const unknown = unknownCampaignVariables(content);
    if (content === "" || unknown.length > 0) {
      throw AppError.badRequest(
        ERROR_CODES.validation,
        content === ""
          ? "Write something in the email first"
          : `The email uses unknown variables: ${unknown.map((v) => `{{${v}}}`).join(", ")}`,
      );
    }
    return { content, bodyHtml: await composeHtml(blocks, subject, language ?? "ja") };
  }

  return {
    requireSenderDetails,
    ownedCampaign,

    /** Who the campaign would reach now, and who it leaves out and why. */
    async campaignAudience(ownerId: string, id: string): Promise<TCampaignAudience> {
      const row = await ownedCampaign(ownerId, id);
      return audienceCounts(ownerId, row.audience as string[], await filterOf(row));
    },

    /** Live counts for conditions not saved yet (the segment picker), with the same exclusions. */
    async countSegment(ownerId: string, filter: TSegmentFilter): Promise<TCampaignAudience> {
      return audienceCounts(ownerId, [], filter);
    },

    /**
     * Starts the scheduled campaigns whose time has come, each once: the row is taken by one
     * statement (another process finds it taken). One that can no longer start (plan ended, sender
     * unverified, details removed) stops with reason schedule_failed. Returns how many started.
     */
    async startScheduled(): Promise<number> {
      const due = await db
        .update(emailCampaigns)
        .set({ state: "draft", scheduledAt: null })
        .where(
          and(
            eq(emailCampaigns.state, "scheduled"),
            isNull(emailCampaigns.deletedAt),
            sql`${emailCampaigns.scheduledAt} <= ${now().toISOString()}::timestamptz`,
          ),
        )
        .returning();
      let started = 0;
      for (const row of due) {
        try {
          await start(row);
          started += 1;
        } catch {
          await db
            .update(emailCampaigns)
            .set({ state: "stopped", isActive: false, stopReason: "schedule_failed", updatedAt: now() })
            .where(eq(emailCampaigns.id, row.id));
        }
      }
      return started;
    },

    async listCampaigns(ownerId: string): Promise<TCampaign[]> {
      const rows = await db
        .select()
        .from(emailCampaigns)
        .where(and(eq(emailCampaigns.ownerId, ownerId), isNull(emailCampaigns.deletedAt)))
        .orderBy(desc(emailCampaigns.createdAt));
      const stats = await campaignStats(
        ownerId,
        rows.map((r) => r.id),
      );
      return rows.map((r) => toCampaign(r, stats.get(r.id)));
    },

    async createCampaign(ownerId: string, input: TCreateCampaign): Promise<TCampaign> {
      const data = ZCreateCampaign.parse(input);
      const id = randomUUID();
      if (data.segmentId) await deps.segments.filterOf(ownerId, data.segmentId);
      const composed = data.blocks
        ? await composed_(data.blocks, data.subject, data.language ?? null)
        : { content: data.content, bodyHtml: null };
      await db.insert(emailCampaigns).values({
        id,
        ownerId,
        name: data.name,
        type: data.type,
        subject: data.subject,
        content: composed.content,
        bodyHtml: composed.bodyHtml,
        blocks: data.blocks ?? null,
        segmentId: data.segmentId ?? null,
        segment: data.segment ?? null,
        audience: data.audience,
        followupDays: data.type === "followup" ? (data.followupDays ?? 3) : null,
        fromEmail: data.fromEmail,
        trackOpens: data.trackOpens,
        language: data.language ?? null,
      });
      return oneCampaign(ownerId, id);
    },

    async updateCampaign(ownerId: string, id: string, input: TUpdateCampaign): Promise<TCampaign> {
      const row = await ownedCampaign(ownerId, id);
      const { isActive, scheduledAt, ...fields } = ZUpdateCampaign.parse(input);
      if (row.state === "sent" && Object.keys(fields).length > 0) {
        throw AppError.conflict(
          ERROR_CODES.conflict,
          "This newsletter has been sent; it can no longer be edited",
        );
      }
      // A running campaign sends from its new address at once, so that address must be verified now
      // (the engine checks again before every batch, decision 0017).
      if (
        row.isActive &&
        isActive !== false &&
        fields.fromEmail !== undefined &&
        fields.fromEmail !== row.fromEmail
      ) {
        await campaignSender(ownerId, fields.fromEmail);
      }
      const type = fields.type ?? (row.type as TCampaignType);
      if (fields.segmentId) await deps.segments.filterOf(ownerId, fields.segmentId);
      // Blocks (or a new subject or language for them) render again; null goes back to plain text.
      const blocks = fields.blocks !== undefined ? fields.blocks : row.blocks;
      const recompose =
        fields.blocks !== undefined ||
        (blocks &&
          (fields.subject !== undefined || fields.language !== undefined || fields.content !== undefined));
      const composedChanges = recompose
        ? blocks
          ? await composed_(blocks, fields.subject ?? row.subject, fields.language ?? row.language)
          : { bodyHtml: null }
        : {};
      const changes = {
        ...fields,
        ...composedChanges,
        ...(fields.type !== undefined || fields.followupDays !== undefined
          ? { followupDays: type === "followup" ? (fields.followupDays ?? row.followupDays ?? 3) : null }
          : {}),
      };
      if (Object.keys(changes).length > 0) {
        await db
          .update(emailCampaigns)
          .set({ ...changes, updatedAt: now() })
          .where(eq(emailCampaigns.id, id));
      }
      if (scheduledAt !== undefined && isActive === undefined) {
        await schedule({ ...row, ...changes } as CampaignRow, scheduledAt);
      } else if (isActive === true && !row.isActive) {
        if (row.state === "sent") {
          throw AppError.conflict(ERROR_CODES.conflict, "This newsletter has been sent already");
        }
        await start({ ...row, ...changes } as CampaignRow);
      } else if (isActive === false && row.isActive) {
        await db
          .update(emailCampaigns)
          .set({ isActive: false, state: "stopped", stopReason: null, updatedAt: now() })
          .where(eq(emailCampaigns.id, id));
      }
      return oneCampaign(ownerId, id);
    },

    /**
     * Deletes a campaign for its owner: it stops, leaves every list and its unsent emails are
     * dropped; what was delivered keeps working (unsubscribe, click and open links), so the row stays.
     */
    /** The campaign's emails with one kind of problem, newest first (at most 500), with the reasons. */
    async campaignDeliveries(
      ownerId: string,
      id: string,
      status: TCampaignDeliveryProblem,
    ): Promise<{ items: TCampaignDelivery[]; total: number }> {
      await ownedCampaign(ownerId, id);
      const where =
        status === "complained"
          ? sql`d.complained_at IS NOT NULL`
          : status === "deferred"
            ? sql`d.status = 'pending' AND d.last_error IS NOT NULL`
            : sql`d.status = ${status}`;
      const result = await db.execute(sql`
        SELECT d.to_address, d.last_error, d.status, count(*) OVER ()::int AS total,
          CASE WHEN ${status} = 'complained' THEN d.complained_at WHEN ${status} = 'deferred' THEN d.created_at
            ELSE coalesce(d.bounced_at, d.sent_at, d.due_at) END AS at,
          CASE WHEN ${status} = 'deferred' THEN d.due_at END AS next_try_at
        FROM email_deliveries d
        WHERE d.owner_id = ${ownerId} AND d.campaign_id = ${id} AND ${where}
        ORDER BY at DESC NULLS LAST, d.id LIMIT 500`);
      const rows =
        (
          result as {
            rows?: {
              to_address: string;
              last_error: string | null;
              at: string | Date | null;
              next_try_at: string | Date | null;
              total: number;
            }[];
          }
        ).rows ?? [];
      const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
      return {
        total: Number(rows[0]?.total ?? 0),
        items: rows.map((r) => ({
          address: r.to_address,
          status,
          reason: status === "complained" ? "Reported as spam" : (r.last_error ?? ""),
          at: iso(r.at) ?? new Date(0).toISOString(),
          nextTryAt: status === "deferred" ? iso(r.next_try_at) : null,
        })),
      };
    },

    async deleteCampaign(ownerId: string, id: string): Promise<void> {
      await ownedCampaign(ownerId, id);
      await db.transaction(async (tx) => {
        await tx
          .update(emailCampaigns)
          .set({ deletedAt: now(), isActive: false, updatedAt: now() })
          .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.ownerId, ownerId)));
        await tx
          .delete(emailDeliveries)
          .where(and(eq(emailDeliveries.campaignId, id), eq(emailDeliveries.status, "pending")));
      });
    },
  };
}
