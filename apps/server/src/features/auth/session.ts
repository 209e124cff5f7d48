import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error";
import { isHttps, sendCookies, webHeaders } from "../../lib/http";
import type { AuthService, SessionUser } from "./service";

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** Session lookup for routes of every feature: at most once per request. */
export function createSessionReader(service: AuthService, appUrl: string | undefined) {
  function currentUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
    let pending = resolved.get(request);
    if (!pending) {
      pending = service.currentSession(webHeaders(request)).then(({ result, cookies }) => {
        sendCookies(reply, cookies, isHttps(request, appUrl));
        return result;
      });
      resolved.set(request, pending);
    }
    return pending;
  }

  async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser> {
    const user = await currentUser(request, reply);
    if (!user) throw AppError.unauthorized();
    return user;
  }

  return { currentUser, requireUser };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
