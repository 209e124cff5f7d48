import { z } from "zod";

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
export const ZBusinessCategory = z.enum(BUSINESS_CATEGORIES);
export type TBusinessCategory = z.infer<typeof ZBusinessCategory>;

export const TARGET_MARKETS = ["japan", "asia", "global"] as const;
export const ZTargetMarket = z.enum(TARGET_MARKETS);
export type TTargetMarket = z.infer<typeof ZTargetMarket>;
