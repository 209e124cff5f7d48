import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  ZApiError,
  ZChangePassword,
  ZDeleteAccount,
  ZDeleteAccountResult,
  ZOk,
  ZUpdateProfile,
  ZUser,
} from "@shobai/shared";
import { isHttps, sendCookies, webHeaders } from "../../lib/http";
import { type AuthService, expiredSessionCookie } from "../auth/service";

export type ProfileRoutesOptions = {
  service: AuthService;
  appUrl: string | undefined;
  /** Runs after an account is deleted (its running subscription is ended, so billing stops). */
  onAccountDeleted?: (userId: string) => Promise<void>;
};

export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, opts) => {
  const { service, appUrl } = opts;
  const tags = ["profile"];

  app.patch(
    "/api/profile",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Change name or language preference",
        body: ZUpdateProfile,
        response: { 200: ZUser, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => {
      const { user } = request;
      return service.updateProfile(user, request.body);
    },
  );

  app.post(
    "/api/profile/password",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Change the password",
        description: "Other sessions are signed out; this one gets a new session id.",
        body: ZChangePassword,
        response: { 200: ZOk, 400: ZApiError, 401: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const { user } = request;
      const cookies = await service.changePassword(user, request.body, webHeaders(request));
      sendCookies(reply, cookies, isHttps(request, appUrl));
      return { ok: true as const };
    },
  );

  app.delete(
    "/api/profile",
    {
      config: { access: "user", sensitive: true },
      schema: {
        tags,
        summary: "Delete the account",
        description:
          "Needs the password (or, for Google-only accounts, the email address). Signs out everywhere; " +
          "the account and all its data are purged 30 days later.",
        body: ZDeleteAccount,
        response: {
          200: ZDeleteAccountResult,
          400: ZApiError,
          401: ZApiError,
          429: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const { user } = request;
      const { purgeAt } = await service.deleteAccount(user.id, request.body.password);
      await opts.onAccountDeleted?.(user.id);
      sendCookies(reply, [expiredSessionCookie()], isHttps(request, appUrl));
      return { ok: true as const, purgeAt: purgeAt.toISOString() };
    },
  );
};
