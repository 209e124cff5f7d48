export * from "./auth.ts";
export * from "./categories.ts";
export * from "./crm.ts";
export * from "./errors.ts";
export * from "./health.ts";
export * from "./languages.ts";
export * from "./plans.ts";
export * from "./websites.ts";
