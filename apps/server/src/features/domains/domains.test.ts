import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mayBuyDomains, ownerContact } from "../../testing/domains-fixtures";
import { type RegistrarPeer, startRegistrarPeer } from "../../testing/registrar-peer";
import { createTestApp, signedInClient, type TestClient, type TestContext } from "../../testing/test-app";

const TOKEN = "pat_domains_test_0123456789abcdef";
const CHECK = "/v5/domain/check";
const ORDER = "/v5/domain/domains";

const registration = (domain: string, overrides: Record<string, unknown> = {}) => ({
  domain,
  registrationPeriod: 1,
  ownerContact: ownerContact(),
  nameServers: ["", ""],
  ...overrides,
});

const register = (client: TestClient, body: unknown, key?: string) =>
  client.request({
    method: "POST",
    url: "/api/domain/register",
    payload: body as object,
    ...(key ? { headers: { "idempotency-key": key } } : {}),
  });

describe("without a registrar", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ email: { tickMs: null } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("says the service is not configured, and search and register answer 503", async () => {
    const status = await ctx.app.inject({ method: "GET", url: "/api/domain/service-status" });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      configured: false,
      message: "Domain registration is not configured on this server (REGISTRAR_API_TOKEN)",
    });
    const { client } = await signedInClient(ctx.app);
    const search = await client.get("/api/domain/search/sakura-ramen.jp");
    expect(search.statusCode).toBe(503);
    expect(search.json()).toMatchObject({ code: "not_configured" });
    const reg = await register(client, registration("sakura-ramen.jp"));
    expect(reg.statusCode).toBe(503);
    expect(reg.json()).toMatchObject({ code: "not_configured" });
    expect((await client.get("/api/domain/domains")).json()).toEqual({ domains: [] });
  });
});

describe("with the Gandi registrar (local peer)", () => {
  let ctx: TestContext;
  let peer: RegistrarPeer;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    peer = await startRegistrarPeer({
      token: TOKEN,
      currency: "EUR",
      prices: { jp: 28.5, com: 15.55, tokyo: 12 },
      taken: ["taken.jp", "example.com"],
    });
    ctx = await createTestApp({
      email: { tickMs: null },
      registrar: { apiToken: TOKEN, apiBase: peer.url, currency: "EUR", jpyPerUnit: 160, timeoutMs: 400 },
    });
    const a = await signedInClient(ctx.app);
    const b = await signedInClient(ctx.app);
    await mayBuyDomains(ctx, a.email);
    await mayBuyDomains(ctx, b.email);
    alice = a.client;
    bob = b.client;
  });
  afterEach(() => peer.reset());
  afterAll(async () => {
    await ctx?.close();
    await peer?.close();
  });

  it("is ready, to anyone", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/domain/service-status" });
    expect(res.json()).toEqual({ configured: true, message: "Domain service is ready" });
  });

  describe("search", () => {
    it("needs sign-in", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/api/domain/search/sakura-ramen.jp" });
      expect(res.statusCode).toBe(401);
      expect(peer.requests).toHaveLength(0);
    });

    it("answers availability with the price in whole yen for the period, 10% tax included", async () => {
      const res = await alice.get("/api/domain/search/Sakura-Ramen.JP");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        domain: "sakura-ramen.jp",
        unicodeDomain: "sakura-ramen.jp",
        available: true,
        price: 5016,
        priceExcludingTax: 4560,
        registrationPeriod: 1,
      });
      const three = await alice.get("/api/domain/search/sakura-ramen.jp?registrationPeriod=3");
      expect(three.json()).toMatchObject({ price: 15048, priceExcludingTax: 13680, registrationPeriod: 3 });
      expect((await alice.get("/api/domain/search/sakura-ramen.jp?registrationPeriod=11")).statusCode).toBe(
        400,
      );
    });

    it("says a taken name is not available, without a price", async () => {
      const res = await alice.get("/api/domain/search/taken.jp");
      expect(res.json()).toMatchObject({ domain: "taken.jp", available: false, price: null });
    });

    it("searches an internationalised name in punycode", async () => {
      const res = await alice.get(`/api/domain/search/${encodeURIComponent("日本語.jp")}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        domain: "xn--wgv71a119e.jp",
        unicodeDomain: "日本語.jp",
        available: true,
      });
      expect(peer.requests[0]?.query.name).toBe("xn--wgv71a119e.jp");
    });

    it.each([
      ["-sakura.jp", "hyphens"],
      ["sakura-.jp", "hyphens"],
      ["saku_ra.jp", "letters, digits and hyphens"],
      [`${"a".repeat(64)}.jp`, "at most 63 characters"],
      ["www.sakura.jp", "only a name directly under the top-level domain"],
      ["sakura.xyz", "domain must end in one of"],
      ["sakura", "top-level domain"],
    ])("refuses %s with a reason", async (name, reason) => {
      const res = await alice.get(`/api/domain/search/${encodeURIComponent(name)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(reason);
      expect(peer.requests).toHaveLength(0);
    });

    it("answers 502 when the registrar fails and 504 when it is too slow", async () => {
      peer.failNext(500);
      const failed = await alice.get("/api/domain/search/sakura.jp");
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ code: "registrar_failed" });
      peer.setDelay(1500);
      const slow = await alice.get("/api/domain/search/sakura.jp");
      expect(slow.statusCode).toBe(504);
      expect(slow.json()).toMatchObject({ code: "registrar_failed" });
    });
  });

  describe("register", () => {
    it("registers with a normalised contact and lists the domain as active", async () => {
      const res = await register(alice, registration("hanako-shop.jp", { registrationPeriod: 2 }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        domain: "hanako-shop.jp",
        message: "hanako-shop.jp is registered for 2 years",
      });
      const order = peer.requests.find((r) => r.method === "POST" && r.path === ORDER);
      expect(order?.body).toMatchObject({
        fqdn: "hanako-shop.jp",
        duration: 2,
        owner: { phone: "+81.312345678", state: "JP-13", zip: "150-0002", email: "hanako@example.jp" },
      });
      const list = (await alice.get("/api/domain/domains")).json();
      expect(list.domains).toHaveLength(1);
      const [owned] = list.domains;
      expect(owned).toMatchObject({
        domain: "hanako-shop.jp",
        unicodeDomain: "hanako-shop.jp",
        status: "active",
        registrationPeriod: 2,
        priceJpy: 10032,
        nameServers: ["ns-101-a.gandi.net", "ns-101-b.gandi.net", "ns-101-c.gandi.net"],
      });
      const years = (new Date(owned.expiresAt).getTime() - Date.now()) / (365.25 * 24 * 3600 * 1000);
      expect(years).toBeCloseTo(2, 1);
    });

    it("registers an internationalised name and the requested name servers", async () => {
      const res = await register(
        alice,
        registration("日本語.jp", { nameServers: ["ns1.example.net", "NS2.Example.net"] }),
      );
      expect(res.json()).toMatchObject({ success: true, domain: "xn--wgv71a119e.jp" });
      expect(peer.registered.get("xn--wgv71a119e.jp")?.nameServers).toEqual([
        "ns1.example.net",
        "ns2.example.net",
      ]);
    });

    it("orders once for the same Idempotency-Key and returns the first outcome", async () => {
      const body = registration("once.jp");
      const first = await register(alice, body, "order-once-1");
      const second = await register(alice, body, "order-once-1");
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(peer.count("POST", ORDER)).toBe(1);
      expect(peer.count("GET", CHECK)).toBe(1);
    });

    it("orders once for two concurrent requests with the same key", async () => {
      const body = registration("twins.jp");
      const [a, b] = await Promise.all([register(alice, body, "twins-1"), register(alice, body, "twins-1")]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.json()).toMatchObject({ success: true, domain: "twins.jp" });
      expect(b.json()).toEqual(a.json());
      expect(peer.count("POST", ORDER)).toBe(1);
    });

    it("without a key, treats the same body as the same request (a double click orders once)", async () => {
      const body = registration("double-click.jp");
      const [a, b] = await Promise.all([register(alice, body), register(alice, body)]);
      expect(a.json()).toMatchObject({ success: true });
      expect(b.json()).toEqual(a.json());
      expect(peer.count("POST", ORDER)).toBe(1);
    });

    it("refuses a key already used for another domain", async () => {
      await register(alice, registration("first-key.jp"), "reused-key");
      const res = await register(alice, registration("second-key.jp"), "reused-key");
      expect(res.statusCode).toBe(409);
      expect(peer.count("POST", ORDER)).toBe(1);
      expect(peer.registered.has("second-key.jp")).toBe(false);
    });

    it("answers success false when the name is taken, and keeps no record", async () => {
      const res = await register(alice, registration("taken.jp"));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: false,
        domain: "taken.jp",
        message: "taken.jp is already registered",
      });
      expect(peer.count("POST", ORDER)).toBe(0);
      const names = (await alice.get("/api/domain/domains"))
        .json()
        .domains.map((d: { domain: string }) => d.domain);
      expect(names).not.toContain("taken.jp");
    });

    it("answers success false with the registrar's reason when it refuses the contact, then lets a fix through", async () => {
      const refused = await register(
        alice,
        registration("refused.jp", { ownerContact: ownerContact({ state: "Atlantis" }) }),
        "fix-me",
      );
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toMatchObject({ success: false, domain: "refused.jp" });
      expect(refused.json().message).toContain("owner.state");
      const names = (await alice.get("/api/domain/domains"))
        .json()
        .domains.map((d: { domain: string }) => d.domain);
      expect(names).not.toContain("refused.jp");
      // Nothing was registered, so the same key may try again with a corrected contact.
      const fixed = await register(alice, registration("refused.jp"), "fix-me");
      expect(fixed.json()).toMatchObject({ success: true, domain: "refused.jp" });
    });

    it("answers a name registered through Shobai (by anyone) as unavailable without asking", async () => {
      await register(alice, registration("alices-only.jp"));
      peer.reset();
      const res = await register(bob, registration("alices-only.jp"));
      expect(res.json()).toEqual({
        success: false,
        domain: "alices-only.jp",
        message: "alices-only.jp is already registered",
      });
      const search = await bob.get("/api/domain/search/alices-only.jp");
      expect(search.json()).toMatchObject({ available: false, price: null });
      expect(peer.requests).toHaveLength(0);
    });

    it("leaves no half-registered record when the registrar fails (502) or is too slow (504)", async () => {
      // The check passes, the order fails, and the registrar does not know the domain afterwards.
      peer.failNext(500, { method: "POST", path: ORDER });
      const failed = await register(alice, registration("outage.jp"));
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ code: "registrar_failed" });
      expect(peer.count("POST", ORDER)).toBe(1);
      expect(peer.count("GET", "/v5/domain/domains/outage.jp")).toBe(1);
      peer.reset();
      peer.setDelay(1500);
      const slow = await register(alice, registration("slow.jp"));
      expect(slow.statusCode).toBe(504);
      peer.setDelay(0);
      const names = (await alice.get("/api/domain/domains"))
        .json()
        .domains.map((d: { domain: string }) => d.domain);
      expect(names).not.toContain("outage.jp");
      expect(names).not.toContain("slow.jp");
      // The row is gone, so a retry goes through.
      const retry = await register(alice, registration("outage.jp"));
      expect(retry.json()).toMatchObject({ success: true });
    });

    it("keeps a registration whose confirmation was lost, after asking the registrar", async () => {
      // The order is taken, but its answer is a 502: the domain is found at the registrar afterwards.
      peer.failNext(502, { afterHandling: true, method: "POST", path: ORDER });
      const res = await register(alice, registration("lost-answer.jp"));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, domain: "lost-answer.jp" });
      expect(peer.count("POST", ORDER)).toBe(1);
      const owned = (await alice.get("/api/domain/domains"))
        .json()
        .domains.find((d: { domain: string }) => d.domain === "lost-answer.jp");
      expect(owned).toMatchObject({ status: "active" });
    });

    it("validates the body and names the field", async () => {
      const noPhone = await register(
        alice,
        registration("valid.jp", { ownerContact: ownerContact({ phone: "" }) }),
      );
      expect(noPhone.statusCode).toBe(400);
      expect(noPhone.json().message).toContain("phone");
      const badZip = await register(
        alice,
        registration("valid.jp", { ownerContact: ownerContact({ postalCode: "12" }) }),
      );
      expect(badZip.statusCode).toBe(400);
      expect(badZip.json().message).toContain("postalCode");
      const oneNs = await register(alice, registration("valid.jp", { nameServers: ["ns1.example.net", ""] }));
      expect(oneNs.statusCode).toBe(400);
      const sub = await register(alice, registration("www.valid.jp"));
      expect(sub.statusCode).toBe(400);
      const badKey = await register(alice, registration("valid.jp"), "x".repeat(300));
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().message).toContain("Idempotency-Key");
      expect(peer.requests).toHaveLength(0);
    });

    it("needs sign-in", async () => {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/domain/register",
        payload: registration("anonymous.jp"),
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe("owned domains", () => {
    it("lists and changes only the owner's domains", async () => {
      await register(alice, registration("alice-ns.jp"));
      const bobsList = (await bob.get("/api/domain/domains"))
        .json()
        .domains.map((d: { domain: string }) => d.domain);
      expect(bobsList).not.toContain("alice-ns.jp");

      const ns = { nameServers: ["ns1.example.net", "ns2.example.net"] };
      const byBob = await bob.request({
        method: "PUT",
        url: "/api/domain/domains/alice-ns.jp/nameservers",
        payload: ns,
      });
      expect(byBob.statusCode).toBe(404);
      expect(peer.count("PUT", "/v5/domain/domains/alice-ns.jp/nameservers")).toBe(0);

      const byAlice = await alice.request({
        method: "PUT",
        url: "/api/domain/domains/alice-ns.jp/nameservers",
        payload: ns,
      });
      expect(byAlice.statusCode).toBe(200);
      expect(byAlice.json()).toMatchObject({
        domain: "alice-ns.jp",
        status: "active",
        nameServers: ns.nameServers,
      });
      expect(peer.registered.get("alice-ns.jp")?.nameServers).toEqual(ns.nameServers);

      const one = await alice.request({
        method: "PUT",
        url: "/api/domain/domains/alice-ns.jp/nameservers",
        payload: { nameServers: ["ns1.example.net"] },
      });
      expect(one.statusCode).toBe(400);
      const unknown = await alice.request({
        method: "PUT",
        url: "/api/domain/domains/nobody.jp/nameservers",
        payload: ns,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });
});
