import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
import { verifySenderThroughOutbox } from "../../testing/verified-sender";

// Attacks on email sending (issues 15 and 28), tried as an attacker would, through the real API.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ email: { tickMs: null }, publicUrl: "http://shobai.test" });
});
afterAll(async () => {
  await ctx?.close();
});

type Client = Awaited<ReturnType<typeof signedInClient>>["client"];
type Mail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

const outbox = async (client: Client): Promise<Mail[]> => (await client.get("/api/email/outbox")).json();
const tick = () => ctx.app.services.campaigns.tick();
let addresses = 0;
/** A fresh verified sender of this owner (one verification mail per address and hour). */
async function verifiedSender(client: Client): Promise<string> {
  addresses += 1;
  const email = `shop${addresses}@example.jp`;
  const { location } = await verifySenderThroughOutbox(ctx.app, client, email, "http://shobai.test");
  expect(location).toBe(`/email-management?verified=${encodeURIComponent(email)}`);
  return email;
}

async function runningWelcome(client: Client, fromEmail: string, content = "ようこそ") {
  const campaign = (
    await client.post("/api/email-campaigns", { name: "ようこそ", subject: "ようこそ", content, fromEmail })
  ).json();
  const started = await client.patch(`/api/email-campaigns/${campaign.id}`, { isActive: true });
  expect(started.json().state).toBe("active");
  return campaign.id as string;
}

const campaignOf = async (client: Client, id: string) =>
  (await client.get("/api/email-campaigns")).json().find((c: { id: string }) => c.id === id);

describe("a campaign sends only from a sender verified at send time", () => {
  it("refuses to switch a running campaign to an unverified address", async () => {
    const { client } = await signedInClient(ctx.app);
    const from = await verifiedSender(client);
    const id = await runningWelcome(client, from);
    const switched = await client.patch(`/api/email-campaigns/${id}`, {
      fromEmail: "ceo@victim-bank.example",
    });
    expect(switched.statusCode).toBe(403);
    expect(switched.json().code).toBe("sender_unverified");
    expect((await campaignOf(client, id)).fromEmail).toBe(from);
    // Switching to another verified address of the same owner is fine.
    const other = await verifiedSender(client);
    expect((await client.patch(`/api/email-campaigns/${id}`, { fromEmail: other })).statusCode).toBe(200);

    await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "花子",
      lastName: "山田",
      email: "victim1@example.jp",
    });
    await tick();
    const mails = (await outbox(client)).filter((m) => m.to === "victim1@example.jp");
    // Its domain is not authenticated (no DKIM key of the owner's): From the platform, replies to it.
    // (The display name is the sender name of the settings, which campaigns now require.)
    expect(mails.map((m) => m.from)).toEqual(["さくら商店 via Shobai <noreply@shobai.localhost>"]);
    expect(mails[0]?.headers["Reply-To"]).toBe(`さくら商店 <${other}>`);
  });

  it("stops a running campaign, sending nothing, when the settings' sender becomes unverified", async () => {
    const { client } = await signedInClient(ctx.app);
    const from = await verifiedSender(client);
    await client.request({
      method: "PUT",
      url: "/api/email/settings",
      payload: { senderName: "銀行", senderEmail: from, replyTo: "" },
    });
    // No address of its own: the campaign sends from the settings' sender.
    const id = await runningWelcome(client, "");
    const changed = await client.request({
      method: "PUT",
      url: "/api/email/settings",
      payload: { senderName: "銀行", senderEmail: "ceo@victim-bank.example", replyTo: "" },
    });
    expect(changed.statusCode).toBe(200);
    await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "太郎",
      lastName: "鈴木",
      email: "victim2@example.jp",
    });
    await tick();
    expect((await outbox(client)).filter((m) => m.to === "victim2@example.jp")).toEqual([]);
    const campaign = await campaignOf(client, id);
    expect(campaign).toMatchObject({ isActive: false, state: "stopped", stopReason: "sender_unverified" });
    expect(campaign.stats.pending).toBe(1);

    // Back on a verified sender, starting again sends the waiting email from it.
    await client.request({
      method: "PUT",
      url: "/api/email/settings",
      payload: { senderName: "銀行", senderEmail: from, replyTo: "" },
    });
    const restarted = (await client.patch(`/api/email-campaigns/${id}`, { isActive: true })).json();
    expect(restarted).toMatchObject({ state: "active", stopReason: null });
    await tick();
    const sent = (await outbox(client)).filter((m) => m.to === "victim2@example.jp");
    expect(sent.map((m) => m.from)).toEqual(["銀行 via Shobai <noreply@shobai.localhost>"]);
    expect(sent[0]?.headers["Reply-To"]).toBe(`銀行 <${from}>`);
  });

  it("checks again for every batch, whatever changed the address", async () => {
    const { client } = await signedInClient(ctx.app);
    const from = await verifiedSender(client);
    const id = await runningWelcome(client, from);
    await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "次郎",
      lastName: "鈴木",
      email: "victim3@example.jp",
    });
    // A write that skips the API's check (another process, an old version, an admin script).
    await ctx.db.rows(`UPDATE email_campaigns SET from_email = 'ceo@victim-bank.example' WHERE id = '${id}'`);
    await tick();
    expect((await outbox(client)).filter((m) => m.to === "victim3@example.jp")).toEqual([]);
    expect(await campaignOf(client, id)).toMatchObject({ state: "stopped", stopReason: "sender_unverified" });
  });
});

describe("text a visitor typed never becomes a link (issue 28)", () => {
  it("keeps a URL in a contact's name as escaped text, outside the campaign's link set", async () => {
    const { client } = await signedInClient(ctx.app);
    const from = await verifiedSender(client);
    const id = await runningWelcome(
      client,
      from,
      "{{firstName}} {{lastName}}様\n\nメニュー: https://sakura.example.jp/menu\n\n<b>{{company}}</b>",
    );
    await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "当選 http://evil.example/win",
      lastName: "<a href='http://evil.example/x'>x</a>",
      company: "https://evil.example/co",
      email: "visitor@example.jp",
    });
    await tick();
    const [mail] = (await outbox(client)).filter((m) => m.to === "visitor@example.jp");
    expect(mail).toBeDefined();
    const html = String(mail?.html);
    const anchors = [...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);
    // The owner's menu link, the footer's contact point and the unsubscribe link: nothing else is a link.
    expect(anchors).toHaveLength(3);
    expect(anchors.join(" ")).not.toContain("evil");
    expect(html).toContain(
      "当選 http://evil.example/win &lt;a href=&#39;http://evil.example/x&#39;&gt;x&lt;/a&gt;様",
    );
    expect(html).toContain("&lt;b&gt;https://evil.example/co&lt;/b&gt;");
    const links = await ctx.db.rows<{ url: string }>(
      `SELECT url FROM email_links WHERE campaign_id = '${id}'`,
    );
    expect(links.map((l) => l.url)).toEqual(["https://sakura.example.jp/menu"]);

    // The click link leads to the menu; no id of this email leads to the visitor's URL.
    const click = html.match(/href="http:\/\/shobai\.test(\/e\/c\/[a-f0-9]+\/[a-f0-9]{16})"/)?.[1];
    const followed = await ctx.app.inject({ method: "GET", url: String(click) });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe("https://sakura.example.jp/menu");
  });

  it("follows a link id only within its own campaign", async () => {
    const { client } = await signedInClient(ctx.app);
    const from = await verifiedSender(client);
    await runningWelcome(client, from, "https://owner-a.example.jp/");
    const { client: other } = await signedInClient(ctx.app);
    await runningWelcome(other, await verifiedSender(other), "https://owner-b.example.jp/");
    await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "一",
      lastName: "A",
      email: "a-reader@example.jp",
    });
    await other.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "二",
      lastName: "B",
      email: "b-reader@example.jp",
    });
    await tick();
    const clickOf = async (c: Client, to: string) =>
      (await outbox(c))
        .find((m) => m.to === to)
        ?.html.match(/href="http:\/\/shobai\.test\/e\/c\/([a-f0-9]+)\/([a-f0-9]{16})"/)
        ?.slice(1) as [string, string];
    const [tokenA] = await clickOf(client, "a-reader@example.jp");
    const [, linkB] = await clickOf(other, "b-reader@example.jp");
    const mixed = await ctx.app.inject({ method: "GET", url: `/e/c/${tokenA}/${linkB}` });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.headers.location).toBeUndefined();
  });
});

describe("sender verification mails are limited (issue 28)", () => {
  it("sends at most 5 an hour per account and one an hour per address", async () => {
    const { client } = await signedInClient(ctx.app);
    for (let i = 1; i <= 5; i++) {
      expect(
        (await client.post("/api/email/verify-sender", { email: `target${i}@example.jp` })).statusCode,
      ).toBe(200);
    }
    const sixth = await client.post("/api/email/verify-sender", { email: "target6@example.jp" });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: "rate_limited", message: expect.stringContaining("5") });
    // Another account cannot mail an address that just got one either.
    const { client: other } = await signedInClient(ctx.app);
    const same = await other.post("/api/email/verify-sender", { email: "TARGET1@example.jp" });
    expect(same.statusCode).toBe(429);
    expect(same.json().code).toBe("rate_limited");
    expect((await other.post("/api/email/verify-sender", { email: "target7@example.jp" })).statusCode).toBe(
      200,
    );
    const mailed = await ctx.db.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_outbox WHERE to_address LIKE 'target%@example.jp'`,
    );
    expect(mailed[0]?.n).toBe(6);
  });
});
