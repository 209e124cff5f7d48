import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, TestClient, type TestContext } from "../../testing/test-app";
import { verifySenderThroughOutbox } from "../../testing/verified-sender";

/**
 * Issue 22: email that is lawful in Japan (特定電子メール法) and safe to press. Recorded consent
 * gates every campaign, the footer names the sender, preview and test send, scheduling on a fake
 * clock, audience counts with exclusions, and the contact's timeline.
 */
let ctx: TestContext;
let clock = Date.now();
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestApp({
    email: { tickMs: null, now: () => new Date(clock) },
    now: () => new Date(clock),
    publicUrl: "http://shobai.test",
  });
});
afterAll(async () => {
  await ctx?.close();
});

type Client = TestClient;
type Mail = { to: string; subject: string; text: string; html: string; headers: Record<string, string> };
const outbox = async (client: Client): Promise<Mail[]> => (await client.get("/api/email/outbox")).json();
const tick = () => ctx.app.services.campaigns.tick();
let n = 0;

/** An owner on a paid plan with a verified sender and the sender details filled in. */
async function readyOwner() {
  const signed = await signedInClient(ctx.app);
  await ctx.app.services.auth.setPlan(signed.email, "business");
  const from = `news${++n}@sakura.example.jp`;
  await verifySenderThroughOutbox(ctx.app, signed.client, from, "http://shobai.test");
  return { ...signed, from };
}

async function contactId(client: Client, email: string): Promise<string> {
  const list = (await client.get(`/api/contacts?q=${encodeURIComponent(email)}`)).json() as { id: string }[];
  const id = list[0]?.id;
  if (!id) throw new Error(`no contact ${email}`);
  return id;
}

async function newsletter(client: Client, from: string, extra: Record<string, unknown> = {}) {
  const created = await client.post("/api/email-campaigns", {
    name: `春のお知らせ${++n}`,
    type: "newsletter",
    subject: "{{lastName}}様へ春のお知らせ",
    content: "{{lastName}} {{firstName}}様\n\n新作はこちら: https://sakura.example.jp/new",
    fromEmail: from,
    ...extra,
  });
  expect(created.statusCode).toBe(201);
  return created.json().id as string;
}

describe("consent gates campaigns", () => {
  it("only opted-in contacts get a campaign; the audience count says who is left out and why", async () => {
    const { client, from } = await readyOwner();
    await client.post("/api/contacts", {
      firstName: "同意",
      lastName: "済",
      email: "yes@example.jp",
      consentText: "店頭で記入",
    });
    await client.post("/api/contacts", { firstName: "不明", lastName: "未", email: "unknown@example.jp" });
    await client.post("/api/contacts", {
      firstName: "停止",
      lastName: "済",
      email: "out@example.jp",
      consentText: "申込書",
    });
    const out = await contactId(client, "out@example.jp");
    const optOut = await client.post(`/api/contacts/${out}/consent`, { state: "opted_out" });
    expect(optOut.statusCode).toBe(200);
    expect(optOut.json()).toMatchObject({ marketingConsent: "opted_out", consentSource: "manual" });

    const id = await newsletter(client, from);
    const audience = (await client.get(`/api/email-campaigns/${id}/audience`)).json();
    expect(audience).toEqual({
      matching: 3,
      included: 1,
      excluded: { noConsent: 1, pending: 0, optedOut: 1, suppressed: 0 },
    });
    expect((await client.patch(`/api/email-campaigns/${id}`, { isActive: true })).statusCode).toBe(200);
    await tick();
    const mails = (await outbox(client)).filter(
      (m) => m.to.endsWith("@example.jp") && m.subject.includes("春"),
    );
    expect(mails.map((m) => m.to)).toEqual(["yes@example.jp"]);
  });

  it("records a consent with how it was given, keeps the history, and refuses one without it", async () => {
    const { client } = await readyOwner();
    await client.post("/api/contacts", { firstName: "花子", email: "hanako@example.jp" });
    const id = await contactId(client, "hanako@example.jp");
    const bare = await client.post(`/api/contacts/${id}/consent`, { state: "opted_in" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe("validation_error");
    clock += 1000;
    const given = await client.post(`/api/contacts/${id}/consent`, {
      state: "opted_in",
      text: "イベント会場の用紙で「お知らせを受け取る」に記入",
    });
    expect(given.json()).toMatchObject({
      marketingConsent: "opted_in",
      consentSource: "manual",
      consentText: "イベント会場の用紙で「お知らせを受け取る」に記入",
    });
    clock += 1000;
    await client.post(`/api/contacts/${id}/consent`, { state: "opted_out" });
    const detail = (await client.get(`/api/contacts/${id}`)).json();
    const changes = detail.activities.filter((a: { type: string }) => a.type === "consent_changed");
    expect(
      changes.map((a: { data: Record<string, string> }) => [a.data.from, a.data.to, a.data.source]),
    ).toEqual([
      ["opted_in", "opted_out", "manual"],
      ["unknown", "opted_in", "manual"],
    ]);
    // Another owner can neither see nor change it.
    const other = await signedInClient(ctx.app);
    const theirs = await other.client.post(`/api/contacts/${id}/consent`, { state: "opted_in", text: "x" });
    expect(theirs.statusCode).toBe(404);
    expect(
      (await new TestClient(ctx.app).post(`/api/contacts/${id}/consent`, { state: "opted_out" })).statusCode,
    ).toBe(401);
  });

  it("an import records the basis its owner declared, or none", async () => {
    const { client } = await readyOwner();
    const csv = (email: string) => `名,姓,メール\n太郎,山田,${email}\n`;
    const post = (query: string, body: string) =>
      client.request({
        method: "POST",
        url: `/api/contacts/import${query}`,
        payload: body,
        headers: { "content-type": "text/csv" },
      });
    expect((await post("", csv("plain@example.jp"))).json().imported).toBe(1);
    const noNote = await post("?basis=consented", csv("x@example.jp"));
    expect(noNote.statusCode).toBe(400);
    const bad = await post("?basis=everyone", csv("x@example.jp"));
    expect(bad.statusCode).toBe(400);
    const ok = await post(
      `?basis=consented&note=${encodeURIComponent("会員登録時の同意（2025年）")}`,
      csv("member@example.jp"),
    );
    expect(ok.json().imported).toBe(1);
    const [plain] = (await client.get("/api/contacts?q=plain@example.jp")).json();
    expect(plain).toMatchObject({ marketingConsent: "unknown", consentSource: null });
    const [member] = (await client.get("/api/contacts?q=member@example.jp")).json();
    expect(member).toMatchObject({
      marketingConsent: "opted_in",
      consentSource: "import",
      consentText: "会員登録時の同意（2025年）",
    });
  });
});

describe("sender details and the footer", () => {
  it("a campaign cannot start without them; every email carries them in the campaign's language", async () => {
    const signed = await signedInClient(ctx.app);
    await ctx.app.services.auth.setPlan(signed.email, "business");
    const { client } = signed;
    const from = `bare${++n}@sakura.example.jp`;
    await client.post("/api/email/verify-sender", { email: from });
    const mail = (await outbox(client)).find((m) => m.to === from);
    const link = mail?.text.match(
      /http:\/\/shobai\.test(\/api\/email\/verify-sender\/confirm\?token=[\w-]+)/,
    )?.[1];
    await ctx.app.inject({ method: "GET", url: link ?? "" });
    await client.post("/api/contacts", {
      firstName: "John",
      lastName: "Smith",
      email: "john@example.com",
      consentText: "web",
    });
    const id = await newsletter(client, from, { language: "en" });
    const refused = await client.patch(`/api/email-campaigns/${id}`, { isActive: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("sender_details_missing");
    await client.put("/api/email/settings", {
      senderName: "Sakura Shokudo",
      senderEmail: "",
      replyTo: "",
      postalAddress: "1-2-3 Jingumae, Shibuya, Tokyo 150-0001",
      contactPoint: "help@sakura.example.jp",
    });
    expect((await client.patch(`/api/email-campaigns/${id}`, { isActive: true })).statusCode).toBe(200);
    await tick();
    const sent = (await outbox(client)).find((m) => m.to === "john@example.com");
    expect(sent?.text).toContain("Sender: Sakura Shokudo");
    expect(sent?.text).toContain("Address: 1-2-3 Jingumae, Shibuya, Tokyo 150-0001");
    expect(sent?.text).toContain("Contact: help@sakura.example.jp");
    expect(sent?.text).toMatch(/Unsubscribe: http:\/\/shobai\.test\/e\/u\/[a-f0-9]+/);
    expect(sent?.html).toContain('<a href="mailto:help@sakura.example.jp"');
    expect(sent?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });
});

describe("pressing send safely", () => {
  it("previews with a chosen contact's values and sends a test to the owner only", async () => {
    const { client, email, from } = await readyOwner();
    await client.post("/api/contacts", {
      firstName: "一郎",
      lastName: "鈴木",
      email: "ichiro@example.jp",
      consentText: "店頭",
    });
    const contact = await contactId(client, "ichiro@example.jp");
    const id = await newsletter(client, from);
    const preview = (await client.post(`/api/email-campaigns/${id}/preview`, { contactId: contact })).json();
    expect(preview.subject).toBe("鈴木様へ春のお知らせ");
    expect(preview.html).toContain("鈴木 一郎様");
    expect(preview.html).toContain('href="https://sakura.example.jp/new"');
    expect(preview.text).toContain("住所: 〒150-0001 東京都渋谷区神宮前1-2-3");
    const example = (await client.post(`/api/email-campaigns/${id}/preview`, {})).json();
    expect(example.subject).toBe("山田様へ春のお知らせ");
    // Another owner's contact is not found; another owner cannot preview this campaign.
    const other = await signedInClient(ctx.app);
    expect((await other.client.post(`/api/email-campaigns/${id}/preview`, {})).statusCode).toBe(404);
    expect((await client.post(`/api/email-campaigns/${id}/preview`, { contactId: "nope" })).statusCode).toBe(
      404,
    );

    const test = await client.post(`/api/email-campaigns/${id}/test`, {});
    expect(test.statusCode).toBe(200);
    const mails = await outbox(client);
    const toOwner = mails.filter((m) => m.subject.startsWith("[TEST]"));
    expect(toOwner.map((m) => m.to)).toEqual([email]);
    expect(mails.filter((m) => m.to === "ichiro@example.jp")).toEqual([]);
    const campaigns = (await client.get("/api/email-campaigns")).json() as { id: string; state: string }[];
    expect(campaigns.find((c) => c.id === id)?.state).toBe("draft");
    expect((await other.client.post(`/api/email-campaigns/${id}/test`, {})).statusCode).toBe(404);
  });

  it("a scheduled campaign starts once at its time; a cancelled one never", async () => {
    const { client, from } = await readyOwner();
    await client.post("/api/contacts", {
      firstName: "次郎",
      lastName: "田中",
      email: "jiro@example.jp",
      consentText: "店頭",
    });
    const id = await newsletter(client, from);
    const past = await client.patch(`/api/email-campaigns/${id}`, {
      scheduledAt: new Date(clock - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe("schedule_in_past");
    const at = new Date(clock + 2 * HOUR);
    const scheduled = await client.patch(`/api/email-campaigns/${id}`, { scheduledAt: at.toISOString() });
    expect(scheduled.json()).toMatchObject({
      state: "scheduled",
      scheduledAt: at.toISOString(),
      isActive: false,
    });

    const cancelled = await newsletter(client, from);
    await client.patch(`/api/email-campaigns/${cancelled}`, { scheduledAt: at.toISOString() });
    const back = await client.patch(`/api/email-campaigns/${cancelled}`, { scheduledAt: null });
    expect(back.json()).toMatchObject({ state: "draft", scheduledAt: null });

    const toJiro = async () => (await outbox(client)).filter((m) => m.to === "jiro@example.jp");
    clock += HOUR;
    await tick();
    expect(await toJiro()).toEqual([]);
    clock += HOUR + 1000;
    await tick();
    await tick();
    expect(await toJiro()).toHaveLength(1);
    clock += 24 * HOUR;
    await tick();
    expect(await toJiro()).toHaveLength(1);
    const list = (await client.get("/api/email-campaigns")).json() as { id: string; state: string }[];
    expect(list.find((c) => c.id === id)?.state).toBe("sent");
    expect(list.find((c) => c.id === cancelled)?.state).toBe("draft");
  });
});

describe("the contact's timeline", () => {
  it("shows the email sent, its open and click, the unsubscribe and the consent changes", async () => {
    const { client, from } = await readyOwner();
    await client.post("/api/contacts", {
      firstName: "三郎",
      lastName: "佐藤",
      email: "saburo@example.jp",
      consentText: "店頭",
    });
    const id = await newsletter(client, from, { trackOpens: true });
    await client.patch(`/api/email-campaigns/${id}`, { isActive: true });
    await tick();
    const mail = (await outbox(client)).find((m) => m.to === "saburo@example.jp");
    const token = mail?.text.match(/\/e\/u\/([a-f0-9]+)/)?.[1] ?? "";
    const click = mail?.html.match(/http:\/\/shobai\.test(\/e\/c\/[a-f0-9]+\/[a-f0-9]+)/)?.[1] ?? "";
    expect((await ctx.app.inject({ method: "GET", url: `/e/o/${token}.gif` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "GET", url: click })).statusCode).toBe(302);
    // One-click unsubscribe (RFC 8058) as a mail client posts it.
    const unsub = await ctx.app.inject({
      method: "POST",
      url: `/e/u/${token}`,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(unsub.statusCode).toBeLessThan(400);
    const contact = await contactId(client, "saburo@example.jp");
    const detail = (await client.get(`/api/contacts/${contact}`)).json();
    const types = (detail.activities as { type: string }[]).map((a) => a.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "email_sent",
        "email_opened",
        "email_clicked",
        "unsubscribed",
        "consent_changed",
      ]),
    );
    expect(types.filter((t) => t === "email_opened")).toHaveLength(1);
    const sent = (detail.activities as { type: string; data: Record<string, string> }[]).find(
      (a) => a.type === "email_sent",
    );
    expect(sent?.data.subject).toBe("佐藤様へ春のお知らせ");
    expect(detail.marketingConsent).toBe("opted_out");
    expect(detail.consentSource).toBe("unsubscribe");
  });
});

describe("verified senders", () => {
  it("lists the account's senders with their status and removes one, for its owner only", async () => {
    const { client, from } = await readyOwner();
    await client.post("/api/email/verify-sender", { email: `pending${++n}@sakura.example.jp` });
    const list = (await client.get("/api/email/senders")).json() as {
      id: string;
      email: string;
      status: string;
    }[];
    expect(list.map((s) => s.status).sort()).toEqual(["pending", "verified"]);
    const verified = list.find((s) => s.email === from);
    const other = await signedInClient(ctx.app);
    expect((await other.client.get("/api/email/senders")).json()).toEqual([]);
    expect(
      (await other.client.request({ method: "DELETE", url: `/api/email/senders/${verified?.id}` }))
        .statusCode,
    ).toBe(404);
    expect((await new TestClient(ctx.app).get("/api/email/senders")).statusCode).toBe(401);
    expect(
      (await client.request({ method: "DELETE", url: `/api/email/senders/${verified?.id}` })).statusCode,
    ).toBe(204);
    expect((await client.get(`/api/email/verification-status/${from}`)).json().verified).toBe(false);
    expect((await client.get("/api/email/senders")).json()).toHaveLength(1);
  });
});
