import type http from "node:http";
import type net from "node:net";

export type ConnectionLimits = {
  /** Whole request (headers and body) must arrive within this; a trickled body is cut off. */
  requestTimeoutMs: number;
  /** Headers must arrive within this (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** Open connections one address may hold; 0 is no cap. */
  maxPerIp: number;
};

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  maxPerIp: 256,
};

/** Options for http.createServer: Node checks these timeouts on its own timer, at most every second. */
export function serverTimeouts(limits: ConnectionLimits): http.ServerOptions {
  const requestTimeout = limits.requestTimeoutMs;
  return {
    requestTimeout,
    headersTimeout: Math.min(limits.headersTimeoutMs, requestTimeout),
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(requestTimeout / 4))),
  };
}

/**
 * Refuses (destroys) a new connection from an address that already holds `max` open ones, so that
 * one client cannot use up the process's file descriptors with slow or idle sockets (issue 15: 872
 * trickling connections took /api/health down). Behind a reverse proxy every connection comes from
 * the proxy: give the cap room for it (or 0) there.
 */
export function capConnectionsPerIp(server: http.Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket: net.Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
