/** The 10 business categories; each has its own site template. */
export const BUSINESS_CATEGORIES = [
  "consulting",
  "technology",
  "healthcare",
  "finance",
  "retail",
  "restaurant",
  "real-estate",
  "education",
  "legal",
  "creative",
] as const;
export type TBusinessCategory = (typeof BUSINESS_CATEGORIES)[number];

export const TARGET_MARKETS = ["japan", "asia", "global"] as const;
export type TTargetMarket = (typeof TARGET_MARKETS)[number];
