import { z } from "zod";
import { PAID_PLAN_IDS, PLAN_FEATURES, PLAN_IDS, SUBSCRIPTION_STATUSES } from "./constants/plans.ts";

export * from "./constants/plans.ts";

export const ZPlanId = z.enum(PLAN_IDS);
export const ZPaidPlanId = z.enum(PAID_PLAN_IDS);
export const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export const ZPlanFeature = z.enum(PLAN_FEATURES);

export const ZPlan = z.object({
  id: ZPlanId,
  name: z.string(),
  priceJpy: z.number().int().nonnegative(),
  websiteLimit: z.number().int().positive(),
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
});
export type TSubscriptionStatusResponse = z.infer<typeof ZSubscriptionStatusResponse>;
