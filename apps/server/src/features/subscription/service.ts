import {
  canSelectPlan,
  ERROR_CODES,
  isUpgrade,
  PLANS,
  PURCHASABLE_PLANS,
  type TLanguage,
  type TPaidPlanId,
  type TPlan,
  type TPlanId,
  type TRedirectUrl,
  type TSubscriptionStatus,
  type TSubscriptionStatusResponse,
  ZLanguage,
  ZPaidPlanId,
  ZPlanId,
  ZSubscriptionStatus,
} from "@shobai/shared";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import type { Database } from "../../db/client";
import { billingAccounts, billingEvents, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Entitlements } from "../../lib/entitlements";
import {
  BillingError,
  invoiceSubscriptionId,
  type StripeGateway,
  type SubscriptionState,
} from "../../providers/billing/stripe";
import type { SessionUser } from "../auth/service";

export type WebsiteCounter = (userId: string) => Promise<number>;

export type SubscriptionDeps = {
  db: Database;
  countWebsites: WebsiteCounter;
  entitlements: Entitlements;
  /** Stripe, when configured; without it plans are set by the admin command. */
  gateway: StripeGateway | undefined;
  /** The origin people use, for Stripe's return addresses. */
  appUrl: string;
  log?: FastifyBaseLogger;
  now?: () => Date;
};

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type AccountRow = typeof billingAccounts.$inferSelect;

/** Stripe statuses under which a subscription still runs (and is billed). */
const LIVE = new Set(["active", "trialing", "past_due", "unpaid"]);

/** Stripe's status in the spec's words (active, trialing, past_due, canceled). */
function productStatus(stripeStatus: string): TSubscriptionStatus {
  if (stripeStatus === "active" || stripeStatus === "trialing") return stripeStatus;
  if (stripeStatus === "past_due" || stripeStatus === "unpaid") return "past_due";
  return "canceled";
}

const latest = (...dates: (Date | null)[]) =>
  dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);

export type WebhookOutcome = "applied" | "stale" | "ignored" | "duplicate";

export function createSubscriptionService(deps: SubscriptionDeps) {
  const { db, gateway } = deps;
  const now = deps.now ?? (() => new Date());

  async function accountOf(userId: string): Promise<AccountRow | undefined> {
    const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
    return row;
  }

  function billingFailure(error: unknown): unknown {
    if (!(error instanceof BillingError)) return error;
    deps.log?.warn({ err: error.message, kind: error.kind }, "stripe call failed");
    if (error.kind === "declined") return new AppError(402, ERROR_CODES.paymentFailed, error.message);
    if (error.kind === "misconfigured")
      return new AppError(503, ERROR_CODES.billingNotConfigured, error.message);
    return new AppError(502, ERROR_CODES.paymentFailed, error.message);
  }

  function notConfigured(): AppError {
    return new AppError(
      503,
      ERROR_CODES.billingNotConfigured,
      "Online payment is not set up on this server yet, so plans cannot be bought here. Please ask the operator to change your plan.",
    );
  }

  /** A user id the event may act on: an account that exists and was not deleted. */
  async function liveUser(tx: Tx, userId: string | null | undefined): Promise<string | null> {
    if (!userId) return null;
    const [row] = await tx
      .select({ id: users.id, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row && !row.deletedAt ? row.id : null;
  }

  async function userOfCustomer(tx: Tx, customerId: string | null): Promise<string | null> {
    if (!customerId) return null;
    const [row] = await tx
      .select({ userId: billingAccounts.userId })
      .from(billingAccounts)
      .where(eq(billingAccounts.customerId, customerId));
    return row?.userId ?? null;
  }

  type Applied = { outcome: WebhookOutcome; userId: string | null; supersede?: string };

  /**
   * Applies a subscription's state, as Stripe has it now, to its owner. The account follows one
   * subscription: another one replaces it only while it runs (and the old one is then ended, so
   * two checkouts never bill twice); the end of a replaced subscription changes nothing.
   */
  async function applyState(
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
      updatedAt: now(),
    };
    await tx
      .insert(billingAccounts)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: billingAccounts.userId, set: row });
    const applied: Applied = { outcome: "applied", userId, ...(supersede ? { supersede } : {}) };
    // A first payment still pending changes nothing yet.
    if (state.status === "incomplete") return applied;
    const status = productStatus(state.status);
    let planId = planOfState(state);
    if (planId && account?.subscriptionId === state.id && LIVE.has(state.status)) {
      // FAQ: a smaller plan starts at the next billing date. A price lowered within the period
      // that is already paid (same period end as stored) waits for the renewal's event.
      const [user] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
      const current = ZPlanId.catch("trial").parse(user?.plan);
      const samePeriod =
        account.currentPeriodEnd !== null &&
        state.currentPeriodEnd !== null &&
        account.currentPeriodEnd.getTime() === state.currentPeriodEnd.getTime();
      if (samePeriod && isUpgrade(planId, current)) planId = undefined;
    }
    const endsAt =
      status === "canceled"
        ? (latest(state.endedAt, state.currentPeriodEnd) ?? now())
        : state.cancelAtPeriodEnd
          ? state.currentPeriodEnd
          : null;
    await tx
      .update(users)
      .set({
        ...(planId ? { plan: planId } : {}),
        subscriptionStatus: status,
        subscriptionEndsAt: endsAt,
        updatedAt: now(),
      })
      .where(eq(users.id, userId));
    return applied;
  }

  /** The plan a subscription stands for: its price, else the plan named when it was bought. */
  function planOfState(state: SubscriptionState): TPaidPlanId | undefined {
    const fromMetadata = ZPaidPlanId.safeParse(state.metadata.planId);
    return gateway?.planOfPrice(state.priceId) ?? (fromMetadata.success ? fromMetadata.data : undefined);
  }

  /** The subscription an event is about, and who it names as the owner. */
  function subjectOf(event: Stripe.Event): { subscriptionId: string; userHint: string | null } | null {
    switch (event.type) {
      case "checkout.session.completed": {
        const session = event.data.object;
        const subscriptionId =
          typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
        if (session.mode !== "subscription" || !subscriptionId) return null;
        return { subscriptionId, userHint: session.client_reference_id ?? session.metadata?.userId ?? null };
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
      case "customer.subscription.paused":
      case "customer.subscription.resumed": {
        const sub = event.data.object;
        return { subscriptionId: sub.id, userHint: sub.metadata?.userId ?? null };
      }
      case "invoice.paid":
      case "invoice.payment_failed": {
        const invoice = event.data.object;
        const subscriptionId = invoiceSubscriptionId(invoice);
        if (!subscriptionId) return null;
        return { subscriptionId, userHint: invoice.parent?.subscription_details?.metadata?.userId ?? null };
      }
      default:
        return null;
    }
  }

  /**
   * Events can come late, twice or out of order, and their payloads can be older than the truth.
   * So an event only says which subscription changed: its current state is read from Stripe and
   * applied, under a lock per subscription, and any order of events ends in Stripe's state.
   */
  async function applyEvent(tx: Tx, event: Stripe.Event): Promise<Applied> {
    const subject = subjectOf(event);
    if (!subject || !gateway) return { outcome: "ignored", userId: null };
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`stripe:${subject.subscriptionId}`}))`);
    let state: SubscriptionState;
    try {
      state = await gateway.retrieveSubscription(subject.subscriptionId);
    } catch (error) {
      // Unknown to Stripe (deleted test data, another account's object): nothing to apply.
      if (error instanceof BillingError && error.kind === "invalid")
        return { outcome: "ignored", userId: null };
      throw error;
    }
    const userId =
      (await liveUser(tx, state.metadata.userId)) ??
      (await liveUser(tx, subject.userHint)) ??
      (await liveUser(tx, await userOfCustomer(tx, state.customerId)));
    if (!userId) return { outcome: "ignored", userId: null };
    return applyState(tx, userId, state, event.created);
  }

  return {
    plans(): TPlan[] {
      return PURCHASABLE_PLANS;
    },

    async status(user: SessionUser): Promise<TSubscriptionStatusResponse> {
      const [standing, websiteCount, emailsSentThisMonth, account] = await Promise.all([
        deps.entitlements.standing(user.id),
        deps.countWebsites(user.id),
        deps.entitlements.emailsUsed(user.id),
        accountOf(user.id),
      ]);
      const live = Boolean(account?.stripeStatus && LIVE.has(account.stripeStatus));
      const scheduled = gateway?.planOfPrice(account?.priceId ?? null);
      return {
        plan: standing.plan.id,
        subscriptionStatus: ZSubscriptionStatus.catch("trialing").parse(standing.subscriptionStatus),
        websiteCount,
        websiteLimit: standing.plan.websiteLimit,
        trialEndsAt: standing.trialEndsAt?.toISOString() ?? null,
        subscriptionEndsAt: standing.subscriptionEndsAt?.toISOString() ?? null,
        access: standing.access,
        cancelAtPeriodEnd: Boolean(live && account?.cancelAtPeriodEnd),
        renewsAt:
          live && !account?.cancelAtPeriodEnd ? (account?.currentPeriodEnd?.toISOString() ?? null) : null,
        scheduledPlan: live && scheduled && scheduled !== standing.plan.id ? scheduled : null,
        emailsSentThisMonth,
        emailMonthlyLimit: standing.plan.emailMonthlyLimit,
        billing: { configured: Boolean(gateway), portal: Boolean(gateway && account?.customerId) },
      };
    },

    /**
     * Select Plan: the spec's upgrade order, then Stripe. A running subscription is moved to the
     * new plan at once (prorated); otherwise a Checkout session is opened.
     */
    async startCheckout(user: SessionUser, planId: TPaidPlanId): Promise<TRedirectUrl> {
      const standing = await deps.entitlements.standing(user.id);
      const current: TPlanId = standing.plan.id;
      if (!canSelectPlan(current, standing.access, planId)) {
        throw AppError.badRequest(
          ERROR_CODES.planNotUpgrade,
          planId === current
            ? `You are already on the ${PLANS[current].name} plan.`
            : `${PLANS[planId].name} is below your current ${PLANS[current].name} plan. Plans can only be raised here; ` +
                "a smaller plan is chosen under Manage billing and starts on your next billing date.",
        );
      }
      if (!gateway?.sells(planId)) throw notConfigured();
      const account = await accountOf(user.id);
      const language: TLanguage = ZLanguage.catch("ja").parse(user.language);
      try {
        if (
          account?.subscriptionId &&
          account.stripeStatus &&
          LIVE.has(account.stripeStatus) &&
          standing.access === "ok"
        ) {
          const state = await gateway.changePlan(account.subscriptionId, planId, user.id);
          // Upgrades apply at once; the webhook that follows confirms the same state.
          await db.transaction(async (tx) => {
            await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`stripe:${state.id}`}))`);
            await applyState(tx, user.id, state, Math.floor(now().getTime() / 1000));
          });
          return { url: `${deps.appUrl}/subscription?checkout=upgraded` };
        }
        const session = await gateway.createCheckoutSession({
          userId: user.id,
          email: user.email,
          customerId: account?.customerId ?? null,
          planId,
          language,
          successUrl: `${deps.appUrl}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${deps.appUrl}/pricing?checkout=canceled`,
        });
        return { url: session.url };
      } catch (error) {
        throw billingFailure(error);
      }
    },

    /** Stripe's customer portal: payment method, invoices, cancellation, smaller plans. */
    async portal(user: SessionUser): Promise<TRedirectUrl> {
      if (!gateway) throw notConfigured();
      const account = await accountOf(user.id);
      if (!account?.customerId) {
        throw AppError.conflict(
          ERROR_CODES.conflict,
          "There is no billing account yet: choose a plan first.",
        );
      }
      try {
        const language: TLanguage = ZLanguage.catch("ja").parse(user.language);
        return {
          url: await gateway.createPortalSession(account.customerId, `${deps.appUrl}/subscription`, language),
        };
      } catch (error) {
        throw billingFailure(error);
      }
    },

    /** POST /api/billing/webhook: verified, taken once per event id, applied in one transaction. */
    async webhook(
      raw: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true; outcome: WebhookOutcome }> {
      if (!gateway) throw notConfigured();
      let event: Stripe.Event;
      try {
        event = gateway.verifyEvent(raw, signature, now().getTime());
      } catch (error) {
        throw AppError.badRequest(
          ERROR_CODES.validation,
          `Invalid webhook signature: ${error instanceof Error ? error.message : "not verified"}`,
        );
      }
      const [seen] = await db
        .select({ id: billingEvents.id })
        .from(billingEvents)
        .where(eq(billingEvents.id, event.id));
      if (seen) return { received: true, outcome: "duplicate" };
      let applied: Applied;
      try {
        applied = await db.transaction(async (tx): Promise<Applied> => {
          const taken = await tx
            .insert(billingEvents)
            .values({
              id: event.id,
              type: event.type,
              eventCreated: new Date(event.created * 1000),
              outcome: "pending",
            })
            .onConflictDoNothing()
            .returning({ id: billingEvents.id });
          if (taken.length === 0) return { outcome: "duplicate", userId: null };
          const result = await applyEvent(tx, event);
          await tx
            .update(billingEvents)
            .set({ outcome: result.outcome, userId: result.userId })
            .where(eq(billingEvents.id, event.id));
          return result;
        });
      } catch (error) {
        // Nothing was kept, so Stripe's retry of this event will be taken.
        throw billingFailure(error);
      }
      deps.log?.info({ event: event.id, type: event.type, outcome: applied.outcome }, "stripe event");
      if (applied.supersede) {
        // A second subscription replaced the first (two checkouts): the first must not bill on.
        await gateway.cancelNow(applied.supersede).catch((error: unknown) => {
          deps.log?.error(
            { subscription: applied.supersede, err: String(error) },
            "could not cancel a replaced subscription",
          );
        });
      }
      return { received: true, outcome: applied.outcome };
    },

    /** Ends the account's running subscription (account deletion). */
    async cancelForDeletedAccount(userId: string): Promise<void> {
      const account = await accountOf(userId);
      if (!gateway || !account?.subscriptionId || !LIVE.has(account.stripeStatus ?? "")) return;
      await gateway.cancelNow(account.subscriptionId).catch((error: unknown) => {
        deps.log?.error(
          { userId, err: String(error) },
          "could not cancel the subscription of a deleted account",
        );
      });
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
