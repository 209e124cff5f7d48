import type { BackendModule } from "i18next";

/**
 * Every `locales/<lang>/<namespace>.json` as its own chunk, fetched when that language is needed:
 * the first page carries one language, not six, however much text the product grows.
 */
const loaders = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { import: "default" });

export const localeBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (content) => callback(null, content as Record<string, string>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const NAMESPACES = [
  "common",
  "auth",
  "pages",
  "dashboard",
  "landing",
  "profile",
  "api-docs",
  "crm",
  "websites",
  "analytics",
  "email",
  "domains",
  "subscription",
  "legal",
  "info",
  "consent",
  "chat",
  "examples",
  "tutorials",
  "seo",
] as const;
export type Namespace = (typeof NAMESPACES)[number];
