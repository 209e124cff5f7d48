import type { InjectOptions } from "fastify";
import type { App } from "../app";

/** The site's own host in tests: `{slug}.localhost` on the default port (APP_URL unset → :5000). */
export const siteHost = (slug: string) => `${slug}.localhost:5000`;
export const siteOrigin = (slug: string) => `http://${siteHost(slug)}`;

/** A request to a hosted site on its own host, as a browser on that site would send it. */
export function siteRequest(
  app: App,
  slug: string,
  options: { method?: InjectOptions["method"]; url: string } & Omit<InjectOptions, "method" | "url">,
) {
  const { headers, ...rest } = options;
  return app.inject({ method: "GET", ...rest, headers: { host: siteHost(slug), ...headers } });
}

/** A contact-form post from the site's own page (same-origin, urlencoded). */
export function postSiteForm(
  app: App,
  slug: string,
  fields: Record<string, string>,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return siteRequest(app, slug, {
    method: "POST",
    url: "/contact",
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: siteOrigin(slug),
      "sec-fetch-site": "same-origin",
      ...options.headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/**
 * What the owner's Preview button does: asks the app for a preview link (with the app session),
 * follows it on the site's host, and returns the site-host cookie it sets (`shobai_preview=…`).
 */
export async function previewCookie(
  app: App,
  client: { get(url: string): Promise<{ statusCode: number; headers: Record<string, unknown> }> },
  website: { id: string; slug: string },
): Promise<string> {
  const link = await client.get(`/api/websites/${website.id}/preview`);
  if (link.statusCode !== 302) throw new Error(`preview link answered ${link.statusCode}`);
  const url = new URL(String(link.headers.location));
  const opened = await siteRequest(app, website.slug, { url: `${url.pathname}${url.search}` });
  const setCookie = opened.headers["set-cookie"];
  const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!line) throw new Error("the preview link set no cookie");
  return line.split(";")[0] ?? "";
}
