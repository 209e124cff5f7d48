/**
 * Server-side rendering of the public pages at build time (scripts/prerender.mjs): the page's
 * text is in the HTML before any script runs, and the browser hydrates the same tree (main.tsx).
 */
import { PURCHASABLE_PLANS, type TLanguage } from "@shobai/shared/constants";
import { dehydrate, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { Router } from "wouter";
import { PLANS_QUERY_KEY } from "@/queries/plans";
import { USER_QUERY_KEY } from "@/queries/user";
import { App } from "./app/app";
import { pageMetaKey } from "./app/page-meta";
import { setPrerenderBanner } from "./features/consent/prerender-banner";
import { LANDING_SECTIONS_NAMESPACES } from "./features/landing/deferred-sections";
import { i18n, i18nReady } from "./lib/i18n";
import { NAMESPACES } from "./lib/locale-resources";
import { queryClient } from "./lib/query-client";

/** For scripts/prerender.mjs, which runs in plain Node and cannot load the shared TypeScript. */
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  OG_LOCALES,
  PUBLIC_PAGE_PATHS,
  publicPageUrl,
} from "@shobai/shared/constants";

export type PrerenderedPage = {
  /** The markup inside #root. */
  html: string;
  /** The query cache the markup was rendered with, for the browser to start from (main.tsx). */
  state: unknown;
  /**
   * The texts of the namespaces the markup used, in the page's language and its fallbacks: inlined
   * in the page, the browser hydrates with exactly these.
   */
  texts: Record<string, Record<string, unknown>>;
  title: string;
  description: string;
};

/** A path no route matches: the router shows its 'Page Not Found', which the server answers with status 404. */
export const NOT_FOUND_PATH = "/__not-found";

/** Renders `path` in `language` (a public page, or NOT_FOUND_PATH). */
export async function renderPublicPage(
  path: string,
  language: TLanguage,
  options: { consentBanner: boolean },
): Promise<PrerenderedPage> {
  setPrerenderBanner(options.consentBanner);
  await i18nReady;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces([...NAMESPACES]);
  queryClient.clear();
  // Prerendered pages are served only to visitors without a session (the server checks the cookie).
  queryClient.setQueryData(USER_QUERY_KEY, null);
  // What GET /api/subscription/plans answers (the same catalogue); the browser re-reads it after hydrating.
  queryClient.setQueryData(PLANS_QUERY_KEY, PURCHASABLE_PLANS);
  const tree = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Router ssrPath={path}>
          <App />
        </Router>
      </QueryClientProvider>
    </StrictMode>
  );
  // The first pass loads the page's lazy chunks; the second renders with all of them resolved, so
  // the HTML is plain markup in document order (no streamed-in boundaries or inline scripts).
  await collect(tree);
  i18n.usedNamespaces.clear();
  const html = await collect(tree);
  // On the landing page the lower sections hydrate later and fetch their own texts then.
  const deferred: readonly string[] = path === "/" ? LANDING_SECTIONS_NAMESPACES : [];
  // The cookie-settings button appears on every page right after hydration (it depends on the
  // consent stored in the browser), so its texts come with the page too.
  const namespaces = [...new Set(["common", ...i18n.usedNamespaces, "consent"])].filter(
    (ns) => !deferred.includes(ns),
  );
  if (/<template|<script/.test(html)) throw new Error(`${path} (${language}) did not render completely`);
  const key = pageMetaKey(path) ?? "notFound";
  const t = i18n.getFixedT(language, "seo");
  const texts = Object.fromEntries(
    i18n.languages.map((lng) => [
      lng,
      Object.fromEntries(namespaces.map((ns) => [ns, i18n.getResourceBundle(lng, ns)])),
    ]),
  );
  return {
    html,
    texts,
    state: dehydrate(queryClient),
    title: t(`${key}.title`),
    description: t(`${key}.description`),
  };
}

async function collect(tree: ReactNode): Promise<string> {
  // A large finished boundary would otherwise be outlined (sent after the shell with a script).
  const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
