import { PassThrough } from "node:stream";
import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  ERROR_CODES,
  type TSiteReadEvent,
  ZApiError,
  ZGeneratedWebsite,
  ZGenerateWebsite,
  ZIdParams,
  ZImportWebsite,
  ZReadSite,
  ZSiteRead,
  ZSlugAvailability,
  ZSlugQuery,
  ZUnderstandDescription,
  ZUnderstoodDescription,
  ZUpdateWebsite,
  ZWebsite,
} from "@shobai/shared";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import type { WebsiteRow } from "./queries";
import type { WebsitesService } from "./service";

export type WebsitesRoutesOptions = {
  service: WebsitesService;
  /** Whether this request may see an unpublished site's files: a preview on the site's own host (sites feature). */
  canPreview: (request: FastifyRequest, site: WebsiteRow) => boolean;
};

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const ASSET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

export const websitesRoutes: FastifyPluginAsyncZod<WebsitesRoutesOptions> = async (app, opts) => {
  const { service } = opts;
  const tags = ["websites"];

  app.get(
    "/api/websites",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The owner's websites, newest first",
        response: { 200: z.array(ZWebsite), 401: ZApiError },
      },
    },
    async (request) => service.list(request.workspace.id),
  );

  app.post(
    "/api/websites/generate",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Generate a website from a business description",
        description:
          "Writes the site in every chosen language (the first is the default) and publishes it at once. " +
          "`facts` holds what the owner confirmed (see /api/websites/understand); each field given wins over " +
          "the description. 403 `website_limit` when the plan's website limit is reached; 502 " +
          "`generation_failed` when the configured AI provider fails or changes a confirmed fact.",
        body: ZGenerateWebsite,
        response: { 201: ZGeneratedWebsite, 502: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      // The workspace owns what is made; the person's own details (language, email) come along.
      const user = { ...request.user, id: request.workspace.id };
      return reply.status(201).send(await service.generate(user, request.body));
    },
  );

  app.post(
    "/api/websites/understand",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "What the generator reads in a description",
        description:
          "The facts the built-in reader finds (name, trade, place, items and prices, hours, closed days, " +
          "phone, email, address, founding year) and the template it would choose, for the owner to " +
          "confirm or correct before generating. Stores nothing.",
        body: ZUnderstandDescription,
        response: { 200: ZUnderstoodDescription, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => service.understand(request.body),
  );

  app.post(
    "/api/websites/import/read",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "What the owner's existing site states",
        description:
          "Crawls the site from the given address (same-host links and sitemap.xml, up to 15 pages, robots.txt " +
          "respected; http/https, public addresses only, 10 s and 5 MB per page) and reads the business's name, " +
          "services and prices, hours, closed days, contact details, profile and notes, for the owner to confirm " +
          "before /api/websites/import. Stores nothing. 400 `import_failed` when the site cannot be fetched or read. " +
          "With `Accept: application/x-ndjson` the answer is a stream of JSON lines: `progress` (pages read of " +
          "those expected) as each page is read, then `result` (this body) or `error` (the error body).",
        body: ZReadSite,
        response: { 200: ZSiteRead, 400: ZApiError, 401: ZApiError },
      },
      // Progress lines must leave one by one: not held back by compression.
      compress: false,
    },
    async (request, reply) => {
      if (!request.headers.accept?.includes("application/x-ndjson"))
        return service.readImport(request.body.url);
      const lines = new PassThrough();
      const send = (event: TSiteReadEvent) => lines.write(`${JSON.stringify(event)}\n`);
      void reply
        .type("application/x-ndjson; charset=utf-8")
        .header("cache-control", "no-store")
        .header("x-content-type-options", "nosniff")
        // A stream is sent as it is (the 200 schema describes the JSON answer, not the lines).
        .send(lines as never);
      service
        .readImport(request.body.url, (read, of) => send({ type: "progress", read, of }))
        .then(
          (site) => send({ type: "result", site }),
          (error: unknown) => {
            if (error instanceof AppError) {
              send({ type: "error", error: { code: error.code, message: error.message } });
            } else {
              request.log.error({ err: error }, "site import read failed");
              send({
                type: "error",
                error: { code: ERROR_CODES.internal, message: "The site could not be read" },
              });
            }
          },
        )
        .finally(() => lines.end());
      return reply;
    },
  );

  app.post(
    "/api/websites/import",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Build a website from an existing site's address",
        description:
          "Crawls the owner's site as /api/websites/import/read does and builds a site in the closest template; " +
          "`facts` holds what the owner confirmed, each field given winning over what the site states.",
        body: ZImportWebsite,
        response: { 201: ZWebsite, ...errors },
      },
    },
    async (request, reply) => {
      // The workspace owns what is made; the person's own details (language, email) come along.
      const user = { ...request.user, id: request.workspace.id };
      return reply.status(201).send(await service.importFromUrl(user, request.body));
    },
  );

  app.get(
    "/api/websites/slug-available",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Whether a site address is free",
        description:
          "`available: false` with `reason` `taken` (another site has it) or `reserved` (kept for the platform). " +
          "`website` (optional): the owner's site that would take it, whose own address counts as free.",
        querystring: ZSlugQuery.extend({ website: z.uuid().optional() }),
        response: { 200: ZSlugAvailability, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) =>
      service.slugAvailability(request.query.slug, request.workspace.id, request.query.website),
  );

  app.get(
    "/api/websites/:id",
    {
      config: { access: "user" },
      schema: { tags, summary: "One website", params: ZIdParams, response: { 200: ZWebsite, ...errors } },
    },
    async (request) => service.get(request.workspace.id, request.params.id),
  );

  app.patch(
    "/api/websites/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Rename, change the address or languages, publish or unpublish",
        description:
          "A new `slug` must be free (see /api/websites/slug-available): 409 `slug_taken` otherwise. " +
          "A new `name` replaces the old one in every language's text.",
        params: ZIdParams,
        body: ZUpdateWebsite,
        response: { 200: ZWebsite, 409: ZApiError, ...errors },
      },
    },
    async (request) => service.update(request.workspace.id, request.params.id, request.body),
  );

  app.post(
    "/api/websites/:id/regenerate",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Write the site's text again",
        params: ZIdParams,
        response: { 200: ZWebsite, ...errors },
      },
    },
    async (request) => service.regenerate(request.workspace.id, request.params.id),
  );

  app.delete(
    "/api/websites/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Delete a website",
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.workspace.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/websites/:id/preview",
    {
      config: {
        access: "user",
        documents: { redirect: 302, to: "the site's own host with ?preview={token}" },
      },
      schema: {
        tags,
        summary: "Open a website's preview on its own host",
        description:
          "Redirects (302) to the site's own host with a signed preview token (30 minutes) that shows the " +
          "site, published or not. The app's session never reaches the site's host; previews are not counted " +
          "in analytics.",
        params: ZIdParams,
        response: { 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const url = await service.previewUrl(request.workspace.id, request.params.id);
      return reply
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .redirect(url, 302);
    },
  );

  /**
   * A hosted site's copied image, at /s/{slug}/_assets/{id} (and {slug}.SITES_DOMAIN/_assets/{id}).
   * This static segment wins over the sites' /s/:slug/* pages. Published sites, or the owner's
   * preview; the bytes never change, so the SHA-256 is the ETag and caches may keep them for a year.
   */
  app.get<{ Params: { slug: string; assetId: string } }>(
    "/s/:slug/_assets/:assetId",
    { schema: { hide: true } },
    async (request, reply) => {
      const { slug, assetId } = request.params;
      const notFound = () =>
        reply
          .status(404)
          .header("cache-control", "no-store")
          .type("text/plain; charset=utf-8")
          .send("Not found");
      if (!SLUG.test(slug) || !ASSET_ID.test(assetId)) return notFound();
      const site = await service.findBySlug(slug);
      if (!site) return notFound();
      const preview = opts.canPreview(request, site);
      if (!site.isPublished && !preview) return notFound();
      const asset = await service.findAsset(site.id, assetId);
      if (!asset) return notFound();
      const etag = `"${asset.sha256}"`;
      reply
        .header("etag", etag)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", preview ? "private, no-store" : "public, max-age=31536000, immutable")
        .header("x-robots-tag", preview ? "noindex" : "all");
      if (!preview && request.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.type(asset.contentType).send(asset.bytes);
    },
  );
};
