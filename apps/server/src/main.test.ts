import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-main-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function start(logLevel = "warn"): {
  child: ChildProcess;
  url: Promise<string>;
  exit: Promise<number | null>;
  output(): string;
} {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: "0", DATABASE_URL: "", LOG_LEVEL: logLevel },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Shobai is running at (http:\/\/\S+)/);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", () => reject(new Error(`server exited before listening:\n${output}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, url, exit, output: () => output };
}

describe("the server process", () => {
  it("prints its URL, serves, and shuts down cleanly on SIGTERM, releasing DATA_DIR", async () => {
    const first = start();
    const url = await first.url;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/$/);
    const health = await fetch(new URL("/api/health", url));
    expect(await health.json()).toEqual({ status: "ok", db: "pglite" });
    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "shobai.lock"))).toBe(false);

    // The same DATA_DIR opens again: the lock was released and the data survived.
    const second = start();
    await second.url;
    second.child.kill("SIGTERM");
    expect(await second.exit).toBe(0);
  }, 180_000);

  it("on SIGTERM finishes a request in flight, then exits 0", async () => {
    const server = start("info");
    const url = new URL(await server.url);
    const logged = (text: string) =>
      new Promise<void>((resolve) => {
        const onData = () => server.output().includes(text) && resolve();
        server.child.stdout?.on("data", onData);
        server.child.stderr?.on("data", onData);
        onData();
      });
    // A sign-in whose body is still on its way when the signal arrives.
    const body = JSON.stringify({ email: "nobody@example.jp", password: "wrong password here" });
    const socket = net.connect(Number(url.port), "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost:${url.port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await logged('"url":"/api/auth/login"');
    server.child.kill("SIGTERM");
    await logged("shutting down");
    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain("invalid_credentials");
    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  }, 180_000);

  it("stops at start-up with a message naming a bad variable", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverRoot,
      env: { ...process.env, DATA_DIR: dataDir, PORT: "eighty" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT must be a whole number (got "eighty")');
  });
});
