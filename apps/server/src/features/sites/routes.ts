import { createHash } from "node:crypto";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { type SiteHost, safeRedirectPath, siteHostOfRequest } from "../../lib/site-host";
import type { WebsiteRow } from "../websites/service";
import type { SitesService } from "./service";

export type SitesRoutesOptions = {
  service: SitesService;
  formRateLimit: { max: number; windowSeconds: number };
};

/** The preview cookie: host-only on the site's host, carrying one site's signed preview token. */
export const PREVIEW_COOKIE = "shobai_preview";

function notFoundPage(reply: FastifyReply, home: string | null) {
  const link = home ? `<p><a href="${home}">トップページへ / Home</a></p>` : "";
  return reply
    .status(404)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(
      `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>ページが見つかりません / Page not found</title><style>body{font-family:system-ui,"Hiragino Sans","Noto Sans JP",sans-serif;margin:15vh auto;max-width:32rem;padding:0 1.5rem;line-height:1.8;color:#222}</style></head>` +
        `<body><main><h1>ページが見つかりません</h1><p>Page not found.</p>${link}</main></body></html>`,
    );
}

function cookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** A request on `site`'s own host carrying a valid preview token for it (for its pages and its photos). */
export function isPreviewRequest(service: SitesService, request: FastifyRequest, site: WebsiteRow): boolean {
  if (siteHostOfRequest(request.raw)?.slug !== site.slug) return false;
  return service.previewSecondsLeft(cookie(request, PREVIEW_COOKIE), site) > 0;
}

/**
 * Which page a path names: pages are folders (/ja → /ja/ by redirect, only to pages that exist, so
 * a redirect never goes anywhere but the site's own pages); "found" is the page's file path.
 */
function pagePath(rest: string, exists: (path: string) => boolean): { redirect?: true; found?: string } {
  if (rest !== "" && !rest.endsWith("/") && !rest.endsWith(".html")) {
    return exists(`${rest}/index.html`) ? { redirect: true } : {};
  }
  const folder = rest.replace(/index\.html$/, "").replace(/\/+$/, "");
  const path = folder ? `${folder}/index.html` : "index.html";
  return exists(path) ? { found: path } : {};
}

/** The encoding to send a stored page in: brotli, else gzip, else none (q=0 refuses one). */
function acceptedEncoding(header: string | string[] | undefined): "br" | "gzip" | "identity" {
  const accepted = new Set<string>();
  for (const part of String(header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === "https";
}

/**
 * Hosted sites, on their own hosts only ({slug}.SITES_DOMAIN and verified custom domains, which
 * app.ts rewrites to /s/{slug}/…; on the app's host /s/… only redirects, see host-guard.ts).
 * Unpublished sites are seen through a signed preview link, never the app's session.
 */
export const sitesRoutes: FastifyPluginAsync<SitesRoutesOptions> = async (app, opts) => {
  const { service } = opts;

  /** The site this request may see on the host it came on, and whether as the owner's preview. */
  async function visibleSite(
    request: FastifyRequest,
    slug: string,
  ): Promise<{ site: WebsiteRow; host: SiteHost; preview: boolean } | null> {
    const host = siteHostOfRequest(request.raw);
    if (!host || host.slug !== slug) return null;
    const site = await service.findSite(slug);
    if (!site) return null;
    const preview = isPreviewRequest(service, request, site);
    if (!site.isPublished && !preview) return null;
    return { site, host, preview };
  }

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Params: { slug: string } }>(
    "/s/:slug/robots.txt",
    { schema: { hide: true } },
    async (request, reply) => {
      const found = await visibleSite(request, request.params.slug);
      // Previews and hosts that are no published site are kept out of search engines.
      const body =
        found && !found.preview
          ? await service.siteFile(found.site, "robots.txt")
          : "User-agent: *\nDisallow: /\n";
      return reply
        .type("text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .send(body);
    },
  );

  /** The site's sitemap.xml (every language page with hreflang) and its favicon; never for previews. */
  for (const file of ["sitemap.xml", "favicon.svg"] as const) {
    app.get<{ Params: { slug: string } }>(
      `/s/:slug/${file}`,
      { schema: { hide: true } },
      async (request, reply) => {
        const found = await visibleSite(request, request.params.slug);
        if (!found || (found.preview && file === "sitemap.xml")) return notFoundPage(reply, null);
        return reply
          .type(file === "sitemap.xml" ? "application/xml; charset=utf-8" : "image/svg+xml")
          .header("cache-control", found.preview ? "private, no-store" : "public, max-age=300")
          .header("x-content-type-options", "nosniff")
          .send(await service.siteFile(found.site, file));
      },
    );
  }

  /** PNG icons (the touch icon iOS asks for at the root, and a favicon): from the logo, else the monogram. */
  for (const file of ["favicon.png", "apple-touch-icon.png"] as const) {
    app.get<{ Params: { slug: string } }>(
      `/s/:slug/${file}`,
      { schema: { hide: true } },
      async (request, reply) => {
        const found = await visibleSite(request, request.params.slug);
        if (!found) return notFoundPage(reply, null);
        return reply
          .type("image/png")
          .header("cache-control", found.preview ? "private, no-store" : "public, max-age=300")
          .header("x-content-type-options", "nosniff")
          .send(await service.iconFile(found.site, file));
      },
    );
  }

  app.get<{ Params: { slug: string; "*": string }; Querystring: { preview?: unknown } }>(
    "/s/:slug/*",
    { schema: { hide: true } },
    async (request, reply) => {
      const { slug } = request.params;
      const rest = request.params["*"];
      // `?preview=TOKEN` from the app's Preview button: kept as a cookie on this host only, then
      // the same page without it (so the token is not left in history, links or Referer).
      const token = request.query.preview;
      if (typeof token === "string") {
        const host = siteHostOfRequest(request.raw);
        const site = host?.slug === slug ? await service.findSite(slug) : undefined;
        const seconds = site ? service.previewSecondsLeft(token, site) : 0;
        if (seconds > 0) {
          reply.header(
            "set-cookie",
            `${PREVIEW_COOKIE}=${token}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Lax${isHttps(request) ? "; Secure" : ""}`,
          );
        }
        return reply
          .header("cache-control", "no-store")
          .redirect(safeRedirectPath(`/${rest}`, rest === "" || rest.endsWith("/")), 303);
      }
      // Visitors (no preview cookie) get the published pages from memory, compressed once.
      if (cookie(request, PREVIEW_COOKIE) === undefined) {
        if (siteHostOfRequest(request.raw)?.slug !== slug) return notFoundPage(reply, null);
        const published = await service.publishedSite(slug);
        if (!published) return notFoundPage(reply, null);
        const path = pagePath(rest, (p) => published.pages.has(p));
        if (path.redirect) return reply.redirect(safeRedirectPath(`/${rest}`), 301);
        const page = path.found ? published.pages.get(path.found) : undefined;
        if (!page) return notFoundPage(reply, "/");
        reply
          .header("etag", page.etag)
          .header("cache-control", "public, max-age=60, must-revalidate")
          .header("x-robots-tag", "all")
          .header("vary", "accept-encoding");
        if (request.headers["if-none-match"] === page.etag) return reply.status(304).send();
        const encoding = acceptedEncoding(request.headers["accept-encoding"]);
        reply.type("text/html; charset=utf-8");
        if (encoding === "identity") return reply.send(page.html);
        return reply.header("content-encoding", encoding).send(encoding === "br" ? page.br : page.gzip);
      }
      const found = await visibleSite(request, slug);
      if (!found) return notFoundPage(reply, null);
      const { pages } = await service.pages(found.site, found.host, found.preview);
      const path = pagePath(rest, (p) => pages.some((page) => page.path === p));
      if (path.redirect) return reply.redirect(safeRedirectPath(`/${rest}`), 301);
      const page = pages.find((p) => p.path === path.found);
      if (!page) return notFoundPage(reply, "/");
      const etag = `"${createHash("sha1").update(page.html).digest("base64url")}"`;
      reply
        .header("etag", etag)
        .header("cache-control", found.preview ? "private, no-store" : "public, max-age=60, must-revalidate")
        .header("x-robots-tag", found.preview ? "noindex" : "all");
      if (!found.preview && request.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.type("text/html; charset=utf-8").send(page.html);
    },
  );

  // Each site has its own bucket per visitor address: one busy or attacked site cannot use up
  // another's, and one address cannot flood a site.
  const formLimit = app.createRateLimit({
    max: opts.formRateLimit.max,
    timeWindow: opts.formRateLimit.windowSeconds * 1000,
    keyGenerator: (request) => `site-form:${(request.params as { slug?: string }).slug ?? ""}:${request.ip}`,
  });

  app.post<{ Params: { slug: string } }>(
    "/s/:slug/contact",
    { schema: { hide: true } },
    async (request, reply) => {
      const found = await visibleSite(request, request.params.slug);
      // A published site takes posts, also from its owner looking at it through a preview link.
      if (!found?.site.isPublished) return notFoundPage(reply, null);
      const { site, host } = found;
      const problem = async (status: number, kind: "refused" | "too-many") =>
        reply
          .status(status)
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(await service.problemPage(site, host, request.body, { kind }));
      if (!service.fromOwnSite(site, request.headers)) {
        request.log.warn(
          { slug: site.slug, origin: request.headers.origin },
          "site form post from elsewhere refused",
        );
        return problem(403, "refused");
      }
      const limit = await formLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header("retry-after", String(limit.ttlInSeconds));
        return problem(429, "too-many");
      }
      const outcome = await service.submit(site, host, request.body, {
        ip: request.ip,
        userAgent: String(request.headers["user-agent"] ?? ""),
      });
      if (outcome.kind === "problem") {
        return reply
          .status(outcome.status)
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(outcome.html);
      }
      if (outcome.kind === "dropped")
        request.log.info({ slug: site.slug }, "contact form honeypot filled: dropped");
      return reply.redirect(`/${outcome.lang}/thanks/`, 303);
    },
  );
};
