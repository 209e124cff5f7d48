import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  ERROR_CODES,
  RANGE_DAYS,
  type TAnalyticsRange,
  type TCampaign,
  type TCampaignState,
  type TCampaignStopReason,
  type TCampaignType,
  type TContactStatus,
  type TCreateCampaign,
  type TDeliveryStats,
  type TEmailResult,
  type TEmailSettings,
  type TOutboxMessage,
  type TSendEmail,
  type TUpdateCampaign,
  type TVerificationStatus,
  ZCreateCampaign,
} from "@shobai/shared";
import { and, count, desc, eq, gte, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  contacts,
  emailCampaigns,
  emailDeliveries,
  emailLinks,
  emailOutbox,
  emailSenderRequests,
  emailSenders,
  emailSettings,
  emailUnsubscribes,
} from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Entitlements } from "../../lib/entitlements";
import { addDays, dayStart, daysBetween, tokyoDay } from "../../lib/tokyo-days";
import type { OutboxStore } from "../../providers/email/outbox";
import { sendWithRetry } from "../../providers/email/retry";
import { type EmailProvider, EmailProviderError } from "../../providers/email/types";
import type { CrmService } from "../crm/service";
import { renderPlainEmail } from "./render";

export type EmailServiceDeps = {
  db: Database;
  provider: EmailProvider;
  crm: CrmService;
  /** Origin for links in emails (PUBLIC_URL). */
  publicUrl: string;
  /** The platform's own sender (verification emails), e.g. "Shobai <noreply@example.jp>". */
  systemFrom: { email: string; name?: string };
  /** The plan's rules: a running plan to send, and the monthly email allowance. */
  entitlements: Entitlements;
  now?: () => Date;
};

const VERIFY_LINK_HOURS = 24;
/** Sender verification mails per account and hour, and per target address and hour (any account). */
export const VERIFY_LIMITS = { perAccount: 5, perAddress: 1 } as const;
/** The random id in an email's tracking and unsubscribe links. */
const DELIVERY_TOKEN = /^[a-f0-9]{32,64}$/;
/** The id of an address in a campaign's link set (email_links). */
const LINK_ID = /^[a-f0-9]{16}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const round1 = (value: number) => Math.round(value * 10) / 10;

/** A provider failure as the API answers it: the provider's message, 503 when not set up, else 502. */
export function providerFailure(error: unknown): AppError {
  if (error instanceof EmailProviderError) {
    return new AppError(error.kind === "misconfigured" ? 503 : 502, ERROR_CODES.emailFailed, error.message);
  }
  return new AppError(502, ERROR_CODES.emailFailed, "The email could not be sent. Please try again.");
}

/** Outbox messages in the database, one copy per idempotency key; the sender tags each with its owner. */
export function createDbOutboxStore(db: Database): OutboxStore {
  return {
    async save(message, meta) {
      const id = randomUUID();
      const from = message.from.name ? `${message.from.name} <${message.from.email}>` : message.from.email;
      const inserted = await db
        .insert(emailOutbox)
        .values({
          id,
          ownerId: message.tags?.owner ?? null,
          fromAddress: from,
          toAddress: message.to.email,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers ?? {},
          idempotencyKey: message.idempotencyKey ?? null,
          createdAt: meta.storedAt,
        })
        .onConflictDoNothing({ target: emailOutbox.idempotencyKey })
        .returning({ id: emailOutbox.id });
      if (inserted[0]) return { id: inserted[0].id };
      const [earlier] = await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(eq(emailOutbox.idempotencyKey, message.idempotencyKey ?? ""));
      return { id: earlier?.id ?? id };
    },
  };
}

type CampaignRow = typeof emailCampaigns.$inferSelect;

export function createEmailService(deps: EmailServiceDeps) {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());

  async function senderStatus(ownerId: string, email: string): Promise<TVerificationStatus> {
    const [row] = await db
      .select()
      .from(emailSenders)
      .where(and(eq(emailSenders.ownerId, ownerId), eq(emailSenders.email, email.toLowerCase())));
    if (row?.status === "verified") return { email, status: "verified", verified: true };
    if (row?.status === "pending" && row.tokenExpiresAt && row.tokenExpiresAt > now()) {
      return { email, status: "pending", verified: false };
    }
    return { email, status: "unverified", verified: false };
  }

  async function requireVerifiedSender(ownerId: string, email: string): Promise<void> {
    if (!(await senderStatus(ownerId, email)).verified) {
      throw new AppError(
        403,
        ERROR_CODES.senderUnverified,
        `${email} is not a verified sender. Verify it on the email service page first.`,
      );
    }
  }

  /**
   * Counts a verification mail against the limits, or refuses with 429: nobody can use Shobai to
   * mail strangers in bulk, nor one address over and over (decision 0017). One lock keeps two
   * simultaneous requests from both passing the count.
   */
  async function takeVerificationSlot(ownerId: string, email: string, at: Date): Promise<void> {
    const since = new Date(at.getTime() - 3_600_000);
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('email_sender_requests'))`);
      const [counts] = await tx
        .select({
          account: sql<number>`count(*) FILTER (WHERE ${emailSenderRequests.ownerId} = ${ownerId})::int`,
          address: sql<number>`count(*) FILTER (WHERE ${emailSenderRequests.email} = ${email})::int`,
        })
        .from(emailSenderRequests)
        .where(
          and(
            gte(emailSenderRequests.createdAt, since),
            or(eq(emailSenderRequests.ownerId, ownerId), eq(emailSenderRequests.email, email)),
          ),
        );
      if (Number(counts?.address ?? 0) >= VERIFY_LIMITS.perAddress) {
        throw new AppError(
          429,
          ERROR_CODES.rateLimited,
          `A verification email was sent to ${email} within the last hour. Open the link in it, or try again later.`,
        );
      }
      if (Number(counts?.account ?? 0) >= VERIFY_LIMITS.perAccount) {
        throw new AppError(
          429,
          ERROR_CODES.rateLimited,
          `At most ${VERIFY_LIMITS.perAccount} verification emails an hour. Please try again later.`,
        );
      }
      await tx.insert(emailSenderRequests).values({ id: randomUUID(), ownerId, email, createdAt: at });
    });
  }

  async function settingsOf(ownerId: string): Promise<TEmailSettings> {
    const [row] = await db.select().from(emailSettings).where(eq(emailSettings.ownerId, ownerId));
    return {
      senderName: row?.senderName ?? "",
      senderEmail: row?.senderEmail ?? "",
      replyTo: row?.replyTo ?? "",
    };
  }

  async function campaignStats(ownerId: string, ids: string[]) {
    if (ids.length === 0) return new Map<string, TCampaign["stats"]>();
    const rows = await db
      .select({
        campaignId: emailDeliveries.campaignId,
        recipients: count(),
        sent: sql<number>`count(*) FILTER (WHERE ${emailDeliveries.status} = 'sent')::int`,
        failed: sql<number>`count(*) FILTER (WHERE ${emailDeliveries.status} IN ('failed', 'skipped'))::int`,
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
      isActive: row.isActive,
      state: row.state as TCampaignState,
      stopReason: (row.stopReason as TCampaignStopReason | null) ?? null,
      stats,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function ownedCampaign(ownerId: string, id: string): Promise<CampaignRow> {
    const [row] = await db
      .select()
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.ownerId, ownerId)));
    if (!row) throw AppError.notFound("Campaign not found");
    return row;
  }

  async function oneCampaign(ownerId: string, id: string): Promise<TCampaign> {
    const row = await ownedCampaign(ownerId, id);
    return toCampaign(row, (await campaignStats(ownerId, [row.id])).get(row.id));
  }

  /** The address a campaign sends from: its own, else the settings' sender; it must be verified. */
  async function campaignSender(ownerId: string, fromEmail: string): Promise<string> {
    const address = fromEmail || (await settingsOf(ownerId)).senderEmail;
    if (!address) {
      throw AppError.badRequest(
        ERROR_CODES.senderUnverified,
        "Choose a sender address (fromEmail, or the sender email in the settings) before starting the campaign",
      );
    }
    await requireVerifiedSender(ownerId, address);
    return address;
  }

  /** Starting: newsletters are queued for their audience at once; the others wait for new contacts. */
  async function start(row: CampaignRow): Promise<void> {
    await deps.entitlements.requireCampaigns(row.ownerId);
    await campaignSender(row.ownerId, row.fromEmail);
    const at = now();
    await db.transaction(async (tx) => {
      await tx
        .update(emailCampaigns)
        .set({
          isActive: true,
          state: "active",
          stopReason: null,
          startedAt: row.startedAt ?? at,
          updatedAt: at,
        })
        .where(eq(emailCampaigns.id, row.id));
      if (row.type === "newsletter") {
        const audience = row.audience as string[];
        const inAudience =
          audience.length > 0
            ? sql`AND k.status IN (${sql.join(
                audience.map((s) => sql`${s}`),
                sql`, `,
              )})`
            : sql``;
        await tx.execute(sql`
          INSERT INTO email_deliveries (id, owner_id, campaign_id, contact_id, to_address, status, due_at, token)
          SELECT gen_random_uuid()::text, k.owner_id, ${row.id}, k.id, k.email, 'pending', ${at.toISOString()}::timestamptz,
            replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
          FROM contacts k WHERE k.owner_id = ${row.ownerId} ${inAudience}
          ON CONFLICT (campaign_id, contact_id) DO NOTHING`);
      }
    });
  }

  async function deliveryByToken(token: string) {
    if (!DELIVERY_TOKEN.test(token)) return undefined;
    const [row] = await db
      .select({ id: emailDeliveries.id, ownerId: emailDeliveries.ownerId, to: emailDeliveries.toAddress })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.token, token));
    return row;
  }

  /** Sets a first-time mark (opened, clicked) on the email with this link token. */
  async function markFirst(token: string, column: "openedAt" | "clickedAt"): Promise<void> {
    const found = await deliveryByToken(token);
    if (!found) return;
    await db
      .update(emailDeliveries)
      .set({ [column]: now() })
      .where(and(eq(emailDeliveries.id, found.id), isNull(emailDeliveries[column])));
  }

  return {
    /** The open pixel was loaded. */
    recordOpen: (token: string) => markFirst(token, "openedAt"),

    /**
     * Where a click link leads: the address with this id in the link set of the email's own
     * campaign (the owner wrote it), or null. Records the click.
     */
    async clickTarget(token: string, linkId: string): Promise<string | null> {
      if (!DELIVERY_TOKEN.test(token) || !LINK_ID.test(linkId)) return null;
      const [row] = await db
        .select({ url: emailLinks.url })
        .from(emailLinks)
        .innerJoin(emailDeliveries, eq(emailDeliveries.campaignId, emailLinks.campaignId))
        .where(and(eq(emailDeliveries.token, token), eq(emailLinks.id, linkId)));
      if (!row || !/^https?:\/\//i.test(row.url)) return null;
      // A click proves the email was opened too, even with images blocked.
      await markFirst(token, "clickedAt");
      await markFirst(token, "openedAt");
      return row.url;
    },

    /** Who an unsubscribe link is for, or null for an unknown link. */
    async recipientOf(token: string): Promise<{ to: string } | null> {
      const found = await deliveryByToken(token);
      return found ? { to: found.to } : null;
    },

    /** Suppresses the link's recipient for every later campaign of that owner. */
    async unsubscribe(token: string): Promise<{ to: string } | null> {
      const found = await deliveryByToken(token);
      if (!found) return null;
      await db
        .insert(emailUnsubscribes)
        .values({ ownerId: found.ownerId, email: found.to.toLowerCase() })
        .onConflictDoNothing();
      return { to: found.to };
    },

    settings: settingsOf,

    async saveSettings(ownerId: string, input: TEmailSettings): Promise<TEmailSettings> {
      const values = { ...input, updatedAt: now() };
      await db
        .insert(emailSettings)
        .values({ ownerId, ...values })
        .onConflictDoUpdate({ target: emailSettings.ownerId, set: values });
      return settingsOf(ownerId);
    },

    verificationStatus: senderStatus,

    /** Emails a link to the address; opening it verifies the sender for this owner. */
    async requestVerification(ownerId: string, email: string): Promise<TEmailResult> {
      const current = await senderStatus(ownerId, email);
      if (current.verified) return { success: true, message: `${email} is already verified.` };
      const at = now();
      await takeVerificationSlot(ownerId, email.toLowerCase(), at);
      const token = randomBytes(24).toString("base64url");
      const expires = new Date(at.getTime() + VERIFY_LINK_HOURS * 3_600_000);
      await db
        .insert(emailSenders)
        .values({
          id: randomUUID(),
          ownerId,
          email,
          status: "pending",
          tokenHash: hashToken(token),
          tokenExpiresAt: expires,
        })
        .onConflictDoUpdate({
          target: [emailSenders.ownerId, emailSenders.email],
          set: { status: "pending", tokenHash: hashToken(token), tokenExpiresAt: expires },
        });
      const link = `${deps.publicUrl}/api/email/verify-sender/confirm?token=${token}`;
      const text =
        `Shobai（商売）で ${email} を送信元として使うための確認です。\n次のリンクを開くと確認が完了します（${VERIFY_LINK_HOURS}時間有効）:\n${link}\n\n` +
        `Please confirm that ${email} may send email from your Shobai account by opening the link above ` +
        `(valid for ${VERIFY_LINK_HOURS} hours). If you did not ask for this, ignore this email.`;
      try {
        await sendWithRetry(provider, {
          from: deps.systemFrom,
          to: { email },
          subject: "送信元メールアドレスの確認 / Confirm your sender address",
          text,
          html: renderPlainEmail(text).html,
          tags: { kind: "sender-verification", owner: ownerId },
          idempotencyKey: `verify-${hashToken(token)}`,
        });
      } catch (error) {
        throw providerFailure(error);
      }
      return { success: true, message: `Verification email sent to ${email}.` };
    },

    /** The link from the verification email. Returns the verified address, or null for a bad or old link. */
    async confirmVerification(token: string): Promise<string | null> {
      const [row] = await db
        .update(emailSenders)
        .set({ status: "verified", verifiedAt: now(), tokenHash: null, tokenExpiresAt: null })
        .where(
          and(
            eq(emailSenders.tokenHash, hashToken(token)),
            eq(emailSenders.status, "pending"),
            gte(emailSenders.tokenExpiresAt, now()),
          ),
        )
        .returning({ email: emailSenders.email });
      return row?.email ?? null;
    },

    /** POST /api/email/send: from a verified sender; kept in the recipient's timeline when a contact. */
    async send(ownerId: string, input: TSendEmail): Promise<TEmailResult> {
      await requireVerifiedSender(ownerId, input.fromEmail);
      await deps.entitlements.requireEmailAllowance(ownerId);
      const settings = await settingsOf(ownerId);
      const body = renderPlainEmail(input.content);
      const id = randomUUID();
      let result: { providerMessageId: string | null };
      try {
        result = await sendWithRetry(provider, {
          from: { email: input.fromEmail, ...(settings.senderName ? { name: settings.senderName } : {}) },
          to: { email: input.to },
          ...(settings.replyTo ? { replyTo: { email: settings.replyTo } } : {}),
          subject: input.subject,
          html: body.html,
          text: body.text,
          tags: { kind: "one-off", owner: ownerId },
          idempotencyKey: `send-${id}`,
        });
      } catch (error) {
        throw providerFailure(error);
      }
      const [contact] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), eq(contacts.email, input.to)));
      const at = now();
      await db.insert(emailDeliveries).values({
        id,
        ownerId,
        contactId: contact?.id ?? null,
        toAddress: input.to,
        status: "sent",
        dueAt: at,
        attempts: 1,
        provider: provider.name,
        providerMessageId: result.providerMessageId,
        token: randomBytes(24).toString("hex"),
        sentAt: at,
      });
      if (contact) {
        await deps.crm.recordActivity(ownerId, contact.id, "email_sent", {
          subject: input.subject,
          from: input.fromEmail,
        });
      }
      return { success: true, message: `Email sent to ${input.to}.` };
    },

    async outbox(ownerId: string): Promise<TOutboxMessage[]> {
      const rows = await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.ownerId, ownerId))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(200);
      return rows.map((r) => ({
        id: r.id,
        from: r.fromAddress,
        to: r.toAddress,
        subject: r.subject,
        text: r.text,
        html: r.html,
        headers: r.headers,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    async listCampaigns(ownerId: string): Promise<TCampaign[]> {
      const rows = await db
        .select()
        .from(emailCampaigns)
        .where(eq(emailCampaigns.ownerId, ownerId))
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
      await db.insert(emailCampaigns).values({
        id,
        ownerId,
        name: data.name,
        type: data.type,
        subject: data.subject,
        content: data.content,
        audience: data.audience,
        followupDays: data.type === "followup" ? (data.followupDays ?? 3) : null,
        fromEmail: data.fromEmail,
      });
      return oneCampaign(ownerId, id);
    },

    async updateCampaign(ownerId: string, id: string, input: TUpdateCampaign): Promise<TCampaign> {
      const row = await ownedCampaign(ownerId, id);
      const { isActive, ...fields } = input;
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
      const changes = {
        ...fields,
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
      if (isActive === true && !row.isActive) {
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

    async deleteCampaign(ownerId: string, id: string): Promise<void> {
      await ownedCampaign(ownerId, id);
      await db
        .delete(emailCampaigns)
        .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.ownerId, ownerId)));
    },

    /** Emails sent by an owner (campaigns and one-off), for the dashboard. */
    async countSent(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(emailDeliveries)
        .where(and(eq(emailDeliveries.ownerId, ownerId), eq(emailDeliveries.status, "sent")));
      return Number(row?.n ?? 0);
    },

    async deliveryStats(ownerId: string, range: TAnalyticsRange): Promise<TDeliveryStats> {
      const today = tokyoDay(now());
      const from = addDays(today, -(RANGE_DAYS[range] - 1));
      const since = dayStart(from).toISOString();
      const result = await db.execute(sql`
        SELECT day, sum(sent)::int AS sent, sum(opened)::int AS opened, sum(clicked)::int AS clicked FROM (
          SELECT to_char(sent_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD') AS day, 1 AS sent, 0 AS opened, 0 AS clicked
            FROM email_deliveries WHERE owner_id = ${ownerId} AND sent_at >= ${since}::timestamptz
          UNION ALL
          SELECT to_char(opened_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD'), 0, 1, 0
            FROM email_deliveries WHERE owner_id = ${ownerId} AND opened_at >= ${since}::timestamptz
          UNION ALL
          SELECT to_char(clicked_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD'), 0, 0, 1
            FROM email_deliveries WHERE owner_id = ${ownerId} AND clicked_at >= ${since}::timestamptz
        ) e GROUP BY day`);
      const byDay = new Map(
        (
          (result as { rows?: { day: string; sent: number; opened: number; clicked: number }[] }).rows ?? []
        ).map((r) => [r.day, r]),
      );
      const days = daysBetween(from, today);
      const series = (key: "sent" | "opened" | "clicked") =>
        days.map((date) => ({ date, value: Number(byDay.get(date)?.[key] ?? 0) }));
      const sent = series("sent");
      const opened = series("opened");
      const clicked = series("clicked");
      const total = (s: { value: number }[]) => s.reduce((n, p) => n + p.value, 0);
      return {
        from,
        to: today,
        sent,
        opened,
        clicked,
        totals: { sent: total(sent), opened: total(opened), clicked: total(clicked) },
      };
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
