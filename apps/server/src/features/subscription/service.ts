import {
  canSelectPlan,
  ERROR_CODES,
  PLANS,
  PURCHASABLE_PLANS,
  type TLanguage,
  type TPaidPlanId,
  type TPlan,
  type TPlanId,
  type TRedirectUrl,
  type TSubscriptionStatusResponse,
  ZLanguage,
  ZSubscriptionStatus,
} from "@shobai/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Entitlements } from "../../lib/entitlements";
import type { StripeGateway } from "../../providers/billing/stripe";
import type { SessionUser } from "../auth/service";
import { accountOf, applyState, billingFailure, LIVE, lockSubscription, notConfigured } from "./state";
import { createWebhookHandler, type PaymentHooks } from "./webhook";

export type WebsiteCounter = (userId: string) => Promise<number>;

export type SubscriptionDeps = {
  db: Database;
  countWebsites: WebsiteCounter;
  entitlements: Entitlements;
  /** Photo storage used and allowed (the media service, issue 19). */
  mediaUsage?: (userId: string) => Promise<{ usedBytes: number; quotaBytes: number }>;
  /** Stripe, when configured; without it plans are set by the admin command. */
  gateway: StripeGateway | undefined;
  /** The origin people use, for Stripe's return addresses. */
  appUrl: string;
  /** One-time payments (domain orders) and paid subscription invoices, for the purchases feature. */
  payments?: PaymentHooks;
  log?: FastifyBaseLogger;
  now?: () => Date;
};

export type { WebhookOutcome } from "./state";

export function createSubscriptionService(deps: SubscriptionDeps) {
  const { db, gateway } = deps;
  const now = deps.now ?? (() => new Date());

  const stateDeps = { gateway, log: deps.log, now };
  const webhook = createWebhookHandler({ ...stateDeps, db, payments: deps.payments });
  const billingFailureOf = (error: unknown) => billingFailure(error, deps.log);

  return {
    plans(): TPlan[] {
      return PURCHASABLE_PLANS;
    },

    async status(user: SessionUser): Promise<TSubscriptionStatusResponse> {
      const [standing, websiteCount, emailsSentThisMonth, account, emailsSentToday, media] =
        await Promise.all([
          deps.entitlements.standing(user.id),
          deps.countWebsites(user.id),
          deps.entitlements.emailsUsed(user.id),
          accountOf(db, user.id),
          deps.entitlements.emailsUsed(user.id, "day"),
          deps.mediaUsage?.(user.id),
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
        emailsSentToday,
        emailDailyLimit: standing.plan.emailDailyLimit,
        ...(media ? { mediaUsedBytes: media.usedBytes, mediaQuotaBytes: media.quotaBytes } : {}),
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
      const account = await accountOf(db, user.id);
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
            await lockSubscription(tx, state.id);
            await applyState(stateDeps, tx, user.id, state, Math.floor(now().getTime() / 1000));
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
        throw billingFailureOf(error);
      }
    },

    /** Stripe's customer portal: payment method, invoices, cancellation, smaller plans. */
    async portal(user: SessionUser): Promise<TRedirectUrl> {
      if (!gateway) throw notConfigured();
      const account = await accountOf(db, user.id);
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
        throw billingFailureOf(error);
      }
    },

    /** POST /api/billing/webhook (webhook.ts). */
    webhook,

    /** Ends the account's running subscription (account deletion). */
    async cancelForDeletedAccount(userId: string): Promise<void> {
      const account = await accountOf(db, userId);
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
