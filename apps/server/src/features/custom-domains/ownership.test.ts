import type { TCustomDomain } from "@shobai/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DnsPeer, startDnsPeer } from "../../testing/dns-peer";
import { ownerWithSite, PLATFORM_IP, SITES_DOMAIN } from "../../testing/domains-fixtures";
import { createTestApp, type TestClient, type TestContext } from "../../testing/test-app";

/**
 * Custom domains belong to whoever proves it (decision 0019): the takeover scenarios against the
 * loopback DNS server, claim expiry and the TXT grace period on a fake clock, and Caddy's `ask`.
 */

const DAY = 24 * 60 * 60 * 1000;
let clock = new Date();
let ctx: TestContext;
let peer: DnsPeer;

beforeAll(async () => {
  peer = await startDnsPeer();
  ctx = await createTestApp({
    sitesDomain: SITES_DOMAIN,
    appUrl: "https://app.shobai.jp",
    now: () => clock,
    customDomains: {
      dnsServers: [peer.server],
      ipv4: [PLATFORM_IP],
      dnsTimeoutMs: 500,
      reloadIntervalMs: null,
      recheckIntervalMs: null,
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

const connect = async (client: TestClient, hostname: string, websiteId: string) => {
  const res = await client.post("/api/domain/connections", { hostname, websiteId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TCustomDomain;
};
const verify = async (client: TestClient, id: string) =>
  (await client.post(`/api/domain/connections/${id}/verify`)).json() as TCustomDomain;
const listed = async (client: TestClient, id: string) =>
  ((await client.get("/api/domain/connections")).json().connections as TCustomDomain[]).find(
    (c) => c.id === id,
  );
const txtOf = (c: TCustomDomain) => c.dnsRecords.find((r) => r.type === "TXT")?.value ?? "";
const servedSite = async (host: string) => {
  const res = await ctx.app.inject({ method: "GET", url: "/ja/", headers: { host } });
  return res.statusCode === 200 ? res.body : "";
};
const ask = (domain: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "GET", url: `/internal/tls/ask?domain=${encodeURIComponent(domain)}`, headers });

describe("taking over a host someone else points at Shobai", () => {
  it("a disconnected host, DNS left in place, does not verify for another account without its TXT", async () => {
    const owner = await ownerWithSite(ctx);
    const host = "www.victim-shop.jp";
    const mine = await connect(owner.client, host, owner.site.id);
    peer.set(host, { CNAME: `${owner.site.slug}.${SITES_DOMAIN}` });
    peer.set(`_shobai.${host}`, { TXT: [txtOf(mine)] });
    expect((await verify(owner.client, mine.id)).status).toBe("verified");
    expect(await servedSite(host)).toContain(owner.site.name);

    // The owner disconnects and is told which records to remove; they leave them in place.
    const removed = await owner.client.delete(`/api/domain/connections/${mine.id}`);
    expect(removed.json().recordsToRemove.map((r: { type: string }) => r.type)).toEqual(["TXT", "CNAME"]);
    expect(await servedSite(host)).toBe("");

    // A trial account claims it: allowed, but it cannot verify — the TXT holds someone else's value.
    const squatter = await ownerWithSite(ctx, "trial");
    const claim = await connect(squatter.client, host, squatter.site.id);
    expect(txtOf(claim)).not.toBe(txtOf(mine));
    const checked = await verify(squatter.client, claim.id);
    expect(checked).toMatchObject({ status: "pending", verifiedAt: null });
    expect(checked.lastError).toContain(
      `the TXT record at _shobai.${host} does not have this connection's value`,
    );
    expect(await servedSite(host)).toBe("");
    expect((await ask(host)).statusCode).toBe(404);
  });

  it("an unproven claim made first neither blocks the owner nor survives the owner's proof", async () => {
    const squatter = await ownerWithSite(ctx, "trial");
    const owner = await ownerWithSite(ctx);
    const host = "www.first-come.jp";
    const early = await connect(squatter.client, host, squatter.site.id);
    // The real owner claims the same host: not 409.
    const mine = await connect(owner.client, host, owner.site.id);

    // The owner points DNS at Shobai: the squatter's claim still lacks the TXT proof.
    peer.set(host, { A: [PLATFORM_IP] });
    expect((await verify(squatter.client, early.id)).status).toBe("pending");
    peer.set(`_shobai.${host}`, { TXT: ["v=spf1 -all", txtOf(mine)] });
    expect((await verify(squatter.client, early.id)).status).toBe("pending");

    // The owner proves it and wins; the squatter's claim is lost, and says why.
    expect((await verify(owner.client, mine.id)).status).toBe("verified");
    expect(await servedSite(host)).toContain(owner.site.name);
    const lost = await listed(squatter.client, early.id);
    expect(lost).toMatchObject({ status: "lost", verifiedAt: null });
    expect(lost?.lastError).toContain("Another Shobai account proved control of www.first-come.jp");
    // Checking again changes nothing for the squatter.
    expect((await verify(squatter.client, early.id)).status).toBe("lost");
    expect(await servedSite(host)).toContain(owner.site.name);

    // Disconnecting a lost claim only names its own TXT record (the routing record is the owner's now).
    const removed = (await squatter.client.delete(`/api/domain/connections/${early.id}`)).json();
    expect(removed.recordsToRemove).toEqual([{ type: "TXT", name: `_shobai.${host}`, value: txtOf(early) }]);
    expect(await servedSite(host)).toContain(owner.site.name);
  });

  it("a proven owner reclaims a host verified by another account whose proof is gone", async () => {
    const before = await ownerWithSite(ctx);
    const owner = await ownerWithSite(ctx);
    const host = "shop.changed-hands.jp";
    const old = await connect(before.client, host, before.site.id);
    peer.set(host, { A: [PLATFORM_IP] });
    peer.set(`_shobai.${host}`, { TXT: [txtOf(old)] });
    expect((await verify(before.client, old.id)).status).toBe("verified");

    // The domain changes hands; the new owner claims it and puts their TXT next to the old one.
    const mine = await connect(owner.client, host, owner.site.id);
    peer.set(`_shobai.${host}`, { TXT: [txtOf(old), txtOf(mine)] });
    const both = await verify(owner.client, mine.id);
    expect(both.status).toBe("pending");
    expect(both.lastError).toContain("remove the value that is not this connection's");
    expect(await servedSite(host)).toContain(before.site.name);

    // Only the new owner's value: proof by the current TXT record wins.
    peer.set(`_shobai.${host}`, { TXT: [txtOf(mine)] });
    expect((await verify(owner.client, mine.id)).status).toBe("verified");
    expect(await servedSite(host)).toContain(owner.site.name);
    expect((await listed(before.client, old.id))?.status).toBe("lost");
    // The previous holder cannot take it back without the TXT.
    expect((await verify(before.client, old.id)).status).toBe("lost");
    expect(await servedSite(host)).toContain(owner.site.name);
  });

  it("another account cannot see, verify or disconnect a claim (only its own)", async () => {
    const a = await ownerWithSite(ctx);
    const b = await ownerWithSite(ctx);
    const claim = await connect(a.client, "www.private-claim.jp", a.site.id);
    expect((await b.client.post(`/api/domain/connections/${claim.id}/verify`)).statusCode).toBe(404);
    expect((await b.client.delete(`/api/domain/connections/${claim.id}`)).statusCode).toBe(404);
    expect((await b.client.get("/api/domain/connections")).json().connections).toEqual([]);
  });
});

describe("expiry and re-checks (fake clock)", () => {
  it("an unproven claim expires after 7 days; proving it later still works", async () => {
    const owner = await ownerWithSite(ctx);
    const host = "www.slow-owner.jp";
    const claim = await connect(owner.client, host, owner.site.id);
    clock = new Date(clock.getTime() + 6 * DAY);
    await ctx.app.services.customDomains.recheck();
    expect((await listed(owner.client, claim.id))?.status).toBe("pending");

    clock = new Date(clock.getTime() + 1 * DAY + 60_000);
    expect((await ctx.app.services.customDomains.recheck()).expired).toBeGreaterThanOrEqual(1);
    const expired = await listed(owner.client, claim.id);
    expect(expired).toMatchObject({ status: "expired", expiresAt: null });
    expect(expired?.lastError).toContain("Not proven within 7 days");

    // Checking without the proof keeps it expired; with it, verified.
    peer.set(host, { CNAME: `${owner.site.slug}.${SITES_DOMAIN}` });
    expect((await verify(owner.client, claim.id)).status).toBe("expired");
    peer.set(`_shobai.${host}`, { TXT: [txtOf(claim)] });
    expect((await verify(owner.client, claim.id)).status).toBe("verified");

    // An expired claim of the owner's is replaced by a fresh one when they connect again.
    const other = "www.slow-owner-2.jp";
    const second = await connect(owner.client, other, owner.site.id);
    clock = new Date(clock.getTime() + 8 * DAY);
    await ctx.app.services.customDomains.recheck();
    const fresh = await connect(owner.client, other, owner.site.id);
    expect(fresh.id).not.toBe(second.id);
    expect(fresh.status).toBe("pending");
    expect(txtOf(fresh)).not.toBe(txtOf(second));
  });

  it("a verified host whose TXT proof disappears is flagged, served 7 more days, then not served", async () => {
    const owner = await ownerWithSite(ctx);
    const host = "www.forgetful.jp";
    const claim = await connect(owner.client, host, owner.site.id);
    peer.set(host, { CNAME: `${owner.site.slug}.${SITES_DOMAIN}` });
    peer.set(`_shobai.${host}`, { TXT: [txtOf(claim)] });
    expect((await verify(owner.client, claim.id)).status).toBe("verified");

    // The TXT is removed; the periodic re-check (a few hours later) notices and flags it.
    peer.remove(`_shobai.${host}`);
    clock = new Date(clock.getTime() + 7 * 60 * 60 * 1000);
    await ctx.app.services.customDomains.recheck();
    const flagged = await listed(owner.client, claim.id);
    expect(flagged).toMatchObject({ status: "verified", proofMissingSince: clock.toISOString() });
    expect(Date.parse(flagged?.servingEndsAt ?? "") - clock.getTime()).toBe(7 * DAY);
    expect(flagged?.lastError).toContain("The site stays on this address until");
    expect(await servedSite(host)).toContain(owner.site.name);
    expect((await ask(host)).statusCode).toBe(200);

    // Put back in time: the flag goes.
    peer.set(`_shobai.${host}`, { TXT: [txtOf(claim)] });
    expect(await verify(owner.client, claim.id)).toMatchObject({
      status: "verified",
      proofMissingSince: null,
    });

    // Gone again for longer than the grace period: no longer served, no certificate.
    peer.remove(`_shobai.${host}`);
    expect((await verify(owner.client, claim.id)).proofMissingSince).not.toBeNull();
    clock = new Date(clock.getTime() + 7 * DAY + 60_000);
    await ctx.app.services.customDomains.recheck();
    const ended = await listed(owner.client, claim.id);
    expect(ended).toMatchObject({ status: "pending", verifiedAt: null, proofMissingSince: null });
    expect(ended?.lastError).toContain("no longer served here");
    expect(await servedSite(host)).toBe("");
    expect((await ask(host)).statusCode).toBe(404);
  });
});

describe("certificate ask endpoint (Caddy on-demand TLS)", () => {
  it("approves the app host, existing site hosts and proven custom hosts only", async () => {
    const owner = await ownerWithSite(ctx);
    expect((await ask("app.shobai.jp")).statusCode).toBe(200);
    expect((await ask("app.shobai.jp")).json()).toEqual({ allowed: true });
    expect((await ask(`${owner.site.slug}.${SITES_DOMAIN}`)).statusCode).toBe(200);
    expect((await ask(`${owner.site.slug.toUpperCase()}.${SITES_DOMAIN}.`)).statusCode).toBe(200);
    for (const refused of [
      `no-such-site-${Date.now()}.${SITES_DOMAIN}`,
      `www.${SITES_DOMAIN}`,
      SITES_DOMAIN,
      `a.${owner.site.slug}.${SITES_DOMAIN}`,
      "random-host.example.com",
      "127.0.0.1",
      `${owner.site.slug}.${SITES_DOMAIN}:443`,
    ]) {
      expect((await ask(refused)).statusCode, refused).toBe(404);
    }

    // A custom host: only once proven.
    const host = "www.ask-me.jp";
    const claim = await connect(owner.client, host, owner.site.id);
    peer.set(host, { CNAME: `${owner.site.slug}.${SITES_DOMAIN}` });
    expect((await ask(host)).statusCode).toBe(404);
    await verify(owner.client, claim.id);
    expect((await ask(host)).statusCode).toBe(404);
    peer.set(`_shobai.${host}`, { TXT: [txtOf(claim)] });
    expect((await verify(owner.client, claim.id)).status).toBe("verified");
    expect((await ask(host)).statusCode).toBe(200);
    expect((await ask("WWW.Ask-Me.JP")).statusCode).toBe(200);
  });

  it("answers only direct loopback callers, and needs a domain", async () => {
    expect((await ask("app.shobai.jp", { "x-forwarded-for": "198.51.100.7" })).statusCode).toBe(403);
    const remote = await ctx.app.inject({
      method: "GET",
      url: "/internal/tls/ask?domain=app.shobai.jp",
      remoteAddress: "198.51.100.7",
    });
    expect(remote.statusCode).toBe(403);
    const missing = await ctx.app.inject({ method: "GET", url: "/internal/tls/ask" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: "validation_error", message: "domain is required" });
  });
});
