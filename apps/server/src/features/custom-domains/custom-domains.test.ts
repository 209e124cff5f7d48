import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TCustomDomain } from "@shobai/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, workspaces } from "../../db/schema/index";
import { type DnsPeer, startDnsPeer } from "../../testing/dns-peer";
import {
  ownerWithSite,
  PLATFORM_IP,
  RAMEN,
  SITES_DOMAIN,
  type TestSite,
} from "../../testing/domains-fixtures";
import { createTestApp, signedInClient, type TestClient, type TestContext } from "../../testing/test-app";
import { COLLECT_PATH } from "../analytics/tracker";

let ctx: TestContext;
let peer: DnsPeer;

beforeAll(async () => {
  peer = await startDnsPeer({ "other.host.com": { A: ["198.51.100.99"] } });
  ctx = await createTestApp({
    sitesDomain: SITES_DOMAIN,
    appUrl: "https://app.shobai.jp",
    publicUrl: "https://www.shobai.jp",
    customDomains: {
      dnsServers: [peer.server],
      ipv4: [PLATFORM_IP],
      dnsTimeoutMs: 500,
      reloadIntervalMs: null,
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

async function connect(client: TestClient, hostname: string, websiteId: string) {
  return client.post("/api/domain/connections", { hostname, websiteId });
}

/** Sets the connection's TXT ownership proof at `_shobai.<host>`, as its owner would. */
function prove(connection: TCustomDomain) {
  const txt = connection.dnsRecords.find((r) => r.type === "TXT");
  if (!txt) throw new Error("no TXT record to set");
  peer.set(txt.name, { TXT: [txt.value] });
}

const onHost = (host: string, url = "/", method: "GET" | "POST" = "GET", payload?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { host, ...(payload ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    ...(payload ? { payload } : {}),
  });

describe("connecting a custom domain", () => {
  it("connects a sub-domain as pending for 7 days, with its own TXT proof and the CNAME to set", async () => {
    const { client, site } = await ownerWithSite(ctx);
    const res = await connect(client, "WWW.Sakura-Ramen.jp", site.id);
    expect(res.statusCode).toBe(201);
    const connection = res.json() as TCustomDomain;
    expect(connection).toMatchObject({
      hostname: "www.sakura-ramen.jp",
      unicodeHostname: "www.sakura-ramen.jp",
      websiteId: site.id,
      websiteName: site.name,
      status: "pending",
      verifiedAt: null,
      lastCheckedAt: null,
      lastError: null,
      // No registrar on this server: the owner sets the record at their DNS provider.
      dnsManaged: false,
      proof: "txt",
      proofMissingSince: null,
      servingEndsAt: null,
      dnsRecords: [
        {
          type: "TXT",
          name: "_shobai.www.sakura-ramen.jp",
          value: expect.stringMatching(/^shobai-verify=[0-9a-f]{32}$/),
        },
        { type: "CNAME", name: "www.sakura-ramen.jp", value: `${site.slug}.${SITES_DOMAIN}` },
      ],
    });
    const days = (Date.parse(connection.expiresAt ?? "") - Date.parse(connection.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const list = await client.get("/api/domain/connections");
    expect(list.statusCode).toBe(200);
    expect(list.json().connections).toEqual([connection]);
  });

  it("advises an A record (and the CNAME alternative) for an apex, also under co.jp", async () => {
    const { client, site } = await ownerWithSite(ctx);
    const apex = (await connect(client, "ramen-apex.jp", site.id)).json() as TCustomDomain;
    expect(apex.dnsRecords).toEqual([
      { type: "TXT", name: "_shobai.ramen-apex.jp", value: expect.stringMatching(/^shobai-verify=/) },
      { type: "A", name: "ramen-apex.jp", value: PLATFORM_IP },
      { type: "CNAME", name: "ramen-apex.jp", value: `${site.slug}.${SITES_DOMAIN}` },
    ]);
    const coJp = (await connect(client, "ramen.co.jp", site.id)).json() as TCustomDomain;
    expect(coJp.dnsRecords.map((r) => r.type)).toEqual(["TXT", "A", "CNAME"]);
  });

  it("keeps internationalised names in punycode and shows them in Unicode", async () => {
    const { client, site } = await ownerWithSite(ctx);
    const res = await connect(client, "www.さくら.jp", site.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ hostname: "www.xn--y8jl1n.jp", unicodeHostname: "www.さくら.jp" });
  });

  it("refuses the owner's second claim of a host with 409, but not another account's claim", async () => {
    const a = await ownerWithSite(ctx);
    const b = await ownerWithSite(ctx);
    const first = (await connect(a.client, "shop.taken.jp", a.site.id)).json() as TCustomDomain;
    const again = await connect(a.client, "shop.taken.jp", a.site.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "domain_in_use",
      message: "shop.taken.jp is already connected to one of your websites; remove that connection first",
    });
    // An unproven claim blocks nobody: B claims it too, with a token of its own.
    const other = await connect(b.client, "SHOP.taken.jp.", b.site.id);
    expect(other.statusCode).toBe(201);
    const txt = (c: TCustomDomain) => c.dnsRecords.find((r) => r.type === "TXT")?.value;
    expect(txt(other.json())).not.toBe(txt(first));
  });

  it("refuses the platform's own host names, local names and addresses", async () => {
    const { client, site } = await ownerWithSite(ctx);
    for (const hostname of [
      `${site.slug}.${SITES_DOMAIN}`,
      SITES_DOMAIN,
      "app.shobai.jp",
      "www.shobai.jp",
      "shop.localhost",
      "127.0.0.1",
      "[::1]",
      "not a host",
    ]) {
      const res = await connect(client, hostname, site.id);
      expect(res.statusCode, hostname).toBe(400);
    }
    expect((await connect(client, SITES_DOMAIN, site.id)).json().message).toContain("Shobai's own addresses");
  });

  it("refuses a website that is not the owner's with 404", async () => {
    const a = await ownerWithSite(ctx);
    const b = await ownerWithSite(ctx);
    const res = await connect(b.client, "www.not-mine.jp", a.site.id);
    expect(res.statusCode).toBe(404);
    expect((await connect(b.client, "www.not-mine.jp", "no-such-id")).statusCode).toBe(404);
  });

  it("is a Business-and-up feature: starter is refused, the trial may try it", async () => {
    const starter = await ownerWithSite(ctx, "starter");
    const res = await connect(starter.client, "www.starter.jp", starter.site.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "plan_required",
      message: expect.stringContaining("Business plan"),
    });

    const trial = await ownerWithSite(ctx, "trial");
    expect((await connect(trial.client, "www.trial.jp", trial.site.id)).statusCode).toBe(201);
    // A trial that has ended may not connect more, like creating websites.
    await ctx.db.db
      .update(workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(
        inArray(
          workspaces.personalOf,
          ctx.db.db.select({ id: users.id }).from(users).where(eq(users.email, trial.email)),
        ),
      );
    const ended = await connect(trial.client, "www2.trial.jp", trial.site.id);
    expect(ended.statusCode).toBe(403);
    expect(ended.json()).toMatchObject({
      code: "plan_required",
      message: expect.stringContaining("trial has ended"),
    });
  });

  it("needs sign-in and a valid body", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/domain/connections" })).statusCode).toBe(401);
    const { client, site } = await ownerWithSite(ctx);
    const res = await client.post("/api/domain/connections", { hostname: "", websiteId: site.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("domain is required");
  });
});

describe("owner isolation", () => {
  it("user B cannot list, verify or delete A's connection", async () => {
    const a = await ownerWithSite(ctx);
    const b = await ownerWithSite(ctx);
    const connection = (await connect(a.client, "www.isolated.jp", a.site.id)).json() as TCustomDomain;
    expect((await b.client.get("/api/domain/connections")).json()).toEqual({ connections: [] });
    expect((await b.client.post(`/api/domain/connections/${connection.id}/verify`)).statusCode).toBe(404);
    expect((await b.client.delete(`/api/domain/connections/${connection.id}`)).statusCode).toBe(404);
    expect((await a.client.get("/api/domain/connections")).json().connections).toHaveLength(1);
  });
});

describe("verification and serving", () => {
  it("serves the site on the host only once DNS is verified, and stops when it no longer points here", async () => {
    const { client, site } = await ownerWithSite(ctx);
    const host = "www.example.jp";
    const connection = (await connect(client, host, site.id)).json() as TCustomDomain;
    const txt = `shobai-verify=${connection.dnsRecords[0]?.value.split("=")[1]}`;

    // Not verified: the host is not a site.
    const before = await onHost(host, "/ja/");
    expect(before.body).not.toContain("Sakura Ramen");

    // No record yet.
    const missing = await client.post(`/api/domain/connections/${connection.id}/verify`);
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toMatchObject({
      status: "pending",
      lastError: `no A or CNAME record found for ${host}; no TXT record ${txt} found at _shobai.${host}`,
      lastCheckedAt: expect.any(String),
    });

    // Pointing elsewhere (the TXT proof is in place from here on).
    prove(connection);
    peer.set(host, { CNAME: "other.host.com" });
    const elsewhere = (await client.post(`/api/domain/connections/${connection.id}/verify`)).json();
    expect(elsewhere).toMatchObject({
      status: "pending",
      lastError: `${host} has a CNAME to other.host.com, expected ${site.slug}.${SITES_DOMAIN}`,
    });
    expect((await onHost(host, "/ja/")).body).not.toContain("Sakura Ramen");

    // Pointing at the site.
    peer.set(host, { CNAME: `${site.slug}.${SITES_DOMAIN}` });
    const verified = (await client.post(`/api/domain/connections/${connection.id}/verify`)).json();
    expect(verified).toMatchObject({ status: "verified", lastError: null, verifiedAt: expect.any(String) });

    expect((await onHost(`WWW.Example.JP:8080`, "/ja/")).statusCode).toBe(200);
    const home = await onHost(host, "/ja/");
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("Sakura Ramen");
    expect(home.body).toContain('action="/contact"');
    // Canonical: the verified custom domain, with APP_URL's scheme (never the request's Host).
    expect(home.body).toContain(`<link rel="canonical" href="https://${host}/ja/"/>`);
    expect((await onHost(host, "/en/")).body).toContain('<html lang="en"');
    // The sitemap is named on the custom domain too, the site's canonical host.
    expect((await onHost(host, "/robots.txt")).body).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: https://${host}/sitemap.xml\n`,
    );
    expect((await onHost(host, "/_shobai/t.js")).statusCode).toBe(200);
    const lead = await onHost(
      host,
      "/contact",
      "POST",
      new URLSearchParams({
        name: "山田",
        email: "yamada@example.jp",
        message: "予約できますか",
        lang: "ja",
      }).toString(),
    );
    expect(lead.statusCode).toBe(303);
    expect(lead.headers.location).toBe("/ja/thanks/");
    // Sites live on their own origin (decision 0020): the API does not answer on a site's host.
    expect((await onHost(host, "/api/domain/connections")).statusCode).toBe(404);
    // Open-redirect vectors stay on the host (or are no page at all).
    for (const path of ["//evil.example", "/%2Fevil.example", "/%09/evil.example"]) {
      const res = await onHost(host, path);
      expect(res.statusCode, path).toBe(404);
    }

    // The website shows its domain now.
    expect((await client.get(`/api/websites/${site.id}`)).json().domain).toBe(host);
    expect((await client.get("/api/websites")).json()[0].domain).toBe(host);

    // Re-checked later and no longer pointing here: back to pending, not served.
    peer.set(host, { CNAME: "other.host.com" });
    const lapsed = (await client.post(`/api/domain/connections/${connection.id}/verify`)).json();
    expect(lapsed).toMatchObject({ status: "pending", verifiedAt: null });
    expect((await onHost(host, "/ja/")).body).not.toContain("Sakura Ramen");
    expect((await client.get(`/api/websites/${site.id}`)).json().domain).toBeNull();

    // Verified again, then deleted: no longer served.
    peer.set(host, { CNAME: `${site.slug}.${SITES_DOMAIN}` });
    await client.post(`/api/domain/connections/${connection.id}/verify`);
    expect((await onHost(host, "/ja/")).body).toContain("Sakura Ramen");
    const removed = await client.delete(`/api/domain/connections/${connection.id}`);
    expect(removed.statusCode).toBe(200);
    // The owner is told which records to take away at their DNS provider.
    expect(removed.json()).toEqual({
      hostname: host,
      unicodeHostname: host,
      recordsToRemove: [
        { type: "TXT", name: `_shobai.${host}`, value: txt },
        { type: "CNAME", name: host, value: `${site.slug}.${SITES_DOMAIN}` },
      ],
    });
    expect((await onHost(host, "/ja/")).body).not.toContain("Sakura Ramen");
    expect((await client.get("/api/domain/connections")).json()).toEqual({ connections: [] });
    expect((await client.delete(`/api/domain/connections/${connection.id}`)).statusCode).toBe(404);
  });

  it("verifies an apex by its A record and a host through a CNAME chain", async () => {
    const { client, site } = await ownerWithSite(ctx);
    peer.set("ramen-a.jp", { A: [PLATFORM_IP] });
    peer.set("www.ramen-chain.jp", { CNAME: "edge.cdn.example.net" });
    peer.set("edge.cdn.example.net", { CNAME: `${site.slug}.${SITES_DOMAIN}` });
    for (const host of ["ramen-a.jp", "www.ramen-chain.jp"]) {
      const connection = (await connect(client, host, site.id)).json() as TCustomDomain;
      prove(connection);
      const res = await client.post(`/api/domain/connections/${connection.id}/verify`);
      expect(res.json(), host).toMatchObject({ status: "verified", lastError: null });
      expect((await onHost(host, "/ja/")).body).toContain("Sakura Ramen");
    }
  });

  it("takes the site's analytics beacons on a verified host over a real socket", async () => {
    const { client, site } = await ownerWithSite(ctx);
    peer.set("www.beacon-shop.jp", { CNAME: `${site.slug}.${SITES_DOMAIN}` });
    const connection = (await connect(client, "www.beacon-shop.jp", site.id)).json() as TCustomDomain;
    prove(connection);
    expect((await client.post(`/api/domain/connections/${connection.id}/verify`)).json().status).toBe(
      "verified",
    );
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (ctx.app.server.address() as AddressInfo).port;
    const post = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            path: COLLECT_PATH,
            method: "POST",
            headers: {
              host,
              "content-type": "text/plain",
              "user-agent":
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
            },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.end(JSON.stringify({ k: "pageview", p: "/ja/", w: 1280 }));
      });
    expect(await post(`www.beacon-shop.jp:${port}`)).toBe(202);
    // An unknown host is not a site: the beacon is not taken (the app answers 404).
    expect(await post(`www.unknown-shop.jp:${port}`)).toBe(404);
    await ctx.app.services.analytics.flush();
    const rows = await ctx.db.rows<{ path: string }>(
      `SELECT path FROM analytics_events WHERE website_id = '${site.id}'`,
    );
    expect(rows.map((r) => r.path)).toEqual(["/ja/"]);
  });

  it("says what it found when an A record points elsewhere", async () => {
    const { client, site } = await ownerWithSite(ctx);
    peer.set("ramen-wrong.jp", { A: ["198.51.100.1"] });
    const connection = (await connect(client, "ramen-wrong.jp", site.id)).json() as TCustomDomain;
    prove(connection);
    const res = (await client.post(`/api/domain/connections/${connection.id}/verify`)).json();
    expect(res).toMatchObject({
      status: "pending",
      lastError: `ramen-wrong.jp points to 198.51.100.1, expected ${PLATFORM_IP} or a CNAME to ${site.slug}.${SITES_DOMAIN}`,
    });
  });
});

describe("with a shared CNAME target (SITES_CNAME_TARGET)", () => {
  let edge: TestContext;
  beforeAll(async () => {
    edge = await createTestApp({
      sitesDomain: SITES_DOMAIN,
      customDomains: { cnameTarget: "edge.shobai.jp", dnsServers: [peer.server], reloadIntervalMs: null },
    });
  });
  afterAll(async () => {
    await edge?.close();
  });

  it("tells owners to point at the target, and accepts it or the site's own name", async () => {
    const owner = await signedInClient(edge.app);
    const site = (await owner.client.post("/api/websites/generate", RAMEN)).json() as TestSite;
    const connection = (
      await owner.client.post("/api/domain/connections", { hostname: "www.edge-shop.jp", websiteId: site.id })
    ).json() as TCustomDomain;
    // No SITES_IPV4: an apex is only told about the CNAME too.
    expect(connection.dnsRecords).toEqual([
      { type: "TXT", name: "_shobai.www.edge-shop.jp", value: expect.stringMatching(/^shobai-verify=/) },
      { type: "CNAME", name: "www.edge-shop.jp", value: "edge.shobai.jp" },
    ]);
    prove(connection);
    peer.set("www.edge-shop.jp", { CNAME: "edge.shobai.jp" });
    const verify = () => owner.client.post(`/api/domain/connections/${connection.id}/verify`);
    expect((await verify()).json()).toMatchObject({ status: "verified" });
    peer.set("www.edge-shop.jp", { CNAME: `${site.slug}.${SITES_DOMAIN}` });
    expect((await verify()).json()).toMatchObject({ status: "verified" });
    peer.set("www.edge-shop.jp", { CNAME: "other.host.com" });
    expect((await verify()).json()).toMatchObject({
      status: "pending",
      lastError: "www.edge-shop.jp has a CNAME to other.host.com, expected edge.shobai.jp",
    });
    const refused = await owner.client.post("/api/domain/connections", {
      hostname: "x.edge.shobai.jp",
      websiteId: site.id,
    });
    expect(refused.statusCode).toBe(400);
  });
});
