import {
  ERROR_CODES,
  PLAN_IDS,
  PLANS,
  planAccess,
  planAllowsCustomDomain,
  type TPlan,
  type TPlanAccess,
  ZPlanId,
} from "@shobai/shared";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { emailDeliveries, workspaces } from "../db/schema";
import { AppError } from "./app-error";
import { addDays, dayStart, monthStart, tokyoDay } from "./tokyo-days";

/**
 * What a workspace may do now, read fresh from its record (the subscription belongs to the
 * workspace, decision 0051; callers pass the request's workspace id): the plan's limits and the FAQ rules
 * (a trial that ended without a plan, or a subscription past its paid period, keeps every piece of
 * data but may not create websites or send emails). Used by websites, email and subscription.
 */
export type Standing = {
  plan: TPlan;
  access: TPlanAccess;
  /** The record as stored (status shown as it is; dates for the screens and messages). */
  subscriptionStatus: string;
  trialEndsAt: Date | null;
  subscriptionEndsAt: Date | null;
};

const grouped = (n: number) => n.toLocaleString("en-US");

export function createEntitlements(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function standing(workspaceId: string): Promise<Standing> {
    const [row] = await db
      .select({
        plan: workspaces.plan,
        subscriptionStatus: workspaces.subscriptionStatus,
        trialEndsAt: workspaces.trialEndsAt,
        subscriptionEndsAt: workspaces.subscriptionEndsAt,
      })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    if (!row) throw AppError.unauthorized();
    const plan = PLANS[ZPlanId.catch("trial").parse(row.plan)];
    return {
      plan,
      access: planAccess(row, now()),
      subscriptionStatus: row.subscriptionStatus,
      trialEndsAt: row.trialEndsAt,
      subscriptionEndsAt: row.subscriptionEndsAt,
    };
  }

  function blocked(s: Standing, doing: string): AppError {
    const why =
      s.access === "trial_ended"
        ? "Your 14-day free trial has ended."
        : `Your ${s.plan.name} subscription ended${s.subscriptionEndsAt ? ` on ${tokyoDay(s.subscriptionEndsAt)}` : ""}.`;
    return new AppError(
      403,
      ERROR_CODES.planRequired,
      `${why} Your websites, contacts and campaigns are kept; choose a plan on the subscription page to ${doing} again.`,
    );
  }

  /** Emails sent this Tokyo month, plus those being sent right now (so two senders cannot overshoot). */
  /** Emails gone out (or going) since the start of this Tokyo month, or of today with `period` "day". */
  async function emailsUsed(userId: string, period: "month" | "day" = "month"): Promise<number> {
    const today = tokyoDay(now());
    const since = dayStart(period === "day" ? today : monthStart(today));
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailDeliveries)
      .where(
        and(
          eq(emailDeliveries.ownerId, userId),
          sql`(${emailDeliveries.status} = 'sending' OR (${emailDeliveries.status} = 'sent' AND ${emailDeliveries.sentAt} >= ${since.toISOString()}::timestamptz))`,
        ),
      );
    return Number(row?.n ?? 0);
  }

  return {
    standing,
    emailsUsed,

    /** Websites may be created (the count limit is the websites feature's own check). */
    async requireWebsiteCreation(userId: string): Promise<TPlan> {
      const s = await standing(userId);
      if (s.access !== "ok") throw blocked(s, "create websites and send campaigns");
      return s.plan;
    },

    /** A host name may be connected to a website: a plan with custom domains, and one still running. */
    async requireCustomDomain(userId: string, hostname: string): Promise<void> {
      const s = await standing(userId);
      if (!planAllowsCustomDomain(s.plan.id)) {
        throw new AppError(
          403,
          ERROR_CODES.planRequired,
          `Your own domain is included in the ${PLANS.business.name} plan and above. ` +
            `Upgrade from ${s.plan.name} on the subscription page to connect ${hostname}.`,
        );
      }
      if (s.access !== "ok") throw blocked(s, "connect your own domain");
    },

    /** Campaigns may be started. */
    async requireCampaigns(userId: string): Promise<void> {
      const s = await standing(userId);
      if (s.access !== "ok") throw blocked(s, "send campaigns and create websites");
    },

    /** `count` more emails may go out this month. */
    async requireEmailAllowance(userId: string, count = 1): Promise<void> {
      const s = await standing(userId);
      if (s.access !== "ok") throw blocked(s, "send emails");
      const used = await emailsUsed(userId);
      const limit = s.plan.emailMonthlyLimit;
      if (used + count > limit) {
        const nextMonth = monthStart(addDays(monthStart(tokyoDay(now())), 32));
        throw new AppError(
          403,
          ERROR_CODES.emailLimit,
          `Your ${s.plan.name} plan includes ${grouped(limit)} emails a month and ${grouped(used)} have gone out this month. ` +
            `Sending starts again on ${nextMonth}, or upgrade your plan for more.`,
        );
      }
      const today = await emailsUsed(userId, "day");
      const daily = s.plan.emailDailyLimit;
      if (today + count > daily) {
        throw new AppError(
          403,
          ERROR_CODES.emailLimit,
          `Your ${s.plan.name} plan sends up to ${grouped(daily)} emails a day and ${grouped(today)} have gone out today. ` +
            `Sending starts again tomorrow (Japan time), or upgrade your plan for more.`,
        );
      }
    },

    /**
     * For the campaign engine: one row per owner with pending mail who may send now, with the
     * emails left this month. Mirrors `planAccess` and `emailsUsed` in SQL.
     */
    allowanceSql(ownerIds: SQL): SQL {
      const at = now();
      const since = dayStart(monthStart(tokyoDay(at))).toISOString();
      const todaySince = dayStart(tokyoDay(at)).toISOString();
      const limits = sql.join(
        PLAN_IDS.map(
          (id) => sql`(${id}::text, ${PLANS[id].emailMonthlyLimit}::int, ${PLANS[id].emailDailyLimit}::int)`,
        ),
        sql`, `,
      );
      // The month's and the day's allowance, whichever is smaller.
      return sql`
        SELECT u.id AS owner_id, least(l.lim - used.month, l.daily - used.day) AS remaining
        FROM workspaces u JOIN (VALUES ${limits}) AS l(plan, lim, daily) ON l.plan = u.plan
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS month,
            count(*) FILTER (WHERE s.status = 'sending' OR s.sent_at >= ${todaySince}::timestamptz)::int AS day
          FROM email_deliveries s
          WHERE s.owner_id = u.id
            AND (s.status = 'sending' OR (s.status = 'sent' AND s.sent_at >= ${since}::timestamptz))
        ) used
        WHERE u.id IN (${ownerIds})
          AND NOT EXISTS (SELECT 1 FROM users d WHERE d.id = u.personal_of AND d.deleted_at IS NOT NULL)
          AND CASE
            WHEN u.plan = 'trial' THEN u.trial_ends_at IS NULL OR u.trial_ends_at > ${at.toISOString()}::timestamptz
            WHEN u.subscription_status = 'canceled' THEN u.subscription_ends_at > ${at.toISOString()}::timestamptz
            ELSE true
          END`;
    },
  };
}

export type Entitlements = ReturnType<typeof createEntitlements>;
