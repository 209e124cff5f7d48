import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small HTTP load balancer on loopback for tests: each request goes to the next upstream in turn
 * (skipping one that refuses connections, as a proxy's retry would), with X-Forwarded-For and
 * X-Forwarded-Proto as Caddy sets them. `served` counts the requests each upstream answered.
 */
export async function startRoundRobinProxy(upstreams: () => number[]) {
  let next = 0;
  const served = new Map<number, number>();

  function forward(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
    ports: number[],
    tries: number,
  ): void {
    const port = ports[next++ % ports.length] as number;
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "http" },
      },
      (answer) => {
        served.set(port, (served.get(port) ?? 0) + 1);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (tries + 1 < ports.length) forward(req, res, body, ports, tries + 1);
      else {
        res.writeHead(502);
        res.end();
      }
    });
    upstream.end(body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => forward(req, res, Buffer.concat(chunks), upstreams(), 0));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
