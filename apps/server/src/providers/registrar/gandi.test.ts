import { type TOwnerContact, ZOwnerContact } from "@shobai/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ownerContact } from "../../testing/domains-fixtures";
import { type RegistrarPeer, startRegistrarPeer } from "../../testing/registrar-peer";
import { createGandiRegistrar, gandiOwner, isLiveDns, priceInYen, type RegistrarConfig } from "./gandi";
import { prefectureCode } from "./jp-prefectures";
import { RegistrarError } from "./types";

const TOKEN = "pat_test_4f1c2d3e5a6b7c8d9e0f";

/** In romaji, as Gandi gets it once parsed. */
const OWNER: TOwnerContact = ZOwnerContact.parse(
  ownerContact({ firstName: "Hanako", lastName: "Sato", address: "1-2-3 Shibuya", city: "Shibuya-ku" }),
);

async function failure(promise: Promise<unknown>): Promise<RegistrarError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RegistrarError) return error;
    throw error;
  }
  throw new Error("expected a RegistrarError");
}

describe("Gandi registrar client against the local peer", () => {
  let peer: RegistrarPeer;
  let config: RegistrarConfig;
  beforeAll(async () => {
    peer = await startRegistrarPeer({
      token: TOKEN,
      prices: { jp: 28.5, com: 15.55 },
      taken: ["taken.jp"],
    });
    config = { apiToken: TOKEN, apiBase: peer.url, currency: "EUR", jpyPerUnit: 160, timeoutMs: 300 };
  });
  afterEach(() => peer.reset());
  afterAll(async () => {
    await peer?.close();
  });

  it("checks availability with a Bearer token and prices it in whole yen for the period", async () => {
    const gandi = createGandiRegistrar(config);
    expect(await gandi.checkAvailability("sakura-ramen.jp", 1)).toEqual({
      domain: "sakura-ramen.jp",
      available: true,
      priceJpy: 4560,
      years: 1,
    });
    expect((await gandi.checkAvailability("sakura-ramen.jp", 3)).priceJpy).toBe(13680);
    // 15.55 € × 160 = 2488 exactly; the rounding never adds a yen to an exact price.
    expect((await gandi.checkAvailability("sakura-ramen.com", 1)).priceJpy).toBe(2488);
    const [request] = peer.requests;
    expect(request).toMatchObject({
      method: "GET",
      path: "/v5/domain/check",
      query: { name: "sakura-ramen.jp", currency: "EUR" },
      authorized: true,
    });
  });

  it("reports a taken name as unavailable without a price", async () => {
    const gandi = createGandiRegistrar(config);
    expect(await gandi.checkAvailability("taken.jp", 1)).toEqual({
      domain: "taken.jp",
      available: false,
      priceJpy: null,
      years: 1,
    });
  });

  it("registers with Gandi's owner fields, then reads the expiry and name servers", async () => {
    const gandi = createGandiRegistrar(config);
    await gandi.register({ domain: "hanako-shop.jp", years: 2, owner: OWNER, nameServers: [] });
    const post = peer.requests.find((r) => r.method === "POST");
    expect(post?.body).toEqual({
      fqdn: "hanako-shop.jp",
      duration: 2,
      owner: {
        given: "Hanako",
        family: "Sato",
        email: "hanako@example.jp",
        phone: "+81.312345678",
        streetaddr: "1-2-3 Shibuya",
        city: "Shibuya-ku",
        state: "JP-13",
        zip: "150-0002",
        country: "JP",
        type: "individual",
      },
    });
    const info = await gandi.getDomain("hanako-shop.jp");
    expect(info?.nameServers).toEqual(["ns-101-a.gandi.net", "ns-101-b.gandi.net", "ns-101-c.gandi.net"]);
    const years = (info?.expiresAt?.getTime() ?? 0) - Date.now();
    expect(years / (365 * 24 * 3600 * 1000)).toBeCloseTo(2, 1);
    await gandi.setNameServers("hanako-shop.jp", ["ns1.example.net", "ns2.example.net"]);
    expect((await gandi.getDomain("hanako-shop.jp"))?.nameServers).toEqual([
      "ns1.example.net",
      "ns2.example.net",
    ]);
    expect(await gandi.getDomain("nobody-has-this.jp")).toBeNull();
  });

  it("asks the renew process for today's renewal price of a held name", async () => {
    const gandi = createGandiRegistrar(config);
    await gandi.register({ domain: "renew-me.jp", years: 1, owner: OWNER, nameServers: [] });
    expect(await gandi.renewalPrice("renew-me.jp", 1)).toBe(4560);
    peer.setRenewPrice("jp", 31.2);
    // 31.2 € × 160 = 4992 yen a year.
    expect(await gandi.renewalPrice("renew-me.jp", 1)).toBe(4992);
    expect(await gandi.renewalPrice("renew-me.jp", 2)).toBe(9984);
    expect(peer.requests.at(-1)).toMatchObject({
      method: "GET",
      path: "/v5/domain/check",
      query: { name: "renew-me.jp", currency: "EUR", processes: "renew" },
    });
    // A name not held here has no renewal price.
    expect(await gandi.renewalPrice("someone-elses.jp", 1)).toBeNull();
    peer.setRenewPrice("jp", 28.5);
  });

  it("sends a company with its name, and name servers when given", async () => {
    const gandi = createGandiRegistrar(config);
    const owner = { ...OWNER, organization: "株式会社はなこ" };
    await gandi.register({
      domain: "hanako-corp.com",
      years: 1,
      owner,
      nameServers: ["ns1.example.net", "ns2.example.net"],
    });
    const body = peer.requests.find((r) => r.method === "POST")?.body as Record<string, unknown>;
    expect(body.owner).toMatchObject({ type: "company", orgname: "株式会社はなこ" });
    expect(body.nameservers).toEqual(["ns1.example.net", "ns2.example.net"]);
  });

  it("maps a taken name to unavailable and a refused contact to rejected, with Gandi's reason", async () => {
    const gandi = createGandiRegistrar(config);
    const taken = await failure(
      gandi.register({ domain: "taken.jp", years: 1, owner: OWNER, nameServers: [] }),
    );
    expect(taken.kind).toBe("unavailable");
    const refused = await failure(
      gandi.register({
        domain: "atlantis.jp",
        years: 1,
        owner: { ...OWNER, state: "Atlantis" },
        nameServers: [],
      }),
    );
    expect(refused.kind).toBe("rejected");
    expect(refused.status).toBe(400);
    expect(refused.message).toContain("owner.state");
  });

  it.each([
    [500, "unavailable-service"],
    [503, "unavailable-service"],
    [429, "unavailable-service"],
    [402, "unavailable-service"],
    [400, "rejected"],
    [401, "misconfigured"],
    [403, "misconfigured"],
  ])("maps HTTP %i to %s", async (status, kind) => {
    peer.failNext(status);
    const error = await failure(createGandiRegistrar(config).checkAvailability("sakura.jp", 1));
    expect(error.kind).toBe(kind);
  });

  it("gives up after the timeout", async () => {
    peer.setDelay(1000);
    const error = await failure(createGandiRegistrar(config).checkAvailability("slow.jp", 1));
    expect(error.kind).toBe("timeout");
    expect(error.message).toContain("0.3 s");
  });

  describe("LiveDNS record sets", () => {
    it("replaces a sub-domain's CNAME and the apex's A records with PUT, in Gandi's shapes", async () => {
      const gandi = createGandiRegistrar(config);
      await gandi.register({ domain: "hanako-dns.jp", years: 1, owner: OWNER, nameServers: [] });
      // A new domain starts with Gandi's parking records; PUT replaces the set of that name and type.
      expect(peer.record("hanako-dns.jp", "www", "CNAME")?.values).toEqual(["webredir.vip.gandi.net."]);
      await gandi.setDnsRecords("hanako-dns.jp", {
        name: "www",
        type: "CNAME",
        values: ["hanako.sites.shobai.jp."],
      });
      await gandi.setDnsRecords("hanako-dns.jp", { name: "@", type: "A", values: ["203.0.113.10"] });
      const puts = peer.requests.filter((r) => r.method === "PUT");
      expect(puts.map((r) => [r.path, r.body, r.authorized])).toEqual([
        [
          "/v5/livedns/domains/hanako-dns.jp/records/www/CNAME",
          { rrset_values: ["hanako.sites.shobai.jp."], rrset_ttl: 300 },
          true,
        ],
        [
          "/v5/livedns/domains/hanako-dns.jp/records/@/A",
          { rrset_values: ["203.0.113.10"], rrset_ttl: 300 },
          true,
        ],
      ]);
      expect(peer.records("hanako-dns.jp")).toEqual([
        { name: "@", type: "A", values: ["203.0.113.10"], ttl: 300 },
        { name: "www", type: "CNAME", values: ["hanako.sites.shobai.jp."], ttl: 300 },
      ]);
    });

    it("maps refusals (400, 404, a 409 record conflict) to rejected with Gandi's reason", async () => {
      const gandi = createGandiRegistrar(config);
      await gandi.register({ domain: "hanako-refused.jp", years: 1, owner: OWNER, nameServers: [] });
      const bad = await failure(
        gandi.setDnsRecords("hanako-refused.jp", { name: "@", type: "A", values: ["not-an-address"] }),
      );
      expect(bad).toMatchObject({ kind: "rejected", status: 400 });
      expect(bad.message).toContain("rrset_values");
      // The apex has an A record: a CNAME next to it is a conflict, not a name that is taken.
      const conflict = await failure(
        gandi.setDnsRecords("hanako-refused.jp", { name: "@", type: "CNAME", values: ["x.example.net."] }),
      );
      expect(conflict).toMatchObject({ kind: "rejected", status: 400 });
      peer.failNext(409, { message: "A CNAME cannot share the name shop with other records" });
      const taken = await failure(
        gandi.setDnsRecords("hanako-refused.jp", { name: "shop", type: "CNAME", values: ["x.example.net."] }),
      );
      expect(taken).toMatchObject({ kind: "rejected", status: 409 });
      expect(taken.message).toContain("cannot share the name shop");
      const unknown = await failure(
        gandi.setDnsRecords("nobody-has-this.jp", { name: "www", type: "CNAME", values: ["x.example.net."] }),
      );
      expect(unknown).toMatchObject({ kind: "rejected", status: 404 });
      peer.failNext(503);
      const down = await failure(
        gandi.setDnsRecords("hanako-refused.jp", { name: "www", type: "CNAME", values: ["x.example.net."] }),
      );
      expect(down.kind).toBe("unavailable-service");
      peer.failNext(401);
      const denied = await failure(
        gandi.setDnsRecords("hanako-refused.jp", { name: "www", type: "CNAME", values: ["x.example.net."] }),
      );
      expect(denied.kind).toBe("misconfigured");
      expect(peer.record("hanako-refused.jp", "www", "CNAME")?.values).toEqual(["webredir.vip.gandi.net."]);
    });

    it("gives up after the timeout", async () => {
      const gandi = createGandiRegistrar(config);
      await gandi.register({ domain: "hanako-slow.jp", years: 1, owner: OWNER, nameServers: [] });
      peer.setDelay(1000);
      const error = await failure(
        gandi.setDnsRecords("hanako-slow.jp", { name: "www", type: "CNAME", values: ["x.example.net."] }),
      );
      expect(error.kind).toBe("timeout");
      expect(error.message).toContain("0.3 s");
    });

    it("a request given up on does not take the failure set for the next one (test peer)", async () => {
      const gandi = createGandiRegistrar(config);
      await gandi.register({ domain: "hanako-late.jp", years: 1, owner: OWNER, nameServers: [] });
      peer.setDelay(600);
      const set = (values: string[]) =>
        gandi.setDnsRecords("hanako-late.jp", { name: "www", type: "CNAME", values });
      expect((await failure(set(["late.example.net."]))).kind).toBe("timeout");
      peer.setDelay(0);
      // The slow request is still being answered by the peer when the next failure is set, and
      // its answer goes out before the next request comes.
      peer.failNext(409, { method: "PUT", message: "A CNAME cannot share the name www" });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const refused = await failure(set(["x.example.net."]));
      expect(refused.message).toContain("cannot share the name www");
    });

    it("knows LiveDNS name servers (Gandi's default) from classic DNS and other hosts", () => {
      const gandi = createGandiRegistrar(config);
      expect(gandi.servesDns).toBe(isLiveDns);
      expect(isLiveDns([])).toBe(true);
      expect(isLiveDns(["ns-101-a.gandi.net", "ns-101-b.gandi.net", "NS-101-C.gandi.net."])).toBe(true);
      expect(isLiveDns(["a.dns.gandi.net", "b.dns.gandi.net"])).toBe(false);
      expect(isLiveDns(["ns1.example.net", "ns2.example.net"])).toBe(false);
      expect(isLiveDns(["ns-101-a.gandi.net", "ns1.example.net"])).toBe(false);
    });
  });

  it("says so when the registrar cannot be reached", async () => {
    const gone = await startRegistrarPeer({ token: TOKEN, prices: {} });
    await gone.close();
    const gandi = createGandiRegistrar({ ...config, apiBase: gone.url });
    expect((await failure(gandi.checkAvailability("sakura.jp", 1))).kind).toBe("unavailable-service");
  });

  it("treats a wrong token as misconfiguration and never shows a token", async () => {
    const wrong = "pat_wrong_9a8b7c6d5e4f3a2b1c0d";
    const error = await failure(
      createGandiRegistrar({ ...config, apiToken: wrong }).checkAvailability("sakura.jp", 1),
    );
    expect(error.kind).toBe("misconfigured");
    expect(error.message).toContain("REGISTRAR_API_TOKEN");
    expect(error.message).not.toContain(wrong);
    // Even when the registrar echoes the token back, it is removed from the message.
    peer.failNext(400, { message: `token ${TOKEN} is not allowed here` });
    const echoed = await failure(createGandiRegistrar(config).checkAvailability("sakura.jp", 1));
    expect(echoed.message).not.toContain(TOKEN);
    expect(echoed.message).toContain("[redacted]");
  });
});

describe("registrar helpers", () => {
  it("rounds prices up to whole yen, without float noise", () => {
    const prices = [{ duration_unit: "y", min_duration: 1, max_duration: 10, price_after_taxes: 12.34 }];
    expect(priceInYen(prices, 1, 160)).toBe(1975);
    expect(priceInYen(prices, 2, 160)).toBe(3949);
    expect(priceInYen([{ ...prices[0], price_after_taxes: 10 }], 1, 150)).toBe(1500);
    expect(priceInYen([{ ...prices[0], max_duration: 1 }], 2, 160)).toBeNull();
    expect(priceInYen(undefined, 1, 160)).toBeNull();
  });

  it("prefers the general-availability price to a sunrise one", () => {
    const prices = [
      { duration_unit: "y", price_after_taxes: 200, options: { period: "sunrise" } },
      { duration_unit: "y", price_after_taxes: 20, options: { period: "golive" } },
    ];
    expect(priceInYen(prices, 1, 100)).toBe(2000);
  });

  it.each([
    ["東京都", "JP-13"],
    ["東京", "JP-13"],
    ["Tokyo", "JP-13"],
    ["Tōkyō-to", "JP-13"],
    ["北海道", "JP-01"],
    ["大阪府", "JP-27"],
    ["Kyoto", "JP-26"],
    ["kyoto-fu", "JP-26"],
    ["Hyogo Prefecture", "JP-28"],
    ["沖縄県", "JP-47"],
    ["jp-14", "JP-14"],
    ["Atlantis", null],
    ["JP-48", null],
  ])("finds the prefecture code of %s", (state, code) => {
    expect(prefectureCode(state)).toBe(code);
  });

  it("keeps a state outside Japan as written", () => {
    expect(gandiOwner({ ...OWNER, country: "US", state: "CA" }).state).toBe("CA");
  });
});
