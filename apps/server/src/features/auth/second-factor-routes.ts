import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  ZApiError,
  ZBackupCodes,
  ZOk,
  ZSecondFactorCode,
  ZSecondFactorSetup,
  ZSecondFactorStatus,
  ZUser,
} from "@shobai/shared";
import type { FastifyRequest } from "fastify";
import type { AuthService } from "./service";
import { workspaceOf } from "./session";

export type SecondFactorRoutesOptions = { service: AuthService };

/** Two-factor sign-in (decision 0052): enrolment on /profile, the code screen after sign-in. */
export const secondFactorRoutes: FastifyPluginAsyncZod<SecondFactorRoutesOptions> = async (app, opts) => {
  const { service } = opts;
  const secondFactor = service.secondFactor;
  const tags = ["auth"];
  const sessionOf = (request: FastifyRequest) => service.requireSessionOf(request.user);
  const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError, 429: ZApiError };

  app.get(
    "/api/auth/second-factor",
    {
      config: { access: "user", secondFactor: "enrol" },
      schema: {
        tags,
        summary: "Whether two-factor sign-in is on, required, and how many backup codes are left",
        response: { 200: ZSecondFactorStatus, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => secondFactor.status(request.user),
  );

  app.post(
    "/api/auth/second-factor/setup",
    {
      config: { access: "user", secondFactor: "enrol" },
      schema: {
        tags,
        summary: "Start enrolment: a new authenticator key (to type) and its QR code",
        description: "Two-factor sign-in stays off until /enable confirms a code. 409 when it is already on.",
        response: { 200: ZSecondFactorSetup, ...errors },
      },
    },
    async (request) => secondFactor.setup(request.user),
  );

  app.post(
    "/api/auth/second-factor/enable",
    {
      config: { access: "user", secondFactor: "enrol" },
      schema: {
        tags,
        summary: "Confirm enrolment with a code from the app; answers the 10 backup codes, once",
        description:
          "400 `invalid_second_factor_code` for a wrong code; 429 `account_locked` after 5 wrong codes in 15 minutes.",
        body: ZSecondFactorCode,
        response: { 200: ZBackupCodes, ...errors },
      },
    },
    async (request) => ({
      backupCodes: await secondFactor.enable(request.user, request.body.code, sessionOf(request), request.ip),
    }),
  );

  app.post(
    "/api/auth/second-factor/verify",
    {
      config: { access: "user", secondFactor: "any" },
      schema: {
        tags,
        summary: "The code screen: an authenticator or backup code finishes sign-in (or confirms an action)",
        description:
          "Marks this session as verified now. A backup code works once. 400 `invalid_second_factor_code`; " +
          "429 `account_locked` after 5 wrong codes in 15 minutes (wait 15 minutes).",
        body: ZSecondFactorCode,
        response: { 200: ZUser, ...errors },
      },
    },
    async (request) => {
      await secondFactor.verify(request.user, request.body.code, sessionOf(request), request.ip);
      const workspace = workspaceOf(request);
      return service.publicUser(request.user, workspace?.leadsShared, workspace?.id);
    },
  );

  app.post(
    "/api/auth/second-factor/backup-codes",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Replace the backup codes (the old ones stop working); needs a code from the app",
        body: ZSecondFactorCode,
        response: { 200: ZBackupCodes, ...errors },
      },
    },
    async (request) => ({
      backupCodes: await secondFactor.regenerateBackupCodes(request.user, request.body.code, request.ip),
    }),
  );

  app.post(
    "/api/auth/second-factor/disable",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Turn two-factor sign-in off (needs a code from the app or a backup code)",
        description: "403 `second_factor_enrolment_required` when this account must use it.",
        body: ZSecondFactorCode,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await secondFactor.disable(request.user, request.body.code, request.ip);
      return { ok: true as const };
    },
  );
};
