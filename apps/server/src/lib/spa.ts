import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import {
  DEFAULT_LANGUAGE,
  ERROR_CODES,
  isAppRoute,
  LANGUAGES,
  PUBLIC_PAGE_PATHS,
  publicPageUrl,
} from "@shobai/shared";
import { parseCookies, SECURE_COOKIE_PREFIX } from "better-auth/cookies";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasAnsweredConsent, loadPrerenderedPages, pickPageLanguage } from "./prerendered-pages";
import { SESSION_COOKIE } from "./session-cookie";

/**
 * Serves the built web app: hashed assets cached for a year, the public pages prerendered, `index.html`
 * for the app's other screens. The server knows the app's route table (`isAppRoute`): any other path
 * is answered 404 with the 'Page Not Found' page (prerendered for visitors without a session, the app
 * showing it for signed-in ones), so search engines do not index it. Unknown `/api/*` is JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string | null,
  /** The public origin, for the absolute addresses in sitemap.xml. */
  origin: string,
): Promise<void> {
  const indexFile = distDir ? path.join(distDir, "index.html") : null;
  const hasSpa = indexFile !== null && fs.existsSync(indexFile);
  const prerendered = hasSpa && distDir ? loadPrerenderedPages(distDir, origin) : null;
  if (hasSpa && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Prerendered pages are answered under their own paths (below); the build manifest is internal;
      // the app shell is answered for the app's screens only (the client router has no /index.html).
      allowedPath: (pathName) =>
        !pathName.startsWith("/prerendered/") &&
        !pathName.startsWith("/.vite/") &&
        pathName !== "/index.html",
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  // Texts asked for under an older version (a tab opened before a deploy): the current ones, not
  // cached, rather than a 404 that would leave that tab showing keys until it reloads.
  const textsDir = hasSpa && distDir ? currentTextsDir(distDir) : null;
  if (textsDir) {
    app.get<{ Params: { version: string; language: string; file: string } }>(
      "/assets/locales/:version/:language/:file",
      { schema: { hide: true } },
      async (request, reply) => {
        const { language, file } = request.params;
        const known = (LANGUAGES as readonly string[]).includes(language) && /^[a-z-]+\.json$/.test(file);
        const filePath = path.join(textsDir, language, file);
        if (!known || !fs.existsSync(filePath)) {
          return reply.status(404).type("text/plain; charset=utf-8").send("Not found");
        }
        return reply
          .header("cache-control", "no-cache")
          .type("application/json; charset=utf-8")
          .send(fs.readFileSync(filePath));
      },
    );
  }

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${origin}/sitemap.xml\n`),
  );

  // The public pages, for search engines, each with its language versions (?lang=, Japanese bare).
  const pageUrl = (page: string, language: string) => publicPageUrl(origin, page, language);
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...PUBLIC_PAGE_PATHS.flatMap((page) =>
      LANGUAGES.map((language) =>
        [
          `  <url><loc>${escapeXml(pageUrl(page, language))}</loc>`,
          ...LANGUAGES.map(
            (other) =>
              `    <xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(pageUrl(page, other))}"/>`,
          ),
          `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(page, DEFAULT_LANGUAGE))}"/>`,
          "  </url>",
        ].join("\n"),
      ),
    ),
    "</urlset>",
    "",
  ].join("\n");
  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(sitemap),
  );

  /**
   * A prerendered page (or, with `byLanguage` null, the app shell): a visitor without a session gets
   * the page's HTML already rendered, in their language, with the cookie banner until they have
   * answered it; a signed-in visitor gets the app shell.
   */
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    byLanguage: Record<string, { plain: string; withBanner: string }> | null,
  ) => {
    const cookies = parseCookies(request.headers.cookie ?? "");
    const signedIn = cookies.has(SESSION_COOKIE) || cookies.has(`${SECURE_COOKIE_PREFIX}${SESSION_COOKIE}`);
    if (signedIn || !byLanguage) {
      return reply.header("cache-control", "no-cache").header("vary", "Cookie").sendFile("index.html");
    }
    const language = pickPageLanguage({
      query: request.query as Record<string, unknown>,
      cookies,
      acceptLanguage: request.headers["accept-language"],
    });
    const versions = byLanguage[language] ?? byLanguage[DEFAULT_LANGUAGE];
    return reply
      .header("cache-control", "no-cache")
      .header("vary", "Cookie, Accept-Language")
      .type("text/html; charset=utf-8")
      .send(hasAnsweredConsent(cookies) && versions ? versions.plain : versions?.withBanner);
  };

  // The public pages as routes of their own (so responses are compressed like every route).
  if (prerendered) {
    for (const [page, byLanguage] of prerendered) {
      app.get(page, { schema: { hide: true } }, async (request, reply) =>
        sendPage(request, reply, byLanguage),
      );
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/") || pathname === "/api") {
      return reply
        .status(404)
        .send({ message: `No API route ${request.method} ${pathname}`, code: ERROR_CODES.notFound });
    }
    // A missing script or stylesheet is a 404, not the app shell (which a browser would try to run).
    if (
      !hasSpa ||
      pathname.startsWith("/assets/") ||
      (request.method !== "GET" && request.method !== "HEAD")
    ) {
      return reply.status(404).type("text/plain; charset=utf-8").send("Not found");
    }
    if (isAppRoute(pathname)) {
      return reply.header("cache-control", "no-cache").header("vary", "Cookie").sendFile("index.html");
    }
    // Not a page of the app: its 'Page Not Found', with the status that says so.
    return sendPage(request, reply.status(404), prerendered?.notFound ?? null);
  });
}

/** `dist/assets/locales/<version>`: the texts of this build (apps/web/locale-assets.ts), if any. */
function currentTextsDir(distDir: string): string | null {
  const root = path.join(distDir, "assets", "locales");
  if (!fs.existsSync(root)) return null;
  const [version] = fs.readdirSync(root);
  return version ? path.join(root, version) : null;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
