import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  isLanguage,
  LANGUAGE_COOKIE,
  type TLanguage,
  ZApiError,
  ZForgotPassword,
  ZLogin,
  ZOk,
  ZRegister,
  ZResetPassword,
  ZSignInOptions,
  ZUser,
  ZVerificationSent,
} from "@shobai/shared";
import { z } from "zod";
import { languageFromHeader } from "../../lib/accept-language";
import { AppError } from "../../lib/app-error";
import { isHttps, sendCookies, webHeaders } from "../../lib/http";
import type { Auth } from "./auth-instance";
import type { AuthService } from "./service";
import { workspaceOf } from "./session";

export type AuthRoutesOptions = {
  service: AuthService;
  auth: Auth;
  appUrl: string | undefined;
  rateLimit: { max: number; windowSeconds: number };
  /** Sign-ups per IP address (besides `rateLimit`): default 20 an hour. */
  registerRateLimit?: { max: number; windowSeconds: number };
};

// GET /api/logout is a page that asks, so a link or image on another site cannot sign anyone out.
const LOGOUT_TEXTS: Record<TLanguage, { title: string; ask: string; button: string; back: string }> = {
  ja: { title: "ログアウト", ask: "Shobai からログアウトしますか？", button: "ログアウト", back: "戻る" },
  en: { title: "Sign out", ask: "Sign out of Shobai?", button: "Sign out", back: "Go back" },
  pl: { title: "Wyloguj", ask: "Wylogować się z Shobai?", button: "Wyloguj", back: "Wróć" },
  ro: { title: "Deconectare", ask: "Te deconectezi de la Shobai?", button: "Deconectare", back: "Înapoi" },
  ms: { title: "Log keluar", ask: "Log keluar daripada Shobai?", button: "Log keluar", back: "Kembali" },
  id: { title: "Keluar", ask: "Keluar dari Shobai?", button: "Keluar", back: "Kembali" },
};

function logoutPage(language: TLanguage): string {
  const t = LOGOUT_TEXTS[language];
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t.title} | Shobai</title></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0">
<form method="post" action="/api/logout" style="text-align:center">
<p style="font-size:1.125rem">${t.ask}</p>
<button type="submit" data-testid="logout-confirm" style="font:inherit;padding:.5rem 1.5rem;cursor:pointer">${t.button}</button>
<p><a href="/">${t.back}</a></p>
</form></body></html>`;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { service, appUrl } = opts;
  const rateLimit = {
    max: opts.rateLimit.max,
    timeWindow: opts.rateLimit.windowSeconds * 1000,
  };
  const tags = ["auth"];
  // The GET /api/logout page's form posts here as a browser form does; its body carries nothing we
  // read. (This plugin's routes only: the rest of the API takes JSON.)
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    "/api/auth/user",
    {
      // Answers while the code is pending too: `secondFactor.state` tells the app which screen to show.
      config: { access: "user", secondFactor: "any" },
      schema: {
        tags,
        summary: "The signed-in user",
        description: "401 when nobody is signed in.",
        response: { 200: ZUser, 401: ZApiError },
      },
    },
    async (request) =>
      service.publicUser(request.user, workspaceOf(request)?.leadsShared, workspaceOf(request)?.id),
  );

  app.post(
    "/api/auth/login",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Sign in with email and password",
        description: "Sets the `auth_session` cookie (7 days) with a new session id.",
        body: ZLogin,
        response: { 200: ZUser, 400: ZApiError, 401: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const { result, cookies } = await service.login(request.body, webHeaders(request));
      sendCookies(reply, cookies, isHttps(request, appUrl));
      return result;
    },
  );

  const registerRateLimit = {
    max: opts.registerRateLimit?.max ?? 20,
    timeWindow: (opts.registerRateLimit?.windowSeconds ?? 3600) * 1000,
  };
  app.post(
    "/api/auth/register",
    {
      // Two limits per IP: the short one shared with sign-in, and sign-ups an hour.
      config: { rateLimit },
      onRequest: app.rateLimit(registerRateLimit),
      schema: {
        tags,
        summary: "Create an account",
        description:
          "Starts the 14-day trial, signs the new user in and emails a verification link (24 h, once). " +
          "400 `password_too_common` / `password_like_identity` for a guessable password.",
        body: ZRegister,
        response: { 201: ZUser, 400: ZApiError, 409: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const { result, cookies } = await service.register(request.body, webHeaders(request));
      sendCookies(reply, cookies, isHttps(request, appUrl));
      return reply.status(201).send(result);
    },
  );

  app.post(
    "/api/auth/logout",
    { schema: { tags, summary: "Sign out (API form of /api/logout)", response: { 200: ZOk } } },
    async (request, reply) => {
      sendCookies(reply, await service.logout(webHeaders(request)), isHttps(request, appUrl));
      return { ok: true as const };
    },
  );

  app.post(
    "/api/auth/verify-email/resend",
    {
      config: { rateLimit, access: "user" },
      schema: {
        tags,
        summary: "Email a new verification link to the signed-in user",
        description:
          "A few an hour (429 `account_locked` after that). `outbox: true` when mail stays in the app's outbox.",
        response: { 200: ZVerificationSent, 401: ZApiError, 429: ZApiError, 502: ZApiError },
      },
    },
    async (request) => {
      const { user } = request;
      const { outbox } = await service.resendVerification(user);
      return { ok: true as const, outbox };
    },
  );

  app.get(
    "/api/auth/verify-email",
    {
      config: { documents: { redirect: 302, to: "/?emailVerified=1 or /?emailVerified=invalid" } },
      schema: {
        tags,
        summary: "The link from the sign-up mail (browser navigation)",
        description:
          "Verifies the address once and redirects to /?emailVerified=1, or /?emailVerified=invalid.",
        querystring: z.object({ token: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const verified = await service.verifyEmail(request.query.token ?? "");
      return reply.redirect(verified ? "/?emailVerified=1" : "/?emailVerified=invalid", 302);
    },
  );

  app.post(
    "/api/auth/forgot-password",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Email a password reset link",
        description:
          "Always 200, whether or not the address has an account. The link (/auth/reset?token=…) works " +
          "once, for an hour. A few mails an hour per address; more are dropped silently.",
        body: ZForgotPassword,
        response: { 200: ZOk, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request) => {
      await service.requestPasswordReset(request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/auth/reset-password",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Set a new password from a reset link",
        description:
          "Ends every session of the account, confirms its address and signs this browser in. 400 " +
          "`invalid_token` for an unknown, used or expired link.",
        body: ZResetPassword,
        response: { 200: ZUser, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const { result, cookies } = await service.resetPassword(request.body, webHeaders(request));
      sendCookies(reply, cookies, isHttps(request, appUrl));
      return result;
    },
  );

  app.get(
    "/api/auth/options",
    {
      schema: {
        tags,
        summary: "How one can sign in here",
        description: "`google` is true only when Google sign-in is configured on this server.",
        response: { 200: ZSignInOptions },
      },
    },
    async () => service.signInOptions(),
  );

  app.get(
    "/api/auth/google",
    {
      config: {
        documents: { redirect: 302, to: "Google's sign-in page, or /auth?error=google_not_configured" },
      },
      schema: {
        tags,
        summary: "Start Google sign-in (browser navigation)",
        description: "Redirects to Google, or back to /auth?error=google_not_configured.",
      },
    },
    async (request, reply) => {
      try {
        const { result: url, cookies } = await service.googleStart(webHeaders(request));
        sendCookies(reply, cookies, isHttps(request, appUrl));
        return reply.redirect(url, 302);
      } catch (error) {
        if (error instanceof AppError && error.status === 503) {
          return reply.redirect("/auth?error=google_not_configured", 302);
        }
        throw error;
      }
    },
  );

  // Google returns here; better-auth checks state, creates the user and the session.
  app.get(
    "/api/auth/callback/:provider",
    { schema: { hide: true, params: z.object({ provider: z.string() }) } },
    async (request, reply) => {
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const response = await opts.auth.handler(
        new Request(url, { method: "GET", headers: webHeaders(request) }),
      );
      sendCookies(reply, response.headers.getSetCookie(), isHttps(request, appUrl));
      const location = response.headers.get("location");
      if (location) return reply.redirect(location, 302);
      return reply.redirect("/auth?error=google_failed", 302);
    },
  );

  app.get(
    "/api/login",
    {
      config: { documents: { redirect: 302, to: "/auth" } },
      schema: { tags, summary: "Go to the sign-in page" },
    },
    async (_request, reply) => reply.redirect("/auth", 302),
  );

  app.post(
    "/api/logout",
    {
      // 303: the browser follows a form post's redirect with GET.
      config: { documents: { redirect: 303, to: "/" } },
      schema: { tags, summary: "Sign out and go to the home page (the app's logout button posts here)" },
    },
    async (request, reply) => {
      sendCookies(reply, await service.logout(webHeaders(request)), isHttps(request, appUrl));
      return reply.redirect("/", 303);
    },
  );

  app.get(
    "/api/logout",
    {
      config: {
        documents: { type: "text/html", description: "A page with a button that posts to /api/logout" },
      },
      schema: {
        tags,
        summary: "A page asking to sign out (a GET never signs out: a cross-site link could)",
      },
    },
    async (request, reply) => {
      const cookie = request.headers.cookie?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`))?.[1];
      const language = isLanguage(cookie) ? cookie : languageFromHeader(request.headers["accept-language"]);
      return (
        reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          // The page's form must send its real Origin (no-referrer would make it "null", which the
          // cross-origin check refuses).
          .header("referrer-policy", "same-origin")
          .send(logoutPage(language))
      );
    },
  );
};
