import { generateKeyPairSync } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { authenticate } from "mailauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveEmailProviders } from "../../providers/email/config";
import { type DnsPeer, startDnsPeer } from "../../testing/dns-peer";
import { readMessage, type SmtpSink, startSmtpSink } from "../../testing/smtp-sink";
import { createTestApp, TestClient, type TestContext } from "../../testing/test-app";

/**
 * Authenticated sending, judged the way a receiving server judges it: mail goes through real SMTP
 * to a loopback server, and mailauth checks its DKIM signature, SPF and DMARC against a test DNS
 * zone served by a loopback DNS server (testing/dns-peer.ts).
 */
const PUBLIC_URL = "https://app.shobai.example";
const PLATFORM = "shobai.example";
const BOUNCES = "bounces.shobai.example";

let dns: DnsPeer;
let sink: SmtpSink;
let ctx: TestContext;
let platformPublicKey: string;

beforeAll(async () => {
  dns = await startDnsPeer();
  sink = await startSmtpSink();
  const keys = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  platformPublicKey = keys.publicKey.toString("base64");
  const keyFile = path.join(mkdtempSync(path.join(tmpdir(), "shobai-dkim-")), "dkim.pem");
  writeFileSync(keyFile, keys.privateKey, { mode: 0o600 });
  ctx = await createTestApp({
    email: {
      providers: resolveEmailProviders({
        SMTP_URL: sink.url,
        EMAIL_FROM: `noreply@${PLATFORM}`,
        DKIM_PRIVATE_KEY_FILE: keyFile,
        DKIM_SELECTOR: "mail2026",
      }),
      from: `noreply@${PLATFORM}`,
      bounceDomain: BOUNCES,
      tickMs: null,
    },
    publicUrl: PUBLIC_URL,
    customDomains: { dnsServers: [dns.server] },
  });
  // The platform's zone, as the operator publishes it (README "Signing mail with DKIM").
  dns.set(`mail2026._domainkey.${PLATFORM}`, { TXT: [`v=DKIM1; k=rsa; p=${platformPublicKey}`] });
  dns.set(`_dmarc.${PLATFORM}`, { TXT: ["v=DMARC1; p=reject"] });
  dns.set(BOUNCES, { TXT: ["v=spf1 ip4:127.0.0.1 -all"] });
  // A mailbox provider with a strict policy, as gmail.com's is.
  dns.set("_dmarc.gmail.com", { TXT: ["v=DMARC1; p=quarantine"] });
});
afterAll(async () => {
  await ctx?.close();
  await sink?.close();
  await dns?.close();
});

/** What a receiving server on the other side concludes about one message. */
async function judge(raw: string, envelopeFrom: string) {
  const resolver = new Resolver();
  resolver.setServers([dns.server]);
  const result = await authenticate(raw, {
    ip: "127.0.0.1",
    helo: "mail.shobai.example",
    sender: envelopeFrom,
    mta: "mx.example.com",
    disableArc: true,
    disableBimi: true,
    resolver: (name: string, rr: string) => resolver.resolve(name, rr as "TXT") as Promise<never>,
  });
  return {
    dkim: result.dkim.results.map((r: { status: { result: string }; signingDomain: string }) => ({
      result: r.status.result,
      domain: r.signingDomain,
    })),
    spf: (result.spf as { status: { result: string } } | false)
      ? (result.spf as { status: { result: string } }).status.result
      : "none",
    dmarc: (result.dmarc as { status: { result: string }; domain: string }).status.result,
    dmarcDomain: (result.dmarc as { domain: string }).domain,
  };
}

async function linkIn(address: string, prefix: string): Promise<string> {
  const text = (await readMessage(sink.to(address).at(-1)?.raw ?? "")).text;
  const found = text.match(
    new RegExp(`${PUBLIC_URL.replace(/[./]/g, "\\$&")}(${prefix.replace(/[/]/g, "\\/")}[^\\s]+)`),
  )?.[1];
  if (!found) throw new Error(`no ${prefix} link in the mail to ${address}`);
  return found;
}

async function owner() {
  const client = new TestClient(ctx.app);
  const email = `owner-${Math.random().toString(36).slice(2)}@sakura.example.jp`;
  expect(
    (
      await client.post("/api/auth/register", {
        email,
        password: "correct horse battery",
        firstName: "花子",
        lastName: "佐藤",
      })
    ).statusCode,
  ).toBe(201);
  await ctx.app.inject({ method: "GET", url: await linkIn(email, "/api/auth/verify-email") });
  await ctx.app.services.auth.setPlan(email, "business");
  return client;
}

async function verifySender(client: TestClient, address: string) {
  expect((await client.post("/api/email/verify-sender", { email: address })).statusCode).toBe(200);
  await ctx.app.inject({ method: "GET", url: await linkIn(address, "/api/email/verify-sender/confirm") });
}

async function sendOne(client: TestClient, fromEmail: string, to: string) {
  const res = await client.post("/api/email/send", {
    to,
    subject: "ご予約の確認",
    content: "ご予約を承りました。",
    fromEmail,
  });
  expect(res.statusCode).toBe(200);
  const mail = sink.to(to).at(-1);
  if (!mail) throw new Error(`nothing reached ${to}`);
  return mail;
}

describe("DKIM, SPF and DMARC on the mail we send", () => {
  it("sends as the owner's own domain once its DKIM record is published, and via Shobai before", async () => {
    const client = await owner();
    await client.request({
      method: "PUT",
      url: "/api/email/settings",
      payload: { senderName: "さくら食堂", senderEmail: "", replyTo: "" },
    });
    const domain = `sakura${Math.random().toString(36).slice(2, 8)}.jp`;
    const sender = `info@${domain}`;
    await verifySender(client, sender);
    dns.set(`_dmarc.${domain}`, { TXT: ["v=DMARC1; p=reject"] });

    // Before: From the platform under the owner's name, replies to the owner; DMARC passes for us.
    const before = await sendOne(client, sender, "guest1@example.com");
    const read = await readMessage(before.raw);
    expect(read.header("from")).toContain(`noreply@${PLATFORM}`);
    expect(read.header("from")).toContain("さくら食堂 via Shobai");
    expect(read.header("reply-to")).toContain(sender);
    expect(before.from).toMatch(new RegExp(`^bounce\\+[0-9a-f]{64}@${BOUNCES.replace(/\./g, "\\.")}$`));
    expect(await judge(before.raw, before.from)).toMatchObject({
      dkim: [{ result: "pass", domain: PLATFORM }],
      spf: "pass",
      dmarc: "pass",
      dmarcDomain: PLATFORM,
    });

    // The owner adds the domain: a key of its own and the record to publish.
    const added = await client.post("/api/email/domains", { domain: domain.toUpperCase() });
    expect(added.statusCode).toBe(201);
    const record = added.json().records.find((r: { purpose: string }) => r.purpose === "dkim");
    expect(record.name).toMatch(
      new RegExp(`^shobai[0-9a-f]{6}\\._domainkey\\.${domain.replace(/\./g, "\\.")}$`),
    );
    expect(record.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    // Not published yet: the check says so and nothing changes.
    const early = (await client.post(`/api/email/domains/${added.json().id}/check`)).json();
    expect(early).toMatchObject({ status: "pending" });
    expect(early.problem).toBe("missing");
    // A wrong value is named as wrong.
    dns.set(record.name, { TXT: [`v=DKIM1; k=rsa; p=${platformPublicKey}`] });
    expect((await client.post(`/api/email/domains/${added.json().id}/check`)).json().problem).toBe(
      "mismatch",
    );
    dns.set(record.name, { TXT: [record.value] });
    const checked = (await client.post(`/api/email/domains/${added.json().id}/check`)).json();
    expect(checked).toMatchObject({ status: "verified", problem: null });

    // After: From the owner's address, signed d= their domain; DMARC aligned on their domain.
    const after = await sendOne(client, sender, "guest2@example.com");
    const readAfter = await readMessage(after.raw);
    expect(readAfter.header("from")).toContain(`さくら食堂`);
    expect(readAfter.header("from")).toContain(sender);
    expect(readAfter.header("from")).not.toContain("via Shobai");
    expect(await judge(after.raw, after.from)).toMatchObject({
      dkim: [{ result: "pass", domain }],
      spf: "pass",
      dmarc: "pass",
      dmarcDomain: domain,
    });

    // Someone else's account cannot see, check or remove it.
    const stranger = await owner();
    expect((await stranger.get("/api/email/domains")).json()).toEqual([]);
    expect((await stranger.post(`/api/email/domains/${added.json().id}/check`)).statusCode).toBe(404);
    expect((await stranger.delete(`/api/email/domains/${added.json().id}`)).statusCode).toBe(404);
  });

  it("checks the domain's SPF record for the platform's include and words the record to publish", async () => {
    const client = await owner();
    const domain = `spf${Math.random().toString(36).slice(2, 8)}.jp`;
    const added = (await client.post("/api/email/domains", { domain })).json();
    expect(added.spf).toBeNull();
    expect(added.spfInclude).toBe(`include:${BOUNCES}`);
    const check = async () => (await client.post(`/api/email/domains/${added.id}/check`)).json();
    const spfRecord = (d: { records: { purpose: string; name: string; value: string }[] }) =>
      d.records.find((r) => r.purpose === "spf");

    const none = await check();
    expect(none.spf).toBe("missing");
    expect(spfRecord(none)).toEqual({
      type: "TXT",
      name: domain,
      value: `v=spf1 include:${BOUNCES} ~all`,
      purpose: "spf",
    });

    dns.set(domain, { TXT: ["google-site-verification=abc", "v=spf1 include:_spf.google.com -all"] });
    const without = await check();
    expect(without.spf).toBe("no_include");
    expect(spfRecord(without)?.value).toBe(`v=spf1 include:_spf.google.com include:${BOUNCES} -all`);

    dns.set(domain, { TXT: [`v=spf1 include:_spf.google.com include:${BOUNCES} -all`] });
    const fine = await check();
    expect(fine.spf).toBe("ok");
    expect(spfRecord(fine)).toBeUndefined();
    expect((await client.get("/api/email/domains")).json()[0].spf).toBe("ok");
  });

  it("always sends a free-mail address via Shobai, which DMARC accepts", async () => {
    const client = await owner();
    const gmail = `cafe.yamada.${Math.random().toString(36).slice(2, 8)}@gmail.com`;
    await verifySender(client, gmail);
    const refused = await client.post("/api/email/domains", { domain: "gmail.com" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("free_mail_domain");

    const mail = await sendOne(client, gmail, "guest3@example.com");
    const read = await readMessage(mail.raw);
    expect(read.header("from")).toContain(`${gmail} via Shobai`);
    expect(read.header("reply-to")).toContain(gmail);
    expect(await judge(mail.raw, mail.from)).toMatchObject({
      dkim: [{ result: "pass", domain: PLATFORM }],
      dmarc: "pass",
      dmarcDomain: PLATFORM,
    });
  });

  it("signs the platform's own mail (sign-up confirmation) with its key", async () => {
    const email = `new-${Math.random().toString(36).slice(2)}@example.org`;
    await new TestClient(ctx.app).post("/api/auth/register", {
      email,
      password: "correct horse battery",
      firstName: "一郎",
      lastName: "鈴木",
    });
    const mail = sink.to(email)[0];
    expect(mail).toBeDefined();
    expect((await judge(mail!.raw, mail!.from)).dkim).toEqual([{ result: "pass", domain: PLATFORM }]);
  });
});
