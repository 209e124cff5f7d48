export const PLAN_IDS = ["trial", "starter", "business", "enterprise", "white_label"] as const;
export type TPlanId = (typeof PLAN_IDS)[number];

export const PAID_PLAN_IDS = ["starter", "business", "enterprise", "white_label"] as const;
export type TPaidPlanId = (typeof PAID_PLAN_IDS)[number];

export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "canceled"] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const TRIAL_DAYS = 14;

/** Feature keys; screens translate them (`plans.features.<key>`). */
export const PLAN_FEATURES = [
  "ai_websites_1",
  "ai_websites_3",
  "ai_websites_5",
  "ai_websites_20",
  "basic_templates",
  "premium_templates",
  "email_integration",
  "advanced_email_automation",
  "basic_crm",
  "advanced_crm",
  "analytics_dashboard",
  "advanced_analytics",
  "email_support",
  "priority_support",
  "dedicated_support",
  "custom_domain",
  "all_premium_features",
  "api_access",
  "ssl_certificates",
  "white_label_branding",
  "reseller_features",
  "multi_tenant_management",
  "custom_integrations",
  "sla_guarantee",
] as const;
export type TPlanFeature = (typeof PLAN_FEATURES)[number];

export type TPlan = {
  id: TPlanId;
  name: string;
  priceJpy: number;
  websiteLimit: number;
  /** Emails (campaigns and one-off sends) per calendar month, Tokyo time. Decision 0008. */
  emailMonthlyLimit: number;
  /**
   * Emails per Tokyo day: a new account, or a stolen one, cannot burst its whole month at once and
   * sink the platform's sending reputation (issue 29).
   */
  emailDailyLimit: number;
  /** Site texts written by the AI provider (AI_BASE_URL) per calendar month, Tokyo time. Decision 0027. */
  aiGenerationMonthlyLimit: number;
  /**
   * People in the workspace, owner included (issue 24, decision 0051). The trial allows Business's
   * number so a team can be tried before buying; Starter is for one person.
   */
  memberLimit: number;
  features: TPlanFeature[];
  recommended: boolean;
};

/**
 * The plan catalogue (spec §3, §9). Prices are monthly, integer JPY, and include 10% consumption
 * tax (税込, 総額表示; PLAN_PRICES_INCLUDE_TAX in money.ts, decision 0043). SSL hosting is part of every
 * plan (the comparison table's row), so no card lists it as a plan's own feature.
 */
export const PLANS: Record<TPlanId, TPlan> = {
  trial: {
    id: "trial",
    name: "Free Trial",
    priceJpy: 0,
    websiteLimit: 1,
    emailMonthlyLimit: 1_000,
    emailDailyLimit: 200,
    aiGenerationMonthlyLimit: 10,
    memberLimit: 3,
    features: [
      "ai_websites_1",
      "basic_templates",
      "email_integration",
      "basic_crm",
      "analytics_dashboard",
      "email_support",
    ],
    recommended: false,
  },
  starter: {
    id: "starter",
    name: "Starter",
    priceJpy: 4980,
    websiteLimit: 1,
    emailMonthlyLimit: 3_000,
    emailDailyLimit: 1_000,
    aiGenerationMonthlyLimit: 30,
    memberLimit: 1,
    features: [
      "ai_websites_1",
      "basic_templates",
      "email_integration",
      "basic_crm",
      "analytics_dashboard",
      "email_support",
    ],
    recommended: false,
  },
  business: {
    id: "business",
    name: "Business",
    priceJpy: 14980,
    websiteLimit: 3,
    emailMonthlyLimit: 10_000,
    emailDailyLimit: 3_000,
    aiGenerationMonthlyLimit: 100,
    memberLimit: 3,
    features: [
      "ai_websites_3",
      "premium_templates",
      "advanced_email_automation",
      "advanced_crm",
      "priority_support",
      "custom_domain",
    ],
    recommended: false,
  },
  enterprise: {
    id: "enterprise",
    name: "Enterprise",
    priceJpy: 19980,
    websiteLimit: 5,
    emailMonthlyLimit: 30_000,
    emailDailyLimit: 10_000,
    aiGenerationMonthlyLimit: 300,
    memberLimit: 10,
    features: [
      "ai_websites_5",
      "all_premium_features",
      "api_access",
      "dedicated_support",
      "advanced_analytics",
    ],
    recommended: true,
  },
  white_label: {
    id: "white_label",
    name: "White Label",
    priceJpy: 39800,
    websiteLimit: 20,
    emailMonthlyLimit: 100_000,
    emailDailyLimit: 30_000,
    aiGenerationMonthlyLimit: 1000,
    memberLimit: 25,
    features: [
      "ai_websites_20",
      "white_label_branding",
      "reseller_features",
      "multi_tenant_management",
      "custom_integrations",
      "sla_guarantee",
    ],
    recommended: false,
  },
};

/** The plans a customer can buy, in display order (the trial is where every account starts). */
export const PURCHASABLE_PLANS: TPlan[] = PAID_PLAN_IDS.map((id) => PLANS[id]);

/** Upgrade order (spec §4): trial → any paid plan, then only upwards. */
const PLAN_RANK: Record<TPlanId, number> = {
  trial: 0,
  starter: 1,
  business: 2,
  enterprise: 3,
  white_label: 4,
};
export function isUpgrade(from: TPlanId, to: TPlanId): boolean {
  return to !== "trial" && PLAN_RANK[to] > PLAN_RANK[from];
}

/** Whether the account may create websites and send emails now (data is always kept). */
export const PLAN_ACCESS = ["ok", "trial_ended", "subscription_ended"] as const;
export type TPlanAccess = (typeof PLAN_ACCESS)[number];

export type TPlanHolder = {
  plan: string;
  subscriptionStatus: string;
  trialEndsAt: Date | string | null;
  subscriptionEndsAt: Date | string | null;
};

function ended(at: Date | string | null, now: Date): boolean {
  return at !== null && new Date(at).getTime() <= now.getTime();
}

/**
 * Spec FAQ rules: a trial that ends without a plan, and a canceled subscription after its paid
 * period, keep all data but may not create websites or send campaigns. past_due keeps working
 * while Stripe retries the payment.
 */
export function planAccess(holder: TPlanHolder, now: Date = new Date()): TPlanAccess {
  if (holder.plan === "trial") return ended(holder.trialEndsAt, now) ? "trial_ended" : "ok";
  if (
    holder.subscriptionStatus === "canceled" &&
    (holder.subscriptionEndsAt === null || ended(holder.subscriptionEndsAt, now))
  ) {
    return "subscription_ended";
  }
  return "ok";
}

/**
 * Whether Select Plan may start a checkout for `target` (spec §4 upgrade order): upwards only, never
 * the current plan, unless the account has no running plan any more (then any plan may be bought).
 */
export function canSelectPlan(current: TPlanId, access: TPlanAccess, target: TPlanId): boolean {
  if (target === "trial") return false;
  if (access !== "ok") return true;
  return isUpgrade(current, target);
}

/**
 * The plan rule for buying domains (decision 0042): the paid plans that include custom domains
 * (Business and up), in good standing, at the price shown (tax-inclusive, no free domain). The free
 * trial cannot buy (anyone could order on the operator's account), and Starter cannot connect a
 * domain to its site, so it is not sold one.
 */
export const DOMAIN_PURCHASE_PLANS = ["business", "enterprise", "white_label"] as const;

export function canBuyDomains(planId: string, access: string): boolean {
  return (DOMAIN_PURCHASE_PLANS as readonly string[]).includes(planId) && access === "ok";
}
