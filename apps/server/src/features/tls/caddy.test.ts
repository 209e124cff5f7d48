import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TCustomDomain } from "@shobai/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HSTS, HSTS_CUSTOM_DOMAIN } from "../../lib/security";
import { type DnsPeer, startDnsPeer } from "../../testing/dns-peer";
import { ownerWithSite, PLATFORM_IP, SITES_DOMAIN } from "../../testing/domains-fixtures";
import { createTestApp, type TestContext } from "../../testing/test-app";

/**
 * deploy/Caddyfile, as shipped, in front of the app on loopback: Caddy's internal CA issues
 * certificates on demand, asking the app's /internal/tls/ask first. A proven custom host is fetched
 * over HTTPS; a random host gets no certificate. CI installs the Debian package `caddy` (.ci/run).
 */

const CADDYFILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../../deploy/Caddyfile",
);
const caddyBinary = spawnSync("caddy", ["version"], { encoding: "utf8" }).status === 0 ? "caddy" : null;
if (!caddyBinary) {
  console.warn(
    "caddy.test.ts skipped: the `caddy` command is not installed (apt-get install caddy); CI installs it",
  );
}

const HOST = "www.caddy-shop.jp";
let ctx: TestContext;
let peer: DnsPeer;
let caddy: ChildProcess | undefined;
let caddyLog = "";
let workDir: string;
let httpsPort: number;
let siteName: string;
let siteSlug: string;

/** A free loopback port (the listener is closed again before Caddy takes it). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor(what: string, ok: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await ok()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}; caddy said:\n${caddyLog.slice(-4000)}`);
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

type Fetched = {
  status: number;
  body: string;
  altNames: string;
  authorized: boolean;
  headers: IncomingHttpHeaders;
};

/** GET https://{host}{url} through Caddy on loopback (SNI and Host name the host). */
function fetchOverTls(host: string, url: string, ca?: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: "127.0.0.1",
        port: httpsPort,
        servername: host,
        path: url,
        headers: { host },
        ...(ca ? { ca, rejectUnauthorized: true } : { rejectUnauthorized: false }),
        timeout: 15_000,
      },
      (res) => {
        const socket = res.socket as import("node:tls").TLSSocket;
        const altNames = socket.getPeerCertificate().subjectaltname ?? "";
        const authorized = socket.authorized;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            altNames,
            authorized,
            headers: res.headers,
          }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end();
  });
}

describe.skipIf(!caddyBinary)("Caddy in front of the app (deploy/Caddyfile, on-demand TLS)", () => {
  beforeAll(async () => {
    peer = await startDnsPeer();
    ctx = await createTestApp({
      sitesDomain: SITES_DOMAIN,
      appUrl: "https://app.shobai.jp",
      trustProxy: true,
      customDomains: {
        dnsServers: [peer.server],
        ipv4: [PLATFORM_IP],
        dnsTimeoutMs: 500,
        reloadIntervalMs: null,
        recheckIntervalMs: null,
      },
    });
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const appPort = (ctx.app.server.address() as net.AddressInfo).port;

    // A proven custom host: TXT proof and A record in the loopback DNS server.
    const owner = await ownerWithSite(ctx);
    siteName = owner.site.name;
    siteSlug = owner.site.slug;
    const claim = (
      await owner.client.post("/api/domain/connections", { hostname: HOST, websiteId: owner.site.id })
    ).json() as TCustomDomain;
    const txt = claim.dnsRecords.find((r) => r.type === "TXT");
    peer.set(HOST, { A: [PLATFORM_IP] });
    peer.set(txt?.name ?? "", { TXT: [txt?.value ?? ""] });
    const verified = await owner.client.post(`/api/domain/connections/${claim.id}/verify`);
    expect(verified.json()).toMatchObject({ status: "verified" });

    workDir = mkdtempSync(path.join(os.tmpdir(), "shobai-caddy-"));
    httpsPort = await freePort();
    const httpPort = await freePort();
    caddy = spawn(caddyBinary as string, ["run", "--config", CADDYFILE, "--adapter", "caddyfile"], {
      cwd: workDir,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        // Caddy keeps its CA, certificates and autosaved config under these.
        HOME: workDir,
        XDG_DATA_HOME: path.join(workDir, "data"),
        XDG_CONFIG_HOME: path.join(workDir, "config"),
        CADDY_BIND: "127.0.0.1",
        CADDY_HTTP_PORT: String(httpPort),
        CADDY_HTTPS_PORT: String(httpsPort),
        CADDY_ADMIN: "off",
        CADDY_CERT_ISSUER: "internal",
        SHOBAI_UPSTREAMS: `127.0.0.1:${appPort}`,
        SHOBAI_ASK_URL: `http://127.0.0.1:${appPort}/internal/tls/ask`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const collect = (chunk: Buffer) => {
      caddyLog += chunk.toString();
    };
    caddy.stdout?.on("data", collect);
    caddy.stderr?.on("data", collect);
    await waitFor("Caddy to listen", () => accepts(httpsPort), 20_000);
  });

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((resolve) => caddy?.once("exit", resolve));
      caddy.kill("SIGTERM");
      const timer = setTimeout(() => caddy?.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    await ctx?.close();
    await peer?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("serves a proven custom host over HTTPS with a certificate for that name", async () => {
    const page = await fetchOverTls(HOST, "/ja/");
    expect(page.status).toBe(200);
    expect(page.body).toContain(siteName);
    expect(page.altNames).toBe(`DNS:${HOST}`);
    // HSTS for this name only: the names under an owner's domain are not ours to force onto HTTPS.
    expect(page.headers["strict-transport-security"]).toBe(HSTS_CUSTOM_DOMAIN);

    // The certificate chains to Caddy's own root CA, kept in its data directory.
    const root = readFileSync(path.join(workDir, "data/caddy/pki/authorities/local/root.crt"), "utf8");
    const trusted = await fetchOverTls(HOST, "/ja/", root);
    expect(trusted).toMatchObject({ status: 200, authorized: true });

    // The site host of an existing website, and the app's own host, get certificates too.
    const siteHost = `${siteSlug}.${SITES_DOMAIN}`;
    const onSiteHost = await fetchOverTls(siteHost, "/ja/");
    expect(onSiteHost).toMatchObject({ status: 200, altNames: `DNS:${siteHost}` });
    expect(onSiteHost.headers["strict-transport-security"]).toBe(HSTS);
    const onAppHost = await fetchOverTls("app.shobai.jp", "/api/health");
    expect(onAppHost.status).toBe(200);
    expect(onAppHost.headers["strict-transport-security"]).toBe(HSTS);
  });

  it("refuses a certificate to a random host, and keeps /internal/ away from the outside", async () => {
    // No certificate: Caddy ends the handshake with a TLS alert.
    const noCertificate = /alert internal error/;
    await expect(fetchOverTls(`random-${Date.now()}.example.com`, "/")).rejects.toThrow(noCertificate);
    await expect(fetchOverTls(`nosuchsite-${Date.now()}.${SITES_DOMAIN}`, "/")).rejects.toThrow(
      noCertificate,
    );
    const internal = await fetchOverTls(HOST, `/internal/tls/ask?domain=${HOST}`);
    expect(internal.status).toBe(404);
    expect(internal.body).not.toContain("allowed");
  });
});
