import type { TCustomDomain } from "@shobai/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DnsPeer, startDnsPeer } from "../../testing/dns-peer";
import {
  ownerContact,
  ownerWithSite,
  PLATFORM_IP,
  SITES_DOMAIN,
  type TestSite,
} from "../../testing/domains-fixtures";
import { type RegistrarPeer, startRegistrarPeer } from "../../testing/registrar-peer";
import { createTestApp, type TestClient, type TestContext } from "../../testing/test-app";

/**
 * Custom domains on a domain bought through Shobai (decision 0010): with the registrar's default
 * name servers Shobai sets the host's record at the registrar's DNS (LiveDNS) itself.
 */

const TOKEN = "pat_custom_domains_0123456789abcdef";
type Owner = { client: TestClient; site: TestSite };

let registrar: RegistrarPeer;
let dns: DnsPeer;
let ctx: TestContext;
let domainCounter = 0;

async function startApp(ipv4: string[]) {
  return createTestApp({
    email: { tickMs: null },
    sitesDomain: SITES_DOMAIN,
    registrar: { apiToken: TOKEN, apiBase: registrar.url, currency: "EUR", jpyPerUnit: 160, timeoutMs: 2000 },
    customDomains: { dnsServers: [dns.server], ipv4, dnsTimeoutMs: 500, reloadIntervalMs: null },
  });
}

beforeAll(async () => {
  registrar = await startRegistrarPeer({ token: TOKEN, prices: { jp: 28.5 } });
  dns = await startDnsPeer();
  ctx = await startApp([PLATFORM_IP]);
});
afterEach(() => registrar.reset());
afterAll(async () => {
  await ctx?.close();
  await registrar?.close();
  await dns?.close();
});

/** Registers a fresh .jp name through Shobai; nameServers empty: the registrar's default (LiveDNS). */
async function buyDomain(owner: Owner, nameServers: string[] = ["", ""]): Promise<string> {
  domainCounter += 1;
  const domain = `ramen-dns-${domainCounter}-${Date.now() % 100000}.jp`;
  const res = await owner.client.post("/api/domain/register", {
    domain,
    registrationPeriod: 1,
    ownerContact: ownerContact(),
    nameServers,
  });
  expect(res.json()).toMatchObject({ success: true, domain });
  registrar.reset();
  return domain;
}

const connect = (owner: Owner, hostname: string) =>
  owner.client.post("/api/domain/connections", { hostname, websiteId: owner.site.id });

const puts = () => registrar.requests.filter((r) => r.method === "PUT" && r.path.startsWith("/v5/livedns/"));

/** Publishes the peer's LiveDNS record of a host on the loopback DNS server, as Gandi's would. */
function publish(domain: string, hostname: string) {
  const name = hostname === domain ? "@" : hostname.slice(0, -(domain.length + 1));
  const cname = registrar.record(domain, name, "CNAME");
  const a = registrar.record(domain, name, "A");
  dns.set(hostname, cname ? { CNAME: cname.values[0] as string } : { A: a?.values ?? [] });
}

describe("a domain bought through Shobai with the registrar's name servers", () => {
  it("gets the sub-domain's CNAME set at the registrar, says so, and verifies once it is live", async () => {
    const owner = await ownerWithSite(ctx);
    const domain = await buyDomain(owner);
    const res = await connect(owner, `WWW.${domain.toUpperCase()}`);
    expect(res.statusCode).toBe(201);
    const connection = res.json() as TCustomDomain;
    const target = `${owner.site.slug}.${SITES_DOMAIN}`;
    expect(connection).toMatchObject({
      hostname: `www.${domain}`,
      status: "pending",
      lastError: null,
      dnsManaged: true,
      dnsRecords: [{ type: "CNAME", name: `www.${domain}`, value: target }],
    });
    expect(puts().map((r) => [r.path, r.body])).toEqual([
      [`/v5/livedns/domains/${domain}/records/www/CNAME`, { rrset_values: [`${target}.`], rrset_ttl: 300 }],
    ]);
    // Gandi's parking CNAME for www is replaced.
    expect(registrar.record(domain, "www", "CNAME")?.values).toEqual([`${target}.`]);
    expect((await owner.client.get("/api/domain/connections")).json().connections).toEqual([connection]);

    // Before the change is visible, Check DNS sets the record again and says it is on its way.
    const early = await owner.client.post(`/api/domain/connections/${connection.id}/verify`);
    expect(early.json()).toMatchObject({ status: "pending", dnsManaged: true });
    expect(early.json().lastError).toContain("Shobai has set the record at the registrar");
    expect(puts()).toHaveLength(2);

    publish(domain, `www.${domain}`);
    const checked = await owner.client.post(`/api/domain/connections/${connection.id}/verify`);
    expect(checked.json()).toMatchObject({ status: "verified", lastError: null, dnsManaged: true });
    expect(puts()).toHaveLength(2);
  });

  it("sets deeper sub-domains by their name in the zone, and the domain itself by SITES_IPV4", async () => {
    const owner = await ownerWithSite(ctx);
    const domain = await buyDomain(owner);
    const deep = (await connect(owner, `order.shop.${domain}`)).json() as TCustomDomain;
    expect(deep.dnsManaged).toBe(true);
    const apex = (await connect(owner, domain)).json() as TCustomDomain;
    expect(apex).toMatchObject({ dnsManaged: true, lastError: null });
    expect(puts().map((r) => r.path)).toEqual([
      `/v5/livedns/domains/${domain}/records/order.shop/CNAME`,
      `/v5/livedns/domains/${domain}/records/@/A`,
    ]);
    expect(registrar.record(domain, "@", "A")?.values).toEqual([PLATFORM_IP]);
    publish(domain, domain);
    const checked = await owner.client.post(`/api/domain/connections/${apex.id}/verify`);
    expect(checked.json()).toMatchObject({ status: "verified" });
  });

  it("still connects when the registrar fails, says what to do, and Check DNS tries again", async () => {
    const owner = await ownerWithSite(ctx);
    const domain = await buyDomain(owner);
    registrar.failNext(503, { method: "PUT" });
    const res = await connect(owner, `www.${domain}`);
    expect(res.statusCode).toBe(201);
    const connection = res.json() as TCustomDomain;
    const target = `${owner.site.slug}.${SITES_DOMAIN}`;
    expect(connection).toMatchObject({ status: "pending", dnsManaged: true });
    expect(connection.lastError).toContain(
      "Shobai could not set the DNS record at the registrar automatically",
    );
    expect(connection.lastError).toContain("HTTP 503");
    expect(connection.lastError).toContain(`a CNAME record for www.${domain} pointing at ${target}`);
    expect(connection.lastError).toContain("Press Check DNS to try again");
    expect(registrar.record(domain, "www", "CNAME")?.values).toEqual(["webredir.vip.gandi.net."]);
    // The outcome is kept: the list says the same.
    const [listed] = (await owner.client.get("/api/domain/connections")).json().connections;
    expect(listed).toEqual(connection);

    // Too slow is a failure too, within the registrar timeout.
    // (2 s here, so that a busy test machine does not pass for a slow registrar elsewhere.)
    registrar.setDelay(2500);
    const slow = await owner.client.post(`/api/domain/connections/${connection.id}/verify`);
    expect(slow.statusCode).toBe(200);
    expect(slow.json().lastError).toContain("did not answer within 2 s");
    registrar.setDelay(0);

    const retried = await owner.client.post(`/api/domain/connections/${connection.id}/verify`);
    expect(retried.json()).toMatchObject({ status: "pending", dnsManaged: true });
    expect(retried.json().lastError).toContain("Shobai has set the record at the registrar");
    expect(registrar.record(domain, "www", "CNAME")?.values).toEqual([`${target}.`]);
  });

  it("leaves a registrar refusal (a conflicting record) to the owner, in words", async () => {
    const owner = await ownerWithSite(ctx);
    const domain = await buyDomain(owner);
    registrar.failNext(409, {
      method: "PUT",
      message: "A CNAME cannot share the name www with other records",
    });
    const connection = (await connect(owner, `www.${domain}`)).json() as TCustomDomain;
    expect(connection.status).toBe("pending");
    expect(connection.lastError).toContain("cannot share the name www");
  });
});

describe("domains whose records Shobai does not set", () => {
  it("does not touch a domain with its own name servers", async () => {
    const owner = await ownerWithSite(ctx);
    const domain = await buyDomain(owner, ["ns1.example.net", "ns2.example.net"]);
    const connection = (await connect(owner, `www.${domain}`)).json() as TCustomDomain;
    expect(connection).toMatchObject({ status: "pending", lastError: null, dnsManaged: false });
    const checked = await owner.client.post(`/api/domain/connections/${connection.id}/verify`);
    expect(checked.json()).toMatchObject({ status: "pending", dnsManaged: false });
    expect(checked.json().lastError).not.toContain("registrar");
    expect(puts()).toHaveLength(0);
  });

  it("stops managing (and undoes nothing) when the owner moves the domain to other name servers", async () => {
    const owner = await ownerWithSite(ctx);
    const domain = await buyDomain(owner);
    const connection = (await connect(owner, `www.${domain}`)).json() as TCustomDomain;
    expect(connection.dnsManaged).toBe(true);
    const moved = await owner.client.request({
      method: "PUT",
      url: `/api/domain/domains/${domain}/nameservers`,
      payload: { nameServers: ["ns1.example.net", "ns2.example.net"] },
    });
    expect(moved.statusCode).toBe(200);
    const [listed] = (await owner.client.get("/api/domain/connections")).json().connections;
    expect(listed).toMatchObject({ id: connection.id, dnsManaged: false });
    expect(puts()).toHaveLength(1);
    expect(registrar.requests.filter((r) => r.method === "DELETE")).toHaveLength(0);
  });

  it("does not set the record for a host name the owner did not buy through Shobai", async () => {
    const owner = await ownerWithSite(ctx);
    await buyDomain(owner);
    const connection = (await connect(owner, "www.bought-elsewhere.jp")).json() as TCustomDomain;
    expect(connection).toMatchObject({ dnsManaged: false, lastError: null });
    expect(puts()).toHaveLength(0);
  });

  it("refuses another account a host under someone's Shobai domain, and sets nothing in that zone", async () => {
    const a = await ownerWithSite(ctx);
    const b = await ownerWithSite(ctx);
    const domain = await buyDomain(a);
    for (const hostname of [`www.${domain}`, domain]) {
      const res = await connect(b, hostname);
      expect(res.statusCode, hostname).toBe(409);
      expect(res.json()).toMatchObject({
        code: "domain_in_use",
        message: expect.stringContaining("another Shobai account registered"),
      });
    }
    expect(puts()).toHaveLength(0);
    expect((await b.client.get("/api/domain/connections")).json()).toEqual({ connections: [] });
    // The owner still can.
    expect((await connect(a, `www.${domain}`)).json()).toMatchObject({ dnsManaged: true });
  });
});

describe("without SITES_IPV4", () => {
  let noIp: TestContext;
  beforeAll(async () => {
    noIp = await startApp([]);
  });
  afterAll(async () => {
    await noIp?.close();
  });

  it("sets a sub-domain's CNAME but leaves the domain itself to the owner's instructions", async () => {
    const owner = await ownerWithSite(noIp);
    domainCounter += 1;
    const domain = `ramen-noip-${domainCounter}-${Date.now() % 100000}.jp`;
    const bought = await owner.client.post("/api/domain/register", {
      domain,
      registrationPeriod: 1,
      ownerContact: ownerContact(),
    });
    expect(bought.json()).toMatchObject({ success: true });
    registrar.reset();
    const apex = (await connect(owner, domain)).json() as TCustomDomain;
    expect(apex).toMatchObject({ dnsManaged: false, lastError: null });
    expect(apex.dnsRecords.map((r) => r.type)).toEqual(["CNAME"]);
    expect(puts()).toHaveLength(0);
    const www = (await connect(owner, `www.${domain}`)).json() as TCustomDomain;
    expect(www.dnsManaged).toBe(true);
    expect(puts()).toHaveLength(1);
  });
});
