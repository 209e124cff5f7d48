import { z } from "zod";
import { BUSINESS_CATEGORIES, TARGET_MARKETS } from "./constants/categories.ts";

export * from "./constants/categories.ts";
export const ZBusinessCategory = z.enum(BUSINESS_CATEGORIES);
export const ZTargetMarket = z.enum(TARGET_MARKETS);
