import {
  ERROR_CODES,
  isUpgrade,
  type TPaidPlanId,
  type TSubscriptionStatus,
  ZPaidPlanId,
  ZPlanId,
} from "@shobai/shared";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { billingAccounts, workspaces } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { BillingError, type StripeGateway, type SubscriptionState } from "../../providers/billing/stripe";

/**
 * How a subscription's state, as Stripe has it, becomes the account's plan and status. Shared by
 * Select Plan (an upgrade applies at once) and the webhook (every later change).
 */

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type AccountRow = typeof billingAccounts.$inferSelect;
export type WebhookOutcome = "applied" | "stale" | "ignored" | "duplicate";
export type Applied = { outcome: WebhookOutcome; userId: string | null; supersede?: string };

export type StateDeps = {
  gateway: StripeGateway | undefined;
  log?: FastifyBaseLogger;
  now: () => Date;
};

/** Stripe statuses under which a subscription still runs (and is billed). */
export const LIVE = new Set(["active", "trialing", "past_due", "unpaid"]);

/** Stripe's status in the spec's words (active, trialing, past_due, canceled). */
function productStatus(stripeStatus: string): TSubscriptionStatus {
  if (stripeStatus === "active" || stripeStatus === "trialing") return stripeStatus;
  if (stripeStatus === "past_due" || stripeStatus === "unpaid") return "past_due";
  return "canceled";
}

const latest = (...dates: (Date | null)[]) =>
  dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);

/** Serialises everything done to one subscription (Select Plan and webhooks alike) within a transaction. */
export async function lockSubscription(tx: Tx, subscriptionId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`stripe:${subscriptionId}`}))`);
}

export async function accountOf(db: Database | Tx, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
  return row;
}

export function billingFailure(error: unknown, log?: FastifyBaseLogger): unknown {
  if (!(error instanceof BillingError)) return error;
  log?.warn({ err: error.message, kind: error.kind }, "stripe call failed");
  if (error.kind === "declined") return new AppError(402, ERROR_CODES.paymentFailed, error.message);
  if (error.kind === "misconfigured")
    return new AppError(503, ERROR_CODES.billingNotConfigured, error.message);
  return new AppError(502, ERROR_CODES.paymentFailed, error.message);
}

export function notConfigured(): AppError {
  return new AppError(
    503,
    ERROR_CODES.billingNotConfigured,
    "Online payment is not set up on this server yet, so plans cannot be bought here. Please ask the operator to change your plan.",
  );
}

export async function userOfCustomer(tx: Tx, customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  const [row] = await tx
    .select({ userId: billingAccounts.userId })
    .from(billingAccounts)
    .where(eq(billingAccounts.customerId, customerId));
  return row?.userId ?? null;
}

/** The plan a subscription stands for: its price, else the plan named when it was bought. */
export function planOfState(
  gateway: StripeGateway | undefined,
  state: SubscriptionState,
): TPaidPlanId | undefined {
  const fromMetadata = ZPaidPlanId.safeParse(state.metadata.planId);
  return gateway?.planOfPrice(state.priceId) ?? (fromMetadata.success ? fromMetadata.data : undefined);
}

/**
 * Applies a subscription's state, as Stripe has it now, to its owner. The account follows one
 * subscription: another one replaces it only while it runs (and the old one is then ended, so
 * two checkouts never bill twice); the end of a replaced subscription changes nothing.
 */
export async function applyState(
  deps: StateDeps,
  tx: Tx,
  userId: string,
  state: SubscriptionState,
  created: number,
): Promise<Applied> {
  const holder = await userOfCustomer(tx, state.customerId);
  if (holder && holder !== userId) {
    deps.log?.warn({ userId, customer: state.customerId }, "stripe customer belongs to another account");
    return { outcome: "ignored", userId };
  }
  const [account] = await tx
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId))
    .for("update");
  let supersede: string | undefined;
  if (account?.subscriptionId && account.subscriptionId !== state.id) {
    if (!LIVE.has(state.status)) return { outcome: "stale", userId };
    if (account.stripeStatus && LIVE.has(account.stripeStatus)) supersede = account.subscriptionId;
  }
  const row = {
    customerId: state.customerId || account?.customerId || null,
    subscriptionId: state.id,
    stripeStatus: state.status,
    priceId: state.priceId,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    stateAt: Math.max(created, account?.stateAt ?? 0),
    updatedAt: deps.now(),
  };
  await tx
    .insert(billingAccounts)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: billingAccounts.userId, set: row });
  const applied: Applied = { outcome: "applied", userId, ...(supersede ? { supersede } : {}) };
  // A first payment still pending changes nothing yet.
  if (state.status === "incomplete") return applied;
  const status = productStatus(state.status);
  let planId = planOfState(deps.gateway, state);
  if (planId && account?.subscriptionId === state.id && LIVE.has(state.status)) {
    // FAQ: a smaller plan starts at the next billing date. A price lowered within the period
    // that is already paid (same period end as stored) waits for the renewal's event.
    const [workspace] = await tx
      .select({ plan: workspaces.plan })
      .from(workspaces)
      .where(eq(workspaces.id, userId));
    const current = ZPlanId.catch("trial").parse(workspace?.plan);
    const samePeriod =
      account.currentPeriodEnd !== null &&
      state.currentPeriodEnd !== null &&
      account.currentPeriodEnd.getTime() === state.currentPeriodEnd.getTime();
    if (samePeriod && isUpgrade(planId, current)) planId = undefined;
  }
  const endsAt =
    status === "canceled"
      ? (latest(state.endedAt, state.currentPeriodEnd) ?? deps.now())
      : state.cancelAtPeriodEnd
        ? state.currentPeriodEnd
        : null;
  await tx
    .update(workspaces)
    .set({
      ...(planId ? { plan: planId } : {}),
      subscriptionStatus: status,
      subscriptionEndsAt: endsAt,
      updatedAt: deps.now(),
    })
    .where(eq(workspaces.id, userId));
  return applied;
}
