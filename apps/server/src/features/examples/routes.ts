import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ZBusinessCategory, ZExampleSiteList } from "@shobai/shared";
import type { FastifyReply } from "fastify";
import { createExamplesService } from "./service";

/** /api/examples and the example sites under /examples/{industry}/ (pages come from the service). */
export const examplesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createExamplesService();

  function notFound(reply: FastifyReply) {
    return reply
      .status(404)
      .type("text/html; charset=utf-8")
      .header("x-robots-tag", "noindex")
      .send(
        `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>ページが見つかりません / Page not found</title></head>` +
          `<body><main style="font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;line-height:1.8">` +
          `<h1>ページが見つかりません</h1><p>Page not found.</p><p><a href="/case-studies">サンプル一覧 / All examples</a></p></main></body></html>`,
      );
  }

  app.get(
    "/api/examples",
    {
      schema: {
        tags: ["public"],
        summary: "Example sites made by the built-in generator (/case-studies)",
        description:
          "One fictional business per industry: the two-sentence description given to the built-in " +
          "generator, the name and headline it wrote, its languages and where the example is served. " +
          "No sign-in needed.",
        response: { 200: ZExampleSiteList },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return service.list();
    },
  );

  app.get("/examples", { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect("/case-studies", 302),
  );
  app.get("/examples/", { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect("/case-studies", 302),
  );

  app.get<{ Params: { industry: string } }>(
    "/examples/:industry",
    { schema: { hide: true } },
    async (request, reply) => {
      const industry = ZBusinessCategory.safeParse(request.params.industry);
      if (!industry.success) return notFound(reply);
      return reply.redirect(`/examples/${industry.data}/`, 301);
    },
  );

  app.get<{ Params: { industry: string; "*": string } }>(
    "/examples/:industry/*",
    { schema: { hide: true } },
    async (request, reply) => {
      const industry = ZBusinessCategory.safeParse(request.params.industry);
      if (!industry.success) return notFound(reply);
      const rest = request.params["*"];
      if (rest !== "" && !rest.endsWith("/") && !rest.endsWith(".html"))
        return reply.redirect(`/examples/${industry.data}/${rest}/`, 301);
      const folder = rest.replace(/index\.html$/, "").replace(/\/+$/, "");
      const path = folder ? `${folder}/index.html` : "index.html";
      const html = service.page(industry.data, `${request.protocol}://${request.host}`, path);
      if (!html) return notFound(reply);
      return reply
        .header("cache-control", "public, max-age=300")
        .header("x-robots-tag", "noindex")
        .type("text/html; charset=utf-8")
        .send(html);
    },
  );
};
