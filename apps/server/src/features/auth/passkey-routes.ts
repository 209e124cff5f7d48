import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  ZApiError,
  ZOk,
  ZPasskey,
  ZPasskeyAssertion,
  ZPasskeyList,
  ZPasskeyName,
  ZPasskeyOptions,
  ZPasskeyRegistration,
  ZUser,
} from "@shobai/shared";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { isHttps, sendCookies } from "../../lib/http";
import type { PasskeyService } from "./passkeys";
import { type AuthService, toPublicUser } from "./service";
import { workspaceOf } from "./session";

export type PasskeyRoutesOptions = {
  service: AuthService;
  passkeys: PasskeyService;
  appUrl: string | undefined;
  rateLimit: { max: number; windowSeconds: number };
};

const ZPasskeyId = z.object({ id: z.uuid({ error: "id must be a passkey id" }) });

/**
 * Passkeys (decision 0052): managed on /profile, a sign-in of their own on /auth, and a second step
 * (or a fresh proof before a sensitive action) for a session waiting for its second factor.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRoutesOptions> = async (app, opts) => {
  const { service, passkeys, appUrl } = opts;
  const tags = ["auth"];
  const rateLimit = { max: opts.rateLimit.max, timeWindow: opts.rateLimit.windowSeconds * 1000 };
  const sessionOf = (request: FastifyRequest) => service.requireSessionOf(request.user);
  const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

  app.get(
    "/api/auth/passkeys",
    {
      config: { access: "user", secondFactor: "enrol" },
      schema: {
        tags,
        summary: "The signed-in person's passkeys (name, added, last used)",
        response: { 200: ZPasskeyList, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => ({ passkeys: await passkeys.list(request.user) }),
  );

  app.post(
    "/api/auth/passkeys/register/options",
    {
      // Adding a way in is as sensitive as the actions it protects: a fresh second factor.
      config: { access: "user", secondFactor: "enrol", sensitive: true },
      schema: {
        tags,
        summary: "Start adding a passkey: WebAuthn creation options (the challenge holds 5 minutes, once)",
        response: { 200: ZPasskeyOptions, ...errors },
      },
    },
    async (request) => ({ options: await passkeys.registrationOptions(request.user) }),
  );

  app.post(
    "/api/auth/passkeys",
    {
      config: { access: "user", secondFactor: "enrol", sensitive: true },
      schema: {
        tags,
        summary: "Save a passkey: the browser's answer to the creation options, and its name",
        description:
          "User verification is required. This session counts as verified. 400 `invalid_passkey` when the " +
          "answer does not hold (expired or used challenge, wrong origin, no user verification).",
        body: ZPasskeyRegistration,
        response: { 201: ZPasskey, ...errors },
      },
    },
    async (request, reply) => {
      const passkey = await passkeys.register(request.user, request.body, service.sessionOf(request.user));
      return reply.code(201).send(passkey);
    },
  );

  app.patch(
    "/api/auth/passkeys/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Rename a passkey",
        params: ZPasskeyId,
        body: ZPasskeyName,
        response: { 200: ZPasskey, ...errors },
      },
    },
    async (request) => passkeys.rename(request.user, request.params.id, request.body.name),
  );

  app.delete(
    "/api/auth/passkeys/:id",
    {
      config: { access: "user", sensitive: true },
      schema: {
        tags,
        summary: "Delete a passkey (needs a fresh second factor)",
        description:
          "403 `second_factor_enrolment_required` for the last second factor of an account that must use one.",
        params: ZPasskeyId,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await passkeys.remove(request.user, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/auth/passkeys/sign-in/options",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Start a passkey sign-in: WebAuthn request options (no account named)",
        response: { 200: ZPasskeyOptions, 429: ZApiError },
      },
    },
    async () => ({ options: await passkeys.signInOptions() }),
  );

  app.post(
    "/api/auth/passkeys/sign-in",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Sign in with a passkey",
        description:
          "Sets the `auth_session` cookie. A passkey with user verification is two factors: the new session " +
          "is through two-factor sign-in. 400 `invalid_passkey` otherwise.",
        body: ZPasskeyAssertion,
        response: { 200: ZUser, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const { user, hasPassword, cookie } = await passkeys.signIn(request.body, {
        ipAddress: request.ip,
        userAgent: String(request.headers["user-agent"] ?? ""),
      });
      sendCookies(reply, [cookie], isHttps(request, appUrl));
      return toPublicUser(user, hasPassword, "ok");
    },
  );

  app.post(
    "/api/auth/passkeys/verify/options",
    {
      config: { access: "user", secondFactor: "any" },
      schema: {
        tags,
        summary: "Second step with a passkey: WebAuthn request options for this person's passkeys",
        response: { 200: ZPasskeyOptions, ...errors },
      },
    },
    async (request) => ({ options: await passkeys.verifyOptions(request.user) }),
  );

  app.post(
    "/api/auth/passkeys/verify",
    {
      config: { access: "user", secondFactor: "any", rateLimit },
      schema: {
        tags,
        summary: "Finish sign-in (or confirm a sensitive action) with one of this person's passkeys",
        body: ZPasskeyAssertion,
        response: { 200: ZUser, ...errors },
      },
    },
    async (request) => {
      await passkeys.verify(request.user, request.body, sessionOf(request));
      const workspace = workspaceOf(request);
      return service.publicUser(request.user, workspace?.leadsShared, workspace?.id);
    },
  );
};
