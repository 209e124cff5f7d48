import { z } from "zod";
import {
  PAID_PLAN_IDS,
  PLAN_ACCESS,
  PLAN_FEATURES,
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
  type TPlanId,
} from "./constants/plans.ts";

export * from "./constants/plans.ts";

export const ZPlanId = z.enum(PLAN_IDS);
export const ZPaidPlanId = z.enum(PAID_PLAN_IDS);
export const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export const ZPlanFeature = z.enum(PLAN_FEATURES);
export const ZPlanAccess = z.enum(PLAN_ACCESS);

export const ZPlan = z.object({
  id: ZPlanId,
  name: z.string(),
  priceJpy: z.number().int().nonnegative(),
  websiteLimit: z.number().int().positive(),
  emailMonthlyLimit: z.number().int().positive(),
  emailDailyLimit: z.number().int().positive(),
  aiGenerationMonthlyLimit: z.number().int().positive(),
  memberLimit: z.number().int().positive(),
  features: z.array(ZPlanFeature),
  recommended: z.boolean(),
});

export const ZSubscriptionStatusResponse = z.object({
  plan: ZPlanId,
  subscriptionStatus: ZSubscriptionStatus,
  websiteCount: z.number().int().nonnegative(),
  websiteLimit: z.number().int().positive(),
  trialEndsAt: z.iso.datetime().nullable(),
  subscriptionEndsAt: z.iso.datetime().nullable(),
  /** Beyond the spec's fields: what the account may do now, and its usage. */
  access: ZPlanAccess,
  /** The subscription ends at subscriptionEndsAt (cancelled in the billing portal). */
  cancelAtPeriodEnd: z.boolean(),
  /** Next billing date of a running Stripe subscription that is not ending; null otherwise. */
  renewsAt: z.iso.datetime().nullable(),
  /** A smaller plan chosen in the billing portal, which starts at renewsAt. */
  scheduledPlan: ZPaidPlanId.nullable(),
  emailsSentThisMonth: z.number().int().nonnegative(),
  /** Sent today (Tokyo); sending waits for tomorrow once it reaches emailDailyLimit. */
  emailsSentToday: z.number().int().nonnegative(),
  emailMonthlyLimit: z.number().int().positive(),
  emailDailyLimit: z.number().int().positive(),
  /** Photo storage used by the account's media libraries and the plan's quota, in bytes (issue 19). */
  mediaUsedBytes: z.number().int().nonnegative().optional(),
  mediaQuotaBytes: z.number().int().positive().optional(),
  billing: z.object({
    /** Online payment (Stripe) is set up on this server. */
    configured: z.boolean(),
    /** The account has a Stripe customer, so the billing portal can open. */
    portal: z.boolean(),
  }),
});
export type TSubscriptionStatusResponse = z.infer<typeof ZSubscriptionStatusResponse>;

export const ZCreateCheckoutSession = z.object({ planId: ZPaidPlanId });
export type TCreateCheckoutSession = z.infer<typeof ZCreateCheckoutSession>;

/** Where the browser goes next: Stripe Checkout, the billing portal, or back to /subscription. */
export const ZRedirectUrl = z.object({ url: z.url() });
export type TRedirectUrl = z.infer<typeof ZRedirectUrl>;

/**
 * Plans that may connect the owner's own domain to a website (decision 0010): Business and up,
 * plus the trial so it can be tried before buying. Starter serves sites on the platform's host only.
 */
export const CUSTOM_DOMAIN_PLANS = [
  "trial",
  "business",
  "enterprise",
  "white_label",
] as const satisfies readonly TPlanId[];

export function planAllowsCustomDomain(plan: string): boolean {
  return (CUSTOM_DOMAIN_PLANS as readonly string[]).includes(plan);
}
