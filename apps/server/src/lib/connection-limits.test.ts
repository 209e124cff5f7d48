import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../testing/test-app";

/** Issue 15: trickled bodies never timed out and one client could hold every file descriptor. */
let slow: TestContext;
let capped: TestContext;
let slowPort: number;
let cappedPort: number;

async function listen(ctx: TestContext): Promise<number> {
  await ctx.app.listen({ host: "127.0.0.1", port: 0 });
  return (ctx.app.server.address() as net.AddressInfo).port;
}

beforeAll(async () => {
  slow = await createTestApp({ connections: { requestTimeoutMs: 600, headersTimeoutMs: 400 } });
  capped = await createTestApp({ connections: { maxPerIp: 5 } });
  slowPort = await listen(slow);
  cappedPort = await listen(capped);
});
afterAll(async () => {
  await slow?.close();
  await capped?.close();
});

function connect(port: number, localAddress = "127.0.0.1"): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port, localAddress }, () => resolve(socket));
    socket.once("error", reject);
  });
}

function closed(socket: net.Socket): Promise<string> {
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk.toString();
  });
  socket.on("error", () => {});
  return new Promise((resolve) => socket.once("close", () => resolve(received)));
}

function health(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: "127.0.0.1", port, path: "/api/health", localAddress, agent: false },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.once("error", reject);
  });
}

describe("connection limits", () => {
  it("cuts off a request whose body trickles in slower than the request timeout", async () => {
    const socket = await connect(slowPort);
    const done = closed(socket);
    let isClosed = false;
    void done.then(() => {
      isClosed = true;
    });
    socket.write(
      "POST /api/contact-messages HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    // One byte every 50 ms would take 50 s for the body; the server must close long before.
    for (let sent = 0; sent < 200 && !isClosed; sent++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (!socket.destroyed) socket.write(" ");
    }
    expect(isClosed).toBe(true);
    expect(await done).toMatch(/^HTTP\/1\.1 408|^$/);
    // The server itself is fine.
    expect(await health(slowPort, "127.0.0.1")).toBe(200);
  });

  it("refuses connections over the per-address cap while other addresses still get answers", async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => connect(cappedPort)));
    try {
      const extra = await connect(cappedPort);
      const answer = await closed(extra);
      expect(answer).toBe("");
      // Another loopback address is another client.
      expect(await health(cappedPort, "127.0.0.2")).toBe(200);
      // Once one of the five closes, the address may connect again.
      const first = held.shift() as net.Socket;
      const gone = closed(first);
      first.end();
      await gone;
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
        status = await health(cappedPort, "127.0.0.1").catch(() => 0);
      }
      expect(status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});
