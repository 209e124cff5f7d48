import { createHash } from "node:crypto";
import { isLanguage, ZContactEmail } from "@shobai/shared";
import type { TRenderedSite } from "@shobai/sitegen";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AnalyticsService } from "../analytics/service";
import type { SessionReader } from "../auth/session";
import type { CrmService } from "../crm/service";
import type { WebsiteRow } from "../websites/queries";
import type { WebsitesService } from "../websites/service";

export type SitesRoutesOptions = {
  websites: WebsitesService;
  crm: CrmService;
  analytics: AnalyticsService;
  session: SessionReader;
  formRateLimit: { max: number; windowSeconds: number };
};

const ZSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/);

const ZLeadForm = z.object({
  name: z.string().trim().min(1).max(100),
  email: ZContactEmail,
  company: z.string().trim().max(200).optional().default(""),
  message: z.string().trim().min(1).max(5000),
  lang: z.string().optional(),
  /** Honeypot: people never see it, form-filling bots do. */
  website: z.string().optional(),
});

const MAX_CACHED = 200;

/** The address prefix of a hosted page: `/s/{slug}` here, nothing on the site's own host name. */
function baseOf(request: FastifyRequest, slug: string): string {
  return request.originalUrl.startsWith(`/s/${slug}`) ? `/s/${slug}` : "";
}

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

/**
 * Hosted sites: served by slug at /s/{slug}/ and (rewritten in app.ts) at {slug}.SITES_DOMAIN.
 * Unpublished sites are visible to their owner only. Their contact form creates CRM leads.
 */
export const sitesRoutes: FastifyPluginAsync<SitesRoutesOptions> = async (app, opts) => {
  const cache = new Map<string, TRenderedSite>();

  function rendered(request: FastifyRequest, site: WebsiteRow, base: string): TRenderedSite {
    const origin = `${request.protocol}://${request.host}`;
    const key = `${site.id}:${site.updatedAt.getTime()}:${origin}${base}`;
    let pages = cache.get(key);
    if (!pages) {
      pages = opts.websites.render(site, origin, base);
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value ?? "");
      cache.set(key, pages);
    }
    return pages;
  }

  async function visibleSite(request: FastifyRequest, reply: FastifyReply, slug: string) {
    if (!ZSlug.safeParse(slug).success) return null;
    const site = await opts.websites.findBySlug(slug);
    if (!site) return null;
    if (site.isPublished) return { site, preview: false };
    const user = await opts.session.currentUser(request, reply);
    return user?.id === site.ownerId ? { site, preview: true } : null;
  }

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Params: { slug: string } }>("/s/:slug", { schema: { hide: true } }, async (request, reply) =>
    reply.redirect(`/s/${request.params.slug}/`, 301),
  );

  app.get<{ Params: { slug: string } }>(
    "/s/:slug/robots.txt",
    { schema: { hide: true } },
    async (request, reply) => {
      const found = await visibleSite(request, reply, request.params.slug);
      const allow = found && !found.preview;
      return reply
        .type("text/plain; charset=utf-8")
        .send(`User-agent: *\n${allow ? "Allow" : "Disallow"}: /\n`);
    },
  );

  app.get<{ Params: { slug: string; "*": string } }>(
    "/s/:slug/*",
    { schema: { hide: true } },
    async (request, reply) => {
      const { slug } = request.params;
      const base = baseOf(request, slug);
      const found = await visibleSite(request, reply, slug);
      if (!found) return notFoundPage(reply, null);
      const rest = request.params["*"];
      // Pages are folders: /ja → /ja/, like any static host.
      if (rest !== "" && !rest.endsWith("/") && !rest.endsWith(".html"))
        return reply.redirect(`${base}/${rest}/`, 301);
      const folder = rest.replace(/index\.html$/, "").replace(/\/+$/, "");
      const path = folder ? `${folder}/index.html` : "index.html";
      const page = rendered(request, found.site, base).pages.find((p) => p.path === path);
      if (!page) return notFoundPage(reply, `${base}/`);
      const etag = `"${createHash("sha1").update(page.html).digest("base64url")}"`;
      reply
        .header("etag", etag)
        .header("cache-control", found.preview ? "private, no-store" : "public, max-age=60, must-revalidate")
        .header("x-robots-tag", found.preview ? "noindex" : "all");
      if (!found.preview && request.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.type("text/html; charset=utf-8").send(page.html);
    },
  );

  app.post<{ Params: { slug: string } }>(
    "/s/:slug/contact",
    {
      schema: { hide: true },
      config: {
        rateLimit: { max: opts.formRateLimit.max, timeWindow: opts.formRateLimit.windowSeconds * 1000 },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const base = baseOf(request, slug);
      const site = ZSlug.safeParse(slug).success ? await opts.websites.findBySlug(slug) : undefined;
      if (!site?.isPublished) return notFoundPage(reply, null);
      const languages = Array.isArray(site.languages) ? site.languages : ["ja"];
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const lang = isLanguage(raw.lang) && languages.includes(raw.lang) ? raw.lang : (languages[0] ?? "ja");
      const thanks = `${base}/${lang}/thanks/`;
      const form = ZLeadForm.safeParse(raw);
      if (form.success && form.data.website) {
        request.log.info({ slug }, "contact form honeypot filled: dropped");
        return reply.redirect(thanks, 303);
      }
      if (!form.success) {
        const fields = [...new Set(form.error.issues.map((i) => String(i.path[0])))].join(", ");
        return reply
          .status(400)
          .type("text/html; charset=utf-8")
          .send(
            `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>入力内容をご確認ください</title></head>` +
              `<body><main style="font-family:system-ui,sans-serif;max-width:32rem;margin:10vh auto;padding:0 1.5rem;line-height:1.8">` +
              `<h1>入力内容をご確認ください / Please check the form</h1><p>${fields.replace(/[<>&"]/g, "")}</p>` +
              `<p><a href="${base}/${lang}/#contact">戻る / Back</a></p></main></body></html>`,
          );
      }
      await opts.crm.captureLead(
        site.ownerId,
        { name: form.data.name, email: form.data.email, company: form.data.company },
        { website: site.name, message: form.data.message },
      );
      await opts.analytics.recordConversion(
        site.id,
        `/${lang}/`,
        request.ip,
        String(request.headers["user-agent"] ?? ""),
      );
      return reply.redirect(thanks, 303);
    },
  );
};
