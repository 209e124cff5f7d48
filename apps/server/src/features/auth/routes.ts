import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ZApiError, ZLogin, ZOk, ZRegister, ZUser } from "@shobai/shared";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { isHttps, sendCookies, webHeaders } from "../../lib/http";
import type { Auth } from "./auth-instance";
import type { AuthService } from "./service";
import type { SessionReader } from "./session";

export type AuthRoutesOptions = {
  service: AuthService;
  session: SessionReader;
  auth: Auth;
  appUrl: string | undefined;
  rateLimit: { max: number; windowSeconds: number };
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { service, session, appUrl } = opts;
  const rateLimit = {
    max: opts.rateLimit.max,
    timeWindow: opts.rateLimit.windowSeconds * 1000,
  };
  const tags = ["auth"];

  app.get(
    "/api/auth/user",
    {
      schema: {
        tags,
        summary: "The signed-in user",
        description: "401 when nobody is signed in.",
        response: { 200: ZUser, 401: ZApiError },
      },
    },
    async (request, reply) => service.publicUser(await session.requireUser(request, reply)),
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

  app.post(
    "/api/auth/register",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Create an account",
        description: "Starts the 14-day trial and signs the new user in.",
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

  app.get(
    "/api/auth/google",
    {
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

  app.get("/api/login", { schema: { tags, summary: "Go to the sign-in page" } }, async (_request, reply) =>
    reply.redirect("/auth", 302),
  );

  app.get(
    "/api/logout",
    { schema: { tags, summary: "Sign out and go to the home page (browser navigation)" } },
    async (request, reply) => {
      sendCookies(reply, await service.logout(webHeaders(request)), isHttps(request, appUrl));
      return reply.redirect("/", 302);
    },
  );
};
