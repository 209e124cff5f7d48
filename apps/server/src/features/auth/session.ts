import { ERROR_CODES, type TWorkspaceRole } from "@shobai/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error";
import { isHttps, sendCookies, webHeaders } from "../../lib/http";
import type { AuthService, SessionUser } from "./service";

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The workspace a request works in and the signed-in person's role there (issue 24). */
export type RequestWorkspace = {
  id: string;
  role: TWorkspaceRole;
  /** Owner or administrator of a workspace with other members (read with the membership). */
  leadsShared?: boolean;
};

/** Set by the access check (access.ts) for routes with `config.access`. */
export const inWorkspace = new WeakMap<FastifyRequest, RequestWorkspace>();

/** The request's workspace, or undefined when the person belongs to none (routes of the person's own account). */
export function workspaceOf(request: FastifyRequest): RequestWorkspace | undefined {
  return inWorkspace.get(request);
}

/** Session lookup for routes of every feature: at most once per request. */
export function createSessionReader(service: AuthService, appUrl: string | undefined) {
  function currentUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
    let pending = resolved.get(request);
    if (!pending) {
      // One indexed read for almost every request, none for most reads (decision 0059); better-auth
      // itself only when it has work to do.
      const reuse = request.method === "GET" || request.method === "HEAD";
      pending = service.sessionFromCookie(request.headers.cookie, { reuse }).then((fast) =>
        fast !== undefined
          ? fast
          : service.currentSession(webHeaders(request)).then(({ result, cookies }) => {
              sendCookies(reply, cookies, isHttps(request, appUrl));
              return result;
            }),
      );
      resolved.set(request, pending);
    }
    return pending;
  }

  async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser> {
    const user = await currentUser(request, reply);
    if (!user) throw AppError.unauthorized();
    return user;
  }

  /**
   * The signed-in user whose address is confirmed: what mails other people or costs money (campaigns,
   * one-off sends, sender verification, domains, paid plans) waits for the sign-up link.
   */
  async function requireVerifiedUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser> {
    const user = await requireUser(request, reply);
    assertVerified(user);
    return user;
  }

  return { currentUser, requireUser, requireVerifiedUser };
}

export type SessionReader = ReturnType<typeof createSessionReader>;

/** Refuses (403 `email_unverified`) a user whose address is not confirmed yet. */
export function assertVerified(user: SessionUser): void {
  if (!user.emailVerified) {
    throw new AppError(
      403,
      ERROR_CODES.emailUnverified,
      "Confirm your email address first: open the link we emailed you when you signed up (or send a new one).",
    );
  }
}
