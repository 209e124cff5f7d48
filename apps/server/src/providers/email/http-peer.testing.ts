import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the local peer saw of one request. */
export type SeenRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
};

export type PeerAnswer = {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Answer only after this long, to test client timeouts. */
  delayMs?: number;
};

/**
 * A loopback HTTP server standing in for a provider's API: records each request and answers from
 * a queue (500 when the queue is empty, so an unexpected extra request shows up as a failure).
 */
export async function startHttpPeer() {
  const seen: SeenRequest[] = [];
  const answers: PeerAnswer[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {}
      seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      const answer = answers.shift() ?? { status: 500, body: { message: "no answer queued" } };
      const respond = () => {
        const payload = answer.body === undefined ? "" : JSON.stringify(answer.body);
        res.writeHead(answer.status, {
          ...(answer.body === undefined ? {} : { "content-type": "application/json" }),
          ...answer.headers,
        });
        res.end(payload);
      };
      if (!answer.delayMs) return respond();
      const timer = setTimeout(() => {
        timers.delete(timer);
        respond();
      }, answer.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    seen,
    answer(...next: PeerAnswer[]) {
      answers.push(...next);
    },
    reset() {
      seen.length = 0;
      answers.length = 0;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A sleep that returns at once and remembers what it was asked to wait. */
export function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}
