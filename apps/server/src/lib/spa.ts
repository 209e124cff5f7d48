import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { ERROR_CODES, PUBLIC_PAGE_PATHS } from "@shobai/shared";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` for every other page
 * (the client router decides; unknown paths show its 'Page Not Found'). Unknown `/api/*` is JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string | null,
  /** The public origin, for the absolute addresses in sitemap.xml. */
  origin: string,
): Promise<void> {
  const indexFile = distDir ? path.join(distDir, "index.html") : null;
  const hasSpa = indexFile !== null && fs.existsSync(indexFile);
  if (hasSpa && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${origin}/sitemap.xml\n`),
  );

  // The public pages, for search engines.
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGE_PATHS.map((page) => `  <url><loc>${origin}${page}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(sitemap),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/") || pathname === "/api") {
      return reply
        .status(404)
        .send({ message: `No API route ${request.method} ${pathname}`, code: ERROR_CODES.notFound });
    }
    if (!hasSpa || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.status(404).type("text/plain; charset=utf-8").send("Not found");
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
