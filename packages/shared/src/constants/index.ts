// Plain values and helpers without zod, for the web app's first bundle.
// The schemas in the package root re-export all of these.
export * from "./analytics.ts";
export * from "./app-routes.ts";
export * from "./auth.ts";
export * from "./categories.ts";
export * from "./contact-names.ts";
export * from "./crm.ts";
export * from "./email.ts";
export * from "./errors.ts";
export * from "./languages.ts";
export * from "./permissions.ts";
export * from "./plans.ts";
export * from "./prefectures.ts";
export * from "./public-pages.ts";
export * from "./tax.ts";
