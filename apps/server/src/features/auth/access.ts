import { ZApiError } from "@shobai/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from "fastify";
import type { SessionUser } from "./service";
import type { SessionReader } from "./session";

/**
 * Who may call a route, declared once in its options (`config: { access: "user" }`) instead of a
 * session lookup copied into every handler:
 * - `user`: a signed-in user (401 otherwise);
 * - `verified`: a signed-in user whose address is confirmed (403 `email_unverified` otherwise), for
 *   what mails other people or costs money.
 * The check runs before the body and parameters are validated, so a stranger learns nothing of a
 * route's input rules, and the handler reads the user as `request.user`.
 */
export type Access = "user" | "verified";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user of a route declared with `config.access`; reading it elsewhere is a bug. */
    readonly user: SessionUser;
  }
}

const signedIn = new WeakMap<FastifyRequest, SessionUser>();

/** Adds the access check to every route registered after it (call before registering routes). */
export function registerAccess(app: FastifyInstance, session: SessionReader): void {
  app.decorateRequest("user", {
    getter(this: FastifyRequest): SessionUser {
      const user = signedIn.get(this);
      if (!user)
        throw new Error(`${this.method} ${this.routeOptions.url} reads request.user without config.access`);
      return user;
    },
  });

  const checks: Record<Access, preValidationHookHandler> = {
    user: async (request: FastifyRequest, reply: FastifyReply) => {
      signedIn.set(request, await session.requireUser(request, reply));
    },
    verified: async (request: FastifyRequest, reply: FastifyReply) => {
      signedIn.set(request, await session.requireVerifiedUser(request, reply));
    },
  };

  app.addHook("onRoute", (route) => {
    const access = route.config?.access;
    if (!access) return;
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [checks[access], ...existing];
    // The OpenAPI document says which operations need the session cookie, and that they may answer
    // 401 (403 when the address must be confirmed).
    if (route.schema && !route.schema.hide) {
      const response = { ...((route.schema.response as Record<number, unknown> | undefined) ?? {}) };
      response[401] ??= ZApiError;
      if (access === "verified") response[403] ??= ZApiError;
      route.schema = { ...route.schema, security: route.schema.security ?? [{ session: [] }], response };
    }
  });
}
