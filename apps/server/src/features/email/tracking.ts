import { isLanguage } from "@shobai/shared";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { CONSENT_TEXTS } from "./consent";
import { MAIL_TEXTS } from "./mail-texts";
import { escapeHtml } from "./render";
import type { EmailService } from "./service";

export type TrackingRoutesOptions = { service: EmailService };

const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

function page(reply: FastifyReply, status: number, title: string, body: string, lang = "ja") {
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex")
    .send(
      `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${title}</title><style>body{font-family:system-ui,"Hiragino Sans","Noto Sans JP",sans-serif;margin:15vh auto;max-width:32rem;padding:0 1.5rem;line-height:1.8;color:#222}button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #444;background:#222;color:#fff;cursor:pointer}</style></head>` +
        `<body><main>${body}</main></body></html>`,
    );
}

const invalidLink = (reply: FastifyReply) =>
  page(
    reply,
    400,
    "無効なリンク / Invalid link",
    "<h1>このリンクは無効です</h1><p>This link is not valid.</p>",
  );

const notFound = (reply: FastifyReply) =>
  page(reply, 404, "Not found", "<h1>リンクが見つかりません</h1><p>This link is not valid.</p>");

/**
 * The links inside campaign emails: the open pixel, click redirects (only to addresses the owner
 * wrote in that email's campaign), and unsubscribing (the link, and RFC 8058 one-click POST).
 */
export const trackingRoutes: FastifyPluginAsync<TrackingRoutesOptions> = async (app, opts) => {
  const { service } = opts;

  // One-click unsubscribe posts a form body (List-Unsubscribe=One-Click), urlencoded or, as RFC 8058
  // prefers, multipart/form-data; nothing in it is needed, so it is read and dropped.
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string", bodyLimit: 16 * 1024 },
    (_request, _body, done) => done(null, {}),
  );

  app.get<{ Params: { file: string } }>("/e/o/:file", { schema: { hide: true } }, async (request, reply) => {
    await service.recordOpen(request.params.file.replace(/\.gif$/, ""));
    return reply
      .type("image/gif")
      .header("cache-control", "no-store, private")
      .header("content-length", PIXEL.length)
      .send(PIXEL);
  });

  // A click link names an address of the campaign's own link set by id; no URL travels in it, so it
  // can only lead where the owner wrote (decision 0017).
  app.get<{ Params: { token: string; link: string } }>(
    "/e/c/:token/:link",
    { schema: { hide: true } },
    async (request, reply) => {
      const target = await service.clickTarget(request.params.token, request.params.link);
      if (!target) return invalidLink(reply);
      return reply.header("cache-control", "no-store").redirect(target, 302);
    },
  );

  // The old form carried the address in the query: it is never followed any more.
  app.get("/e/c/:token", { schema: { hide: true } }, async (_request, reply) => invalidLink(reply));

  app.get<{ Params: { token: string } }>(
    "/e/u/:token",
    { schema: { hide: true } },
    async (request, reply) => {
      const found = await service.recipientOf(request.params.token);
      if (!found) return notFound(reply);
      const t = MAIL_TEXTS[found.lang];
      return page(
        reply,
        200,
        t.unsubscribeTitle,
        `<h1>${escapeHtml(t.unsubscribeTitle)}</h1><p>${escapeHtml(t.unsubscribeQuestion(found.to))}</p>` +
          `<form method="post"><button type="submit">${escapeHtml(t.unsubscribeButton)}</button></form>`,
        found.lang,
      );
    },
  );

  app.post<{ Params: { token: string } }>(
    "/e/u/:token",
    { schema: { hide: true } },
    async (request, reply) => {
      const found = await service.unsubscribe(request.params.token);
      if (!found) return notFound(reply);
      const t = MAIL_TEXTS[found.lang];
      return page(
        reply,
        200,
        t.unsubscribedTitle,
        `<h1>${escapeHtml(t.unsubscribedTitle)}</h1><p>${escapeHtml(t.unsubscribedText(found.to))}</p>`,
        found.lang,
      );
    },
  );

  // Double opt-in: the link only shows a button (mail scanners open links; only a person presses
  // the button), and the POST records the consent.
  app.get<{ Params: { token: string }; Querystring: { lang?: string } }>(
    "/e/k/:token",
    { schema: { hide: true } },
    async (request, reply) => {
      const found = await service.describeConsentLink(request.params.token);
      if (!found) {
        const lang = isLanguage(request.query.lang) ? request.query.lang : "ja";
        return page(
          reply,
          404,
          CONSENT_TEXTS[lang].title,
          `<h1>${escapeHtml(CONSENT_TEXTS[lang].invalid)}</h1>`,
          lang,
        );
      }
      const t = CONSENT_TEXTS[found.lang];
      return page(
        reply,
        200,
        t.title,
        `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.ask(found.businessName))}</p>` +
          `<form method="post"><button type="submit">${escapeHtml(t.button)}</button></form>`,
        found.lang,
      );
    },
  );

  app.post<{ Params: { token: string } }>(
    "/e/k/:token",
    { schema: { hide: true } },
    async (request, reply) => {
      const done = await service.confirmConsent(request.params.token);
      if (!done)
        return page(
          reply,
          404,
          CONSENT_TEXTS.ja.title,
          `<h1>${escapeHtml(CONSENT_TEXTS.ja.invalid)}</h1><p>${escapeHtml(CONSENT_TEXTS.en.invalid)}</p>`,
        );
      const t = CONSENT_TEXTS[done.lang];
      return page(
        reply,
        200,
        t.title,
        `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.done(done.businessName))}</p>`,
        done.lang,
      );
    },
  );
};
