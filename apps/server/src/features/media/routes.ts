import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  isLanguage,
  MEDIA_MAX_BYTES,
  ZAltSuggestion,
  ZApiError,
  ZDeleteMediaQuery,
  ZId,
  ZIdParams,
  ZMediaAlt,
  ZMediaItem,
  ZMediaList,
  ZStockPhotoParams,
  ZStockSearch,
  ZStockSearchQuery,
  ZUpdateMedia,
  ZUploadMediaQuery,
} from "@shobai/shared";
import { ZSitePhoto } from "@shobai/sitegen";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { MediaService } from "./service";
import type { StockService } from "./stock";
import { safeName } from "./storage";

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const ZMediaParams = z.object({ id: ZId, mediaId: ZId });
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
/** Only variants are ever served: `{hash}-{width}.{avif|webp|jpg}`. */
const VARIANT = /^[a-f0-9]{32}-\d{1,5}\.(avif|webp|jpg)$/;

export type MediaRoutesOptions = {
  service: MediaService;
  /** Stock photo search (Unsplash), when configured; without it the routes do not exist (404). */
  stock?: StockService | undefined;
  /** The website a site-host request may see photos of: published, or the owner's preview; else null. */
  visibleSite: (request: FastifyRequest, slug: string) => Promise<{ id: string } | null>;
};

/** The site's media library (issue 19) and its variants on the site host and to the app. */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, opts) => {
  const { service } = opts;
  const tags = ["media"];

  // Photos arrive as the file's raw bytes; what they are is read from the bytes, never this header.
  app.addContentTypeParser(
    /^(application\/octet-stream|image\/[\w.+-]+)$/,
    { parseAs: "buffer", bodyLimit: MEDIA_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  app.get(
    "/api/websites/:id/media",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The website's media library",
        description: "Every photo of the site, newest first, and the account's photo storage use and quota.",
        params: ZIdParams,
        response: { 200: ZMediaList, ...errors },
      },
    },
    async (request, reply) =>
      reply.header("cache-control", "no-store").send({
        ...(await service.list(request.workspace.id, request.params.id)),
        stock: opts.stock?.provider ?? null,
      }),
  );

  app.post(
    "/api/websites/:id/media/:mediaId/alt-suggestion",
    {
      // Each one is a paid call to the AI provider with a picture.
      config: { access: "user", rateLimit: { max: 60, timeWindow: 3_600_000 } },
      schema: {
        tags,
        summary: "Suggest alt texts for a photo (AI)",
        description:
          "With the AI provider configured: one short description per site language, from the photo's " +
          "smallest JPEG. Nothing is saved; the owner confirms with PATCH. 404 when no AI provider is " +
          "configured, 502 `alt_suggestion_failed` when it gives no usable answer; 60 an hour per address (429).",
        params: ZMediaParams,
        response: { 200: ZAltSuggestion, ...errors, 429: ZApiError, 502: ZApiError },
      },
    },
    async (request) => service.suggestAlt(request.workspace.id, request.params.id, request.params.mediaId),
  );

  const stock = opts.stock;
  if (stock) {
    app.get(
      "/api/websites/:id/stock",
      {
        // The Unsplash key's hourly requests are shared by every owner: one address cannot use them up.
        config: { access: "user", rateLimit: { max: 120, timeWindow: 3_600_000 } },
        schema: {
          tags,
          summary: "Search stock photos (Unsplash)",
          description:
            "Only when UNSPLASH_ACCESS_KEY is configured (else 404). Pages of 12 results with the " +
            "photographer's credit; thumbnails are Unsplash's own URLs. 429 `stock_rate_limited` when the " +
            "hourly Unsplash limit is used up, 502 `stock_unavailable` when Unsplash cannot answer.",
          params: ZIdParams,
          querystring: ZStockSearchQuery,
          response: { 200: ZStockSearch, ...errors, 429: ZApiError, 502: ZApiError },
        },
      },
      async (request, reply) =>
        reply
          .header("cache-control", "no-store")
          .send(
            await stock.search(
              request.workspace.id,
              request.params.id,
              request.query.query,
              request.query.page,
              isLanguage(request.user.language) ? request.user.language : "ja",
            ),
          ),
    );

    app.post(
      "/api/websites/:id/stock/:photoId",
      {
        config: { access: "user" },
        schema: {
          tags,
          summary: "Use a stock photo",
          description:
            "Reads the photo from Unsplash, triggers its download tracking (Unsplash's guidelines), and " +
            "answers the placement to put in the draft: hotlinked from Unsplash, with the credit the site " +
            "shows. `alt`: the owner's alt texts by language (Unsplash's description fills the others).",
          params: ZStockPhotoParams,
          body: z.object({ alt: ZMediaAlt.default({}) }),
          response: { 200: ZSitePhoto, ...errors, 429: ZApiError, 502: ZApiError },
        },
      },
      async (request) =>
        stock.use(request.workspace.id, request.params.id, request.params.photoId, request.body.alt),
    );
  }

  app.post(
    "/api/websites/:id/media",
    {
      config: { access: "user" },
      bodyLimit: MEDIA_MAX_BYTES,
      schema: {
        tags,
        summary: "Upload a photo",
        description:
          "Send the file's bytes as the body (`application/octet-stream` or its image type), at most 20 MB. " +
          "JPEG, PNG, WebP, AVIF, HEIC (iPhone) and GIF are taken, decided from the bytes; SVG and anything else get 400 " +
          "`media_unsupported`, pictures above 50 megapixels 400 `media_too_many_pixels`, a full quota 403 " +
          "`media_quota`. Metadata (EXIF, GPS) is stripped; variants 480/960/1600 px in AVIF, WebP and JPEG. " +
          "`name`: the file's name, used only to prefill the alt text. The same bytes twice give the same photo.",
        params: ZIdParams,
        querystring: ZUploadMediaQuery,
        response: { 201: ZMediaItem, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        return reply.status(400).send({
          message: "Send the photo's bytes as the request body",
          code: "media_unsupported",
        });
      }
      const item = await service.upload(request.workspace.id, request.params.id, body, request.query.name);
      return reply.status(201).send(item);
    },
  );

  app.patch(
    "/api/websites/:id/media/:mediaId",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Change a photo's alt texts or decorative choice",
        description: "Places the site shows the photo get the new texts too (published and draft).",
        params: ZMediaParams,
        body: ZUpdateMedia,
        response: { 200: ZMediaItem, ...errors },
      },
    },
    async (request) =>
      service.update(request.workspace.id, request.params.id, request.params.mediaId, request.body),
  );

  app.delete(
    "/api/websites/:id/media/:mediaId",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Delete a photo",
        description:
          "A photo the site shows (published or in the draft) gives 409 `media_in_use` unless `confirm=true`; " +
          "then it is taken out of the page and the draft, and its files are deleted.",
        params: ZMediaParams,
        querystring: ZDeleteMediaQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(
        request.workspace.id,
        request.params.id,
        request.params.mediaId,
        request.query.confirm === "true",
      );
      return reply.status(204).send(null);
    },
  );

  const notFound = (reply: FastifyReply) =>
    reply.status(404).header("cache-control", "no-store").type("text/plain; charset=utf-8").send("Not found");

  async function sendVariant(reply: FastifyReply, websiteId: string, file: string, cache: string) {
    const stored = await service.file(websiteId, file);
    if (!stored) return notFound(reply);
    return reply
      .header("cache-control", cache)
      .header("x-content-type-options", "nosniff")
      .header("cross-origin-resource-policy", "cross-origin")
      .type(stored.contentType.startsWith("image/") ? stored.contentType : "application/octet-stream")
      .send(stored.bytes);
  }

  /**
   * A site's photo on its own host (/s/{slug}/_media/{file}, {slug}.SITES_DOMAIN/_media/{file}): the
   * name carries the content hash, so it is cached for a year, immutable.
   */
  app.get<{ Params: { slug: string; file: string } }>(
    "/s/:slug/_media/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const { slug, file } = request.params;
      if (!SLUG.test(slug) || !VARIANT.test(file)) return notFound(reply);
      const site = await opts.visibleSite(request, slug);
      if (!site) return notFound(reply);
      return sendVariant(reply, site.id, file, "public, max-age=31536000, immutable");
    },
  );

  /**
   * The same variants for the app (the editor's library and live preview, whose frame has no
   * cookies): the website's id and the content hash in the name are the key (decision 0044).
   */
  app.get<{ Params: { websiteId: string; file: string } }>(
    "/media/:websiteId/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const { websiteId, file } = request.params;
      if (!safeName(websiteId) || !VARIANT.test(file)) return notFound(reply);
      return sendVariant(reply, websiteId, file, "private, max-age=31536000, immutable");
    },
  );
};
