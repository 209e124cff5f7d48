import {
  PLANS,
  PURCHASABLE_PLANS,
  type TPlan,
  type TSubscriptionStatusResponse,
  ZPlanId,
  ZSubscriptionStatus,
} from "@shobai/shared";
import type { SessionUser } from "../auth/service";

export type WebsiteCounter = (userId: string) => Promise<number>;

export function createSubscriptionService(deps: { countWebsites: WebsiteCounter }) {
  return {
    plans(): TPlan[] {
      return PURCHASABLE_PLANS;
    },

    async status(user: SessionUser): Promise<TSubscriptionStatusResponse> {
      const plan = ZPlanId.catch("trial").parse(user.plan);
      return {
        plan,
        subscriptionStatus: ZSubscriptionStatus.catch("trialing").parse(user.subscriptionStatus),
        websiteCount: await deps.countWebsites(user.id),
        websiteLimit: PLANS[plan].websiteLimit,
        trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
        subscriptionEndsAt: user.subscriptionEndsAt?.toISOString() ?? null,
      };
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
