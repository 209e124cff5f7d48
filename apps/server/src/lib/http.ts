import type { FastifyReply, FastifyRequest } from "fastify";

/** The request's headers as a Web `Headers`, the form better-auth reads. */
export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  return headers;
}

/** True when the browser talks to us over HTTPS (directly, or through a trusted proxy). */
export function isHttps(request: FastifyRequest, appUrl: string | undefined): boolean {
  return request.protocol === "https" || Boolean(appUrl?.startsWith("https://"));
}

/** Forwards Set-Cookie headers, adding `Secure` when the browser uses HTTPS. */
export function sendCookies(reply: FastifyReply, cookies: string[], secure: boolean): void {
  if (cookies.length === 0) return;
  const fixed = cookies.map((c) => (secure && !/;\s*secure/i.test(c) ? `${c}; Secure` : c));
  const existing = reply.getHeader("set-cookie");
  const before =
    existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header("set-cookie", [...before, ...fixed]);
}
