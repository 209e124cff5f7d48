import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveEmailProviders } from "../../providers/email/config";
import { createEmailProvider } from "../../providers/email/create-email-provider";
import { claimAndDie } from "../../testing/dying-engine";
import { createTestApp, signedInClient, TestClient, type TestContext } from "../../testing/test-app";
import { fillSenderDetails, verifySenderThroughOutbox } from "../../testing/verified-sender";
import { createCampaignEngine } from "./engine";
import { createDbOutboxStore } from "./outbox-store";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ email: { tickMs: null }, publicUrl: "http://shobai.test" });
});
afterAll(async () => {
  await ctx?.close();
});

type Client = Awaited<ReturnType<typeof signedInClient>>["client"];
type Outbox = { to: string; subject: string; text: string; html: string; headers: Record<string, string> }[];

const outbox = async (client: Client): Promise<Outbox> => (await client.get("/api/email/outbox")).json();

/** Verifies a sender through the real flow: the link arrives in the outbox and is opened. */
let senders = 0;
/** Verifies a sender (a fresh address by default: one verification mail per address and hour). */
async function verifiedSender(client: Client, email = `sender${++senders}@example.jp`) {
  const { location } = await verifySenderThroughOutbox(ctx.app, client, email, "http://shobai.test");
  expect(location).toBe(`/email-management?verified=${encodeURIComponent(email)}`);
  return email;
}

const tick = () => ctx.app.services.campaigns.tick();

describe("service status and senders", () => {
  it("reports the outbox as the active provider, to signed-in owners only", async () => {
    const anonymous = await new TestClient(ctx.app).get("/api/email/service-status");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("unauthorized");
    const { client } = await signedInClient(ctx.app);
    const status = (await client.get("/api/email/service-status")).json();
    expect(status).toEqual({
      providers: { outbox: true, smtp: false, resend: false, sendgrid: false },
      activeProvider: "outbox",
      recommendation: expect.stringContaining("SMTP_URL"),
    });
  });

  it("verifies a sender by the emailed link, per owner, and refuses a bad link", async () => {
    const { client } = await signedInClient(ctx.app);
    const before = (await client.get("/api/email/verification-status/shop@example.jp")).json();
    expect(before).toEqual({ email: "shop@example.jp", status: "unverified", verified: false });
    await client.post("/api/email/verify-sender", { email: "Shop@Example.jp" });
    expect((await client.get("/api/email/verification-status/shop@example.jp")).json().status).toBe(
      "pending",
    );
    // The link from that first email verifies it (asking again within the hour is refused).
    const again = await client.post("/api/email/verify-sender", { email: "shop@example.jp" });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe("rate_limited");
    const link = (await outbox(client))[0]?.text.match(
      /http:\/\/shobai\.test(\/api\/email\/verify-sender\/confirm\?token=[\w-]+)/,
    )?.[1];
    const confirmed = await ctx.app.inject({ method: "GET", url: String(link) });
    expect(confirmed.headers.location).toBe("/email-management?verified=shop%40example.jp");
    expect((await client.get("/api/email/verification-status/SHOP@example.jp")).json()).toMatchObject({
      status: "verified",
      verified: true,
    });
    const other = await signedInClient(ctx.app);
    expect((await other.client.get("/api/email/verification-status/shop@example.jp")).json().verified).toBe(
      false,
    );
    // The other owner's outbox holds only its own sign-up confirmation, not this sender's mail.
    const othersMail = (await other.client.get("/api/email/outbox")).json() as { to: string }[];
    expect(othersMail.map((m) => m.to)).toEqual([other.email]);
    const bad = await ctx.app.inject({ method: "GET", url: "/api/email/verify-sender/confirm?token=nope" });
    expect(bad.headers.location).toBe("/email-management?verified=invalid");
    expect((await client.post("/api/email/verify-sender", { email: "not-an-email" })).statusCode).toBe(400);
  });
});

describe("sending one email", () => {
  it("needs a verified sender, delivers, and notes it in the contact's timeline", async () => {
    const { client } = await signedInClient(ctx.app);
    const contact = (
      await client.post("/api/contacts", {
        consentText: "店頭の申込書で同意",
        firstName: "太郎",
        lastName: "鈴木",
        email: "taro@example.jp",
      })
    ).json();
    const body = {
      to: "taro@example.jp",
      subject: "ご予約の確認",
      content: "明日18時にお待ちしております。",
      fromEmail: "reserve@example.jp",
    };
    const refused = await client.post("/api/email/send", body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "sender_unverified",
      message: expect.stringContaining("reserve@example.jp"),
    });

    await verifiedSender(client, "reserve@example.jp");
    const sent = await client.post("/api/email/send", body);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().success).toBe(true);
    const mail = (await outbox(client)).find((m) => m.subject === "ご予約の確認");
    expect(mail?.to).toBe("taro@example.jp");
    expect(mail?.text).toContain("明日18時");
    const detail = (await client.get(`/api/contacts/${contact.id}`)).json();
    expect(detail.activities.map((a: { type: string }) => a.type)).toContain("email_sent");

    const invalid = await client.post("/api/email/send", { ...body, subject: "" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain("subject");
    expect((await new TestClient(ctx.app).post("/api/email/send", body)).statusCode).toBe(401);
    expect((await client.get("/api/dashboard/stats")).json().totalEmails).toBe(1);
  });

  it("saves the email settings per owner", async () => {
    const { client } = await signedInClient(ctx.app);
    const settings = { senderName: "さくら食堂", senderEmail: "Shop@Example.jp", replyTo: "" };
    const saved = await client.request({ method: "PUT", url: "/api/email/settings", payload: settings });
    expect(saved.json()).toEqual({
      senderName: "さくら食堂",
      senderEmail: "shop@example.jp",
      replyTo: "",
      postalAddress: "",
      contactPoint: "",
    });
    // The sender details: a later save without them leaves them as they are.
    const details = {
      postalAddress: "東京都渋谷区神宮前1-2-3",
      contactPoint: "https://sakura.example.jp/contact",
    };
    await client.put("/api/email/settings", { ...settings, ...details });
    expect((await client.put("/api/email/settings", settings)).json()).toMatchObject(details);
    const badContact = await client.put("/api/email/settings", { ...settings, contactPoint: "call us" });
    expect(badContact.statusCode).toBe(400);
    expect((await client.get("/api/email/settings")).json().senderName).toBe("さくら食堂");
    const other = await signedInClient(ctx.app);
    expect((await other.client.get("/api/email/settings")).json()).toEqual({
      senderName: "",
      senderEmail: "",
      replyTo: "",
      postalAddress: "",
      contactPoint: "",
    });
    const bad = await client.request({
      method: "PUT",
      url: "/api/email/settings",
      payload: { ...settings, replyTo: "x" },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("campaigns", () => {
  it("refuses unknown variables and starting without a verified sender", async () => {
    const { client } = await signedInClient(ctx.app);
    const bad = await client.post("/api/email-campaigns", {
      name: "ようこそ",
      subject: "{{firstName}}様",
      content: "{{nickname}}さん、こんにちは",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("{{nickname}}");
    const created = await client.post("/api/email-campaigns", {
      name: "ようこそ",
      subject: "ようこそ",
      content: "こんにちは",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ type: "welcome", isActive: false, state: "draft" });
    // The law's sender details come first: name, postal address, contact point.
    const noDetails = await client.patch(`/api/email-campaigns/${created.json().id}`, { isActive: true });
    expect(noDetails.statusCode).toBe(400);
    expect(noDetails.json().code).toBe("sender_details_missing");
    expect(noDetails.json().message).toContain("postalAddress");
    await fillSenderDetails(client);
    const start = await client.patch(`/api/email-campaigns/${created.json().id}`, { isActive: true });
    expect(start.statusCode).toBe(400);
    expect(start.json().code).toBe("sender_unverified");
  });

  it("welcomes each new contact once, with variables filled and escaped, tracking and unsubscribe", async () => {
    const { client } = await signedInClient(ctx.app);
    const from = await verifiedSender(client);
    const campaign = (
      await client.post("/api/email-campaigns", {
        name: "ご来店のお礼",
        type: "welcome",
        subject: "{{firstName}}様、ようこそ",
        content:
          "{{lastName}} {{firstName}}様（{{company}}）\n\nメニューはこちら: https://sakura.example.jp/menu?x=1&y=2",
        fromEmail: from,
        trackOpens: true,
      })
    ).json();
    // A contact from before the start is not welcomed; one after is, once.
    await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "古い",
      lastName: "客",
      email: "old@example.jp",
    });
    expect((await client.patch(`/api/email-campaigns/${campaign.id}`, { isActive: true })).json().state).toBe(
      "active",
    );
    await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "<b>花子</b>",
      lastName: "山田",
      email: "hanako@example.jp",
      company: "A&B",
    });
    await tick();
    await tick();
    const mails = (await outbox(client)).filter((m) => m.subject.includes("ようこそ"));
    expect(mails).toHaveLength(1);
    const mail = mails[0] as Outbox[number];
    expect(mail.to).toBe("hanako@example.jp");
    expect(mail.subject).toBe("<b>花子</b>様、ようこそ");
    expect(mail.text).toContain("山田 <b>花子</b>様（A&B）");
    expect(mail.html).toContain("山田 &lt;b&gt;花子&lt;/b&gt;様（A&amp;B）");
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // A welcome goes out by itself (RFC 3834), and names the owner's list (RFC 2919).
    expect(mail.headers["Auto-Submitted"]).toBe("auto-generated");
    expect(mail.headers["List-Id"]).toMatch(/^<[\w-]+\.shobai\.test>$/);
    expect(mail.html).toContain('<html lang="ja">');
    expect(mail.html).toContain("<title>&lt;b&gt;花子&lt;/b&gt;様、ようこそ</title>");
    const unsubscribe = mail.headers["List-Unsubscribe"]?.match(/<http:\/\/shobai\.test(\/e\/u\/\w+)>/)?.[1];
    expect(unsubscribe).toBeTruthy();

    // Open pixel and a click on a link that was in the email.
    const pixel = mail.html.match(/http:\/\/shobai\.test(\/e\/o\/\w+\.gif)/)?.[1];
    expect((await ctx.app.inject({ method: "GET", url: String(pixel) })).headers["content-type"]).toBe(
      "image/gif",
    );
    const click = mail.html
      .match(/href="http:\/\/shobai\.test(\/e\/c\/[^"]+)"/)?.[1]
      ?.replaceAll("&amp;", "&");
    const redirect = await ctx.app.inject({ method: "GET", url: String(click) });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe("https://sakura.example.jp/menu?x=1&y=2");
    // The link names an address of the campaign by id: no URL to swap, no open redirect.
    expect(String(click)).not.toContain("sakura.example.jp");
    const forged = `${String(click).replace(/\/[a-f0-9]{16}$/, "/0123456789abcdef")}`;
    expect((await ctx.app.inject({ method: "GET", url: forged })).statusCode).toBe(400);
    const oldForm = `${String(click).replace(/\/[a-f0-9]{16}$/, "")}?u=${encodeURIComponent("https://evil.example")}`;
    expect((await ctx.app.inject({ method: "GET", url: oldForm })).statusCode).toBe(400);
    const stats = (await client.get("/api/email-campaigns")).json()[0].stats;
    expect(stats).toMatchObject({
      recipients: 1,
      emailsSent: 1,
      opened: 1,
      clicked: 1,
      openRate: 100,
      clickRate: 100,
    });

    // One-click unsubscribe (RFC 8058 POST): later campaigns skip this person.
    const page = await ctx.app.inject({ method: "GET", url: String(unsubscribe) });
    expect(page.body).toContain("hanako@example.jp");
    const post = await ctx.app.inject({
      method: "POST",
      url: String(unsubscribe),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(post.statusCode).toBe(200);
    const news = (
      await client.post("/api/email-campaigns", {
        name: "秋の便り",
        type: "newsletter",
        subject: "秋の便り",
        content: "新メニュー",
        fromEmail: from,
      })
    ).json();
    await client.patch(`/api/email-campaigns/${news.id}`, { isActive: true });
    await tick();
    const sentTo = (await outbox(client)).filter((m) => m.subject === "秋の便り").map((m) => m.to);
    expect(sentTo).toEqual(["old@example.jp"]);
    const after = (await client.get("/api/email-campaigns"))
      .json()
      .find((c: { id: string }) => c.id === news.id);
    // The unsubscribed contact is opted out, so the newsletter's audience leaves them out from the start.
    expect(after).toMatchObject({
      state: "sent",
      isActive: false,
      stats: { recipients: 1, emailsSent: 1, failed: 0 },
    });
  });

  it("schedules followups for their day, filters by status, and keeps owners apart", async () => {
    const { client } = await signedInClient(ctx.app);
    const from = await verifiedSender(client);
    const campaign = (
      await client.post("/api/email-campaigns", {
        name: "3日後のご案内",
        type: "followup",
        followupDays: 3,
        audience: ["qualified"],
        subject: "その後いかがですか",
        content: "{{firstName}}様",
        fromEmail: from,
      })
    ).json();
    expect(campaign.followupDays).toBe(3);
    await client.patch(`/api/email-campaigns/${campaign.id}`, { isActive: true });
    await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "一郎",
      lastName: "田中",
      email: "ichiro@example.jp",
      status: "qualified",
    });
    await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "二郎",
      lastName: "田中",
      email: "jiro@example.jp",
      status: "new",
    });
    await tick();
    const rows = await ctx.db.rows<{ to_address: string; status: string; days: number }>(
      `SELECT d.to_address, d.status, round(extract(epoch FROM d.due_at - k.created_at) / 86400)::int AS days
       FROM email_deliveries d JOIN contacts k ON k.id = d.contact_id WHERE d.campaign_id = '${campaign.id}'`,
    );
    expect(rows).toEqual([{ to_address: "ichiro@example.jp", status: "pending", days: 3 }]);

    const other = await signedInClient(ctx.app);
    expect(
      (await other.client.patch(`/api/email-campaigns/${campaign.id}`, { isActive: false })).statusCode,
    ).toBe(404);
    expect((await other.client.delete(`/api/email-campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect((await other.client.get("/api/email-campaigns")).json()).toEqual([]);
    expect((await client.delete(`/api/email-campaigns/${campaign.id}`)).statusCode).toBe(204);
  });

  it("sends each recipient exactly once when a process dies mid-send and another takes over", async () => {
    const { client } = await signedInClient(ctx.app);
    const from = await verifiedSender(client);
    for (let i = 0; i < 5; i++) {
      await client.post("/api/contacts", {
        consentText: "店頭の申込書で同意",
        firstName: `客${i}`,
        lastName: "佐藤",
        email: `guest${i}@example.jp`,
      });
    }
    const news = (
      await client.post("/api/email-campaigns", {
        name: "冬の便り",
        type: "newsletter",
        subject: "冬の便り",
        content: "{{firstName}}様",
        fromEmail: from,
      })
    ).json();
    await client.patch(`/api/email-campaigns/${news.id}`, { isActive: true });
    const providers = resolveEmailProviders({});
    const engine = () =>
      createCampaignEngine({
        db: ctx.db.db,
        provider: createEmailProvider(providers, {
          outboxStore: createDbOutboxStore(ctx.db.db),
        }),
        publicUrl: "http://shobai.test",
        leaseMs: 0,
      });
    // The first process claims every email and dies before sending; a second one takes over.
    expect(await claimAndDie(ctx.db.db)).toHaveLength(5);
    const takeover = engine();
    expect(await takeover.tick()).toBe(5);
    expect(await takeover.tick()).toBe(0);
    const mails = (await outbox(client)).filter((m) => m.subject === "冬の便り");
    expect(mails.map((m) => m.to).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `guest${i}@example.jp`));
  });
});

describe("links, tracking and unsubscribe that keep working", () => {
  /** A newsletter from a verified sender to `emails`, sent; its outbox mails by address. */
  async function sentNewsletter(content: string, emails: string[], extra: Record<string, unknown> = {}) {
    const { client } = await signedInClient(ctx.app);
    const from = await verifiedSender(client);
    for (const [i, email] of emails.entries())
      await client.post("/api/contacts", { consentText: "店頭の申込書で同意", firstName: `客${i}`, email });
    const news = (
      await client.post("/api/email-campaigns", {
        name: "お知らせ",
        type: "newsletter",
        subject: "新メニューのお知らせ",
        content,
        fromEmail: from,
        ...extra,
      })
    ).json();
    await client.patch(`/api/email-campaigns/${news.id}`, { isActive: true });
    await tick();
    const mails = (await outbox(client)).filter((m) => m.subject === "新メニューのお知らせ");
    return { client, news, mails };
  }
  const linkOf = (mail: Outbox[number] | undefined, path: "c" | "u") =>
    mail?.html
      .match(new RegExp(`href="http://shobai\\.test(/e/${path}/[^"]+)"`))?.[1]
      ?.replaceAll("&amp;", "&");

  it("speaks the recipient's language: the footer and the unsubscribe pages", async () => {
    const { client } = await signedInClient(ctx.app);
    // The owner's interface is Indonesian; the contact wrote in no language of its own.
    expect((await client.patch("/api/profile", { language: "id" })).statusCode).toBe(200);
    const from = await verifiedSender(client);
    await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "Siti",
      email: "siti@example.co.id",
    });
    const news = (
      await client.post("/api/email-campaigns", {
        name: "Promo",
        type: "newsletter",
        subject: "Menu baru",
        content: "Halo {{firstName}}, menu baru kami sudah ada.",
        fromEmail: from,
      })
    ).json();
    await client.patch(`/api/email-campaigns/${news.id}`, { isActive: true });
    await tick();
    const mail = (await outbox(client)).find((m) => m.to === "siti@example.co.id");
    expect(mail?.html).toContain('<html lang="id">');
    expect(mail?.html).toContain(">Berhenti berlangganan</a>");
    expect(mail?.text).toContain("Berhenti berlangganan: http://shobai.test/e/u/");
    expect(mail?.html).not.toContain("配信停止");
    const link = linkOf(mail, "u");
    const page = await ctx.app.inject({ method: "GET", url: String(link) });
    expect(page.body).toContain('<html lang="id">');
    expect(page.body).toContain("Hentikan email ke siti@example.co.id?");
    const done = await ctx.app.inject({ method: "POST", url: String(link) });
    expect(done.body).toContain("siti@example.co.id tidak akan menerima email ini lagi.");
  });

  it("links Japanese addresses right and stops before the Japanese text that follows an address", async () => {
    const { mails } = await sentNewsletter(
      "メニューは https://sakura.example.jp/menuをご覧ください。\n予約: https://例え.jp/予約?日=土曜（お早めに）",
      ["links@example.jp"],
    );
    const html = mails[0]?.html ?? "";
    // The text after each address stays text.
    expect(html).toMatch(/>https:\/\/sakura\.example\.jp\/menu<\/a>をご覧ください。/);
    expect(html).toMatch(/>https:\/\/例え\.jp\/予約\?日=土曜<\/a>（お早めに）/);
    const clicks = [...html.matchAll(/href="http:\/\/shobai\.test(\/e\/c\/[^"]+)"/g)].map((m) => m[1] ?? "");
    expect(clicks).toHaveLength(2);
    const targets = [];
    for (const click of clicks) {
      const res = await ctx.app.inject({ method: "GET", url: click });
      expect(res.statusCode).toBe(302);
      targets.push(res.headers.location);
    }
    // The Location is a URI: punycode host, percent-encoded path and query.
    expect(targets).toEqual([
      "https://sakura.example.jp/menu",
      "https://xn--r8jz45g.jp/%E4%BA%88%E7%B4%84?%E6%97%A5=%E5%9C%9F%E6%9B%9C",
    ]);
  });

  it("leaves the open pixel out unless the campaign counts opens", async () => {
    const plain = await sentNewsletter("短いお知らせです。", ["plain@example.jp"]);
    expect(plain.mails[0]?.html).not.toContain("/e/o/");
    expect(plain.news.trackOpens).toBe(false);
    // A newsletter is no automatic mail.
    expect(plain.mails[0]?.headers["Auto-Submitted"]).toBeUndefined();
    const counted = await sentNewsletter("短いお知らせです。", ["counted@example.jp"], { trackOpens: true });
    expect(counted.mails[0]?.html).toMatch(/<img src="http:\/\/shobai\.test\/e\/o\/\w+\.gif"/);
  });

  it("takes one-click unsubscribes posted as multipart/form-data (RFC 8058's choice)", async () => {
    const { mails } = await sentNewsletter("お知らせ", ["multipart@example.jp"]);
    const unsubscribe = linkOf(mails[0], "u");
    const boundary = "----shobai";
    const res = await ctx.app.inject({
      method: "POST",
      url: String(unsubscribe),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM email_unsubscribes WHERE email = 'multipart@example.jp'",
    );
    expect(row?.n).toBe(1);
  });

  it("keeps the links of delivered mail working after the campaign is deleted, and drops what was not sent", async () => {
    const { client, news, mails } = await sentNewsletter(
      "詳しくは https://sakura.example.jp/news をどうぞ",
      ["kept1@example.jp", "kept2@example.jp"],
      { trackOpens: true },
    );
    expect(mails).toHaveLength(2);
    const mail = mails.find((m) => m.to === "kept1@example.jp");
    expect((await client.delete(`/api/email-campaigns/${news.id}`)).statusCode).toBe(204);
    expect((await client.get("/api/email-campaigns")).json()).toEqual([]);
    // Gone for its owner: it cannot be edited or started again.
    expect((await client.patch(`/api/email-campaigns/${news.id}`, { isActive: true })).statusCode).toBe(404);
    const click = await ctx.app.inject({ method: "GET", url: String(linkOf(mail, "c")) });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe("https://sakura.example.jp/news");
    const pixel = mail?.html.match(/http:\/\/shobai\.test(\/e\/o\/\w+\.gif)/)?.[1];
    expect((await ctx.app.inject({ method: "GET", url: String(pixel) })).statusCode).toBe(200);
    const unsubscribe = await ctx.app.inject({ method: "POST", url: String(linkOf(mail, "u")) });
    expect(unsubscribe.statusCode).toBe(200);
    expect(unsubscribe.body).toContain("kept1@example.jp");
  });
});
