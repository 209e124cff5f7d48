import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { ERROR_CODES } from "@shobai/shared";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` for every other page
 * (the client router decides; unknown paths show its 'Page Not Found'). Unknown `/api/*` is JSON 404.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | null): Promise<void> {
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
    reply.type("text/plain; charset=utf-8").send("User-agent: *\nAllow: /\nDisallow: /api/\n"),
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
