import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postSiteForm, siteRequest } from "../../testing/site-requests";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
import { verifySenderThroughOutbox } from "../../testing/verified-sender";

let ctx: TestContext;
let clock = new Date();

beforeAll(async () => {
  ctx = await createTestApp({ email: { tickMs: null }, publicUrl: "http://shobai.test", now: () => clock });
});
afterAll(async () => {
  await ctx?.close();
});

type Client = Awaited<ReturnType<typeof signedInClient>>["client"];
type Mail = { to: string; subject: string; text: string; html: string };
const outbox = async (client: Client): Promise<Mail[]> => (await client.get("/api/email/outbox")).json();
const tick = () => ctx.app.services.campaigns.tick();
let visitors = 0;
const visitorAddress = () => `198.51.100.${++visitors}`;

/** An owner with a published site and a running welcome campaign from a verified sender. */
async function ownerWithWelcome(sender: string) {
  const owner = await signedInClient(ctx.app);
  await ctx.app.services.auth.setPlan(owner.email, "business");
  await verifySenderThroughOutbox(ctx.app, owner.client, sender, "http://shobai.test");
  const campaign = (
    await owner.client.post("/api/email-campaigns", {
      name: "ようこそ",
      subject: "{{firstName}}様、ようこそ",
      content: "季節のお知らせをお送りします。",
      fromEmail: sender,
    })
  ).json();
  expect(
    (await owner.client.patch(`/api/email-campaigns/${campaign.id}`, { isActive: true })).statusCode,
  ).toBe(200);
  const site = (
    await owner.client.post("/api/websites/generate", {
      businessName: "麺処 しぶや",
      businessDescription: "渋谷のラーメン店です。",
      languages: ["ja", "en"],
    })
  ).json() as { id: string; slug: string; name: string };
  return { ...owner, site };
}

const contactOf = async (client: Client, email: string) =>
  (
    (await client.get(`/api/contacts?q=${encodeURIComponent(email)}`)).json() as {
      id: string;
      marketingConsent: string;
    }[]
  )[0];

describe("the owner's wording of the consent box", () => {
  it("is shown on the published site per language and recorded as the consent text; empty falls back to the default", async () => {
    const { client, site } = await ownerWithWelcome("wording@example.jp");
    const draft = (await client.get(`/api/websites/${site.id}/draft`)).json() as {
      revision: number;
      content: { content: Record<string, { contact: Record<string, string> }> };
    };
    const content = structuredClone(draft.content);
    // New sites start with the default wording, which the owner can edit.
    expect(content.content.ja?.contact.consentLabel).toBe(
      "お知らせメール（新商品・キャンペーンなど）を受け取る。確認のメールをお送りします。",
    );
    content.content.ja!.contact.consentLabel = "しぶや通信（月1回の新メニュー案内）を受け取る";
    content.content.en!.contact.consentLabel = "";
    const saved = await client.put(`/api/websites/${site.id}/draft`, { revision: draft.revision, content });
    expect(saved.statusCode).toBe(200);
    expect(
      (await client.post(`/api/websites/${site.id}/publish`, { revision: saved.json().revision })).statusCode,
    ).toBe(200);

    const ja = (await siteRequest(ctx.app, site.slug, { url: "/ja/" })).body;
    expect(ja).toContain('<label for="f-consent">しぶや通信（月1回の新メニュー案内）を受け取る</label>');
    const en = (await siteRequest(ctx.app, site.slug, { url: "/en/" })).body;
    expect(en).toContain(
      '<label for="f-consent">Send me news by email (new products, offers). We will email you to confirm first.</label>',
    );

    const form = await postSiteForm(
      ctx.app,
      site.slug,
      {
        name: "鈴木 一郎",
        email: "ichiro.w@example.jp",
        message: "予約できますか",
        lang: "ja",
        consent: "yes",
      },
      { remoteAddress: visitorAddress() },
    );
    expect(form.statusCode).toBe(303);
    const contact = await contactOf(client, "ichiro.w@example.jp");
    const detail = (await client.get(`/api/contacts/${contact?.id}`)).json() as {
      activities: { type: string; data: Record<string, string> }[];
    };
    expect(detail.activities.find((a) => a.type === "consent_requested")?.data.text).toBe(
      "しぶや通信（月1回の新メニュー案内）を受け取る",
    );
  });
});

describe("marketing consent of site-form visitors (double opt-in)", () => {
  it("an enquiry alone is no consent: the visitor gets no campaign mail", async () => {
    const { client, site } = await ownerWithWelcome("welcome1@example.jp");
    await client.post("/api/contacts", {
      firstName: "常連",
      email: "regular@example.jp",
      consentText: "店頭の申込書で同意",
    });
    // Added by the owner without a recorded consent: no campaign mail either (特定電子メール法).
    await client.post("/api/contacts", { firstName: "名刺", email: "card@example.jp" });
    const form = await postSiteForm(
      ctx.app,
      site.slug,
      { name: "山田 花子", email: "hanako@example.jp", message: "予約できますか", lang: "ja" },
      { remoteAddress: visitorAddress() },
    );
    expect(form.statusCode).toBe(303);
    await tick();
    const mails = await outbox(client);
    expect(mails.filter((m) => m.to === "hanako@example.jp")).toEqual([]);
    expect(mails.filter((m) => m.to === "card@example.jp")).toEqual([]);
    // The owner's contact with a recorded consent gets the welcome.
    expect(mails.find((m) => m.to === "regular@example.jp")?.subject).toBe("常連様、ようこそ");
    expect((await contactOf(client, "hanako@example.jp"))?.marketingConsent).toBe("unknown");
  });

  it("a ticked box mails a confirmation link; only pressing its button records consent, and then campaigns reach the visitor", async () => {
    const { client, site } = await ownerWithWelcome("welcome2@example.jp");
    const visitor = visitorAddress();
    const post = () =>
      postSiteForm(
        ctx.app,
        site.slug,
        {
          name: "John Smith http://evil.example/win",
          email: "john@example.jp",
          message: "Do you open on Sundays? http://evil.example/x",
          lang: "en",
          consent: "yes",
        },
        { remoteAddress: visitor },
      );
    expect((await post()).statusCode).toBe(303);
    await tick();

    let contact = await contactOf(client, "john@example.jp");
    expect(contact?.marketingConsent).toBe("pending");
    let mails = (await outbox(client)).filter((m) => m.to === "john@example.jp");
    expect(mails).toHaveLength(1); // the confirmation only, no campaign yet
    const [confirmation] = mails;
    expect(confirmation?.subject).toBe(`${site.name}: please confirm you want our emails`);
    // Nothing the visitor typed travels in the mail.
    expect(confirmation?.text).not.toContain("evil.example");
    expect(confirmation?.html).not.toContain("evil.example");
    const link = confirmation?.text.match(/http:\/\/shobai\.test(\/e\/k\/[\w-]+)/)?.[1];
    expect(link).toBeDefined();

    // Posting again the same day mails no second link.
    expect((await post()).statusCode).toBe(303);
    expect((await outbox(client)).filter((m) => m.to === "john@example.jp")).toHaveLength(1);

    // Opening the link (a mail scanner does this too) only shows a button, in the site's language.
    const page = await ctx.app.inject({ method: "GET", url: String(link) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en"');
    expect(page.body).toContain("Yes, send me emails");
    await tick();
    expect((await contactOf(client, "john@example.jp"))?.marketingConsent).toBe("pending");

    const pressed = await ctx.app.inject({ method: "POST", url: String(link) });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain(`you will receive news from ${site.name}`);
    contact = await contactOf(client, "john@example.jp");
    expect(contact?.marketingConsent).toBe("opted_in");
    // A link works once.
    expect((await ctx.app.inject({ method: "POST", url: String(link) })).statusCode).toBe(404);

    await tick();
    mails = (await outbox(client)).filter((m) => m.to === "john@example.jp");
    expect(mails.map((m) => m.subject)).toContain("John様、ようこそ");

    // The timeline keeps the record: what was ticked, and its confirmation.
    const detail = (await client.get(`/api/contacts/${contact?.id}`)).json() as {
      activities: { type: string; data: Record<string, string> }[];
    };
    const requested = detail.activities.find((a) => a.type === "consent_requested");
    expect(requested?.data).toEqual({
      website: site.name,
      text: "Send me news by email (new products, offers). We will email you to confirm first.",
    });
    expect(detail.activities.find((a) => a.type === "consent_given")?.data.text).toBe(requested?.data.text);

    // Unsubscribing from the welcome opts the contact out, on the timeline too.
    const welcome = mails.find((m) => m.subject === "John様、ようこそ");
    const unsubscribe = welcome?.text.match(/http:\/\/shobai\.test(\/e\/u\/[\w-]+)/)?.[1];
    expect((await ctx.app.inject({ method: "POST", url: String(unsubscribe) })).statusCode).toBe(200);
    const after = (await client.get(`/api/contacts/${contact?.id}`)).json() as {
      marketingConsent: string;
      activities: { type: string }[];
    };
    expect(after.marketingConsent).toBe("opted_out");
    expect(after.activities.map((a) => a.type)).toContain("unsubscribed");
  });

  it("a refused post shows the form again with the box still ticked, and records nothing", async () => {
    const { client, site } = await ownerWithWelcome("welcome4@example.jp");
    const res = await postSiteForm(
      ctx.app,
      site.slug,
      { name: "山田 花子", email: "not-an-address", message: "予約できますか", lang: "ja", consent: "yes" },
      { remoteAddress: visitorAddress() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/<input[^>]*name="consent"[^>]*checked=""/);
    expect((await client.get("/api/contacts")).json()).toEqual([]);
    expect((await outbox(client)).filter((m) => m.to === "not-an-address")).toEqual([]);
  });

  it("refuses forged, expired and other owners' links, and keeps each owner's contacts apart", async () => {
    const a = await ownerWithWelcome("welcome3@example.jp");
    const b = await signedInClient(ctx.app);
    expect((await ctx.app.inject({ method: "GET", url: "/e/k/not-a-token" })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: "POST", url: "/e/k/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" })).statusCode,
    ).toBe(404);
    await postSiteForm(
      ctx.app,
      a.site.slug,
      { name: "佐藤 一郎", email: "ichiro@example.jp", message: "こんにちは", lang: "ja", consent: "yes" },
      { remoteAddress: visitorAddress() },
    );
    const mail = (await outbox(a.client)).find((m) => m.to === "ichiro@example.jp");
    expect(mail?.subject).toBe(`【${a.site.name}】お知らせメール受け取りの確認`);
    const link = String(mail?.text.match(/http:\/\/shobai\.test(\/e\/k\/[\w-]+)/)?.[1]);
    // The other owner neither sees the mail nor the contact.
    expect((await outbox(b.client)).filter((m) => m.to === "ichiro@example.jp")).toEqual([]);
    expect((await b.client.get("/api/contacts")).json()).toEqual([]);
    // Eight days later the link has expired and records nothing.
    const before = clock;
    clock = new Date(before.getTime() + 8 * 86_400_000);
    try {
      const late = await ctx.app.inject({ method: "POST", url: link });
      expect(late.statusCode).toBe(404);
      expect(late.body).toContain("有効期限");
    } finally {
      clock = before;
    }
    expect((await contactOf(a.client, "ichiro@example.jp"))?.marketingConsent).toBe("pending");
  });
});
