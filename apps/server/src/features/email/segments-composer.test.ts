import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, type TestClient, type TestContext } from "../../testing/test-app";
import { verifySenderThroughOutbox } from "../../testing/verified-sender";
import { spfFinding, spfRecordWith } from "./sending-domains";

/**
 * Issue 22: segments (tags, status, source, consent, custom fields, created date; saved and reused;
 * counts live) and the block composer (MJML-rendered HTML with the footer, derived plain text).
 */
let ctx: TestContext;
const clock = Date.parse("2026-11-20T03:00:00Z");

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

type Mail = { to: string; subject: string; text: string; html: string; headers: Record<string, string> };
const outbox = async (client: TestClient): Promise<Mail[]> => (await client.get("/api/email/outbox")).json();
let n = 0;

async function readyOwner() {
  const signed = await signedInClient(ctx.app);
  await ctx.app.services.auth.setPlan(signed.email, "business");
  const from = `seg${++n}@sakura.example.jp`;
  await verifySenderThroughOutbox(ctx.app, signed.client, from, "http://shobai.test");
  return { ...signed, from };
}

async function contact(client: TestClient, body: Record<string, unknown>): Promise<string> {
  const res = await client.post("/api/contacts", body);
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

describe("segments", () => {
  it("counts by tag, status, source, consent, custom field and created date; a saved segment sends to its contacts only", async () => {
    const { client, from } = await readyOwner();
    const field = (await client.post("/api/contact-fields", { label: "好きな料理", type: "text" })).json().id;
    const early = await contact(client, {
      lastName: "早川",
      email: "early@example.jp",
      status: "active",
      consentText: "店頭の用紙",
    });
    const vip = await contact(client, {
      lastName: "上野",
      email: "vip@example.jp",
      status: "active",
      consentText: "店頭の用紙",
    });
    const noConsent = await contact(client, { lastName: "無断", email: "none@example.jp", status: "active" });
    const closed = await contact(client, {
      lastName: "終了",
      email: "closed@example.jp",
      status: "closed",
      consentText: "店頭の用紙",
    });
    // Created dates as if added on those days (the database stamps its own clock).
    const createdAt = async (id: string, at: string) =>
      ctx.db.db.execute(sql`UPDATE contacts SET created_at = ${at}::timestamptz WHERE id = ${id}`);
    await createdAt(early, "2026-11-01T01:00:00Z"); // 11-01 10:00 Tokyo
    for (const id of [vip, noConsent, closed]) await createdAt(id, "2026-11-10T16:00:00Z"); // 11-11 01:00 Tokyo
    for (const id of [early, vip, noConsent, closed]) {
      await client.put(`/api/contacts/${id}/tags`, { tags: ["VIP"] });
    }
    await client.patch(`/api/contacts/${vip}`, { customFields: { [field]: "寿司" } });
    await client.patch(`/api/contacts/${noConsent}`, { customFields: { [field]: "寿司" } });
    const vipTag = ((await client.get("/api/contact-tags")).json() as { id: string; name: string }[]).find(
      (t) => t.name === "VIP",
    )?.id;

    const count = async (filter: Record<string, unknown>) =>
      (await client.post("/api/email/segments/count", filter)).json();
    expect(await count({ tagIds: [vipTag] })).toEqual({
      matching: 4,
      included: 3,
      excluded: { noConsent: 1, pending: 0, optedOut: 0, suppressed: 0 },
    });
    expect((await count({ tagIds: [vipTag], statuses: ["active"] })).matching).toBe(3);
    expect((await count({ consent: ["opted_in"], statuses: ["active"] })).matching).toBe(2);
    expect((await count({ sources: ["import"] })).matching).toBe(0);
    expect((await count({ sources: ["manual"] })).matching).toBe(4);
    expect((await count({ fields: [{ key: field, value: "寿司" }] })).included).toBe(1);
    // Tokyo days, both ends included: 11-11 01:00 Tokyo is on the 11th, not the 10th.
    expect((await count({ createdFrom: "2026-11-11", createdTo: "2026-11-11" })).matching).toBe(3);
    expect((await count({ createdTo: "2026-11-10" })).matching).toBe(1);
    const refused = await client.post("/api/email/segments/count", { createdFrom: "11/11/2026" });
    expect(refused.statusCode).toBe(400);

    const saved = await client.post("/api/email/segments", {
      name: "寿司好きの常連",
      filter: { tagIds: [vipTag], fields: [{ key: field, value: "寿司" }] },
    });
    expect(saved.statusCode).toBe(201);
    const segmentId = saved.json().id as string;
    expect((await client.get("/api/email/segments")).json().map((s: { name: string }) => s.name)).toEqual([
      "寿司好きの常連",
    ]);

    // Two campaigns reuse the saved segment; changing it changes who both reach.
    const campaign = async (name: string) =>
      (
        await client.post("/api/email-campaigns", {
          name,
          type: "newsletter",
          subject: `${name}のお知らせ`,
          content: "新メニューのお知らせです。",
          fromEmail: from,
          segmentId,
        })
      ).json() as { id: string; segmentId: string };
    const first = await campaign("一号");
    const second = await campaign("二号");
    expect(first.segmentId).toBe(segmentId);
    expect((await client.get(`/api/email-campaigns/${first.id}/audience`)).json()).toMatchObject({
      matching: 2,
      included: 1,
    });
    await client.put(`/api/email/segments/${segmentId}`, {
      name: "常連",
      filter: { tagIds: [vipTag], statuses: ["active"] },
    });
    expect((await client.get(`/api/email-campaigns/${second.id}/audience`)).json()).toMatchObject({
      matching: 3,
      included: 2,
    });

    expect((await client.patch(`/api/email-campaigns/${first.id}`, { isActive: true })).statusCode).toBe(200);
    await ctx.app.services.campaigns.tick();
    const got = (await outbox(client)).filter((m) => m.subject === "一号のお知らせ").map((m) => m.to);
    expect(got.sort()).toEqual(["early@example.jp", "vip@example.jp"]);

    // Another account can neither see, use, change nor remove it.
    const stranger = await signedInClient(ctx.app);
    expect((await stranger.client.get("/api/email/segments")).json()).toEqual([]);
    expect(
      (await stranger.client.put(`/api/email/segments/${segmentId}`, { name: "x", filter: {} })).statusCode,
    ).toBe(404);
    expect((await stranger.client.delete(`/api/email/segments/${segmentId}`)).statusCode).toBe(404);
    const borrowed = await stranger.client.post("/api/email-campaigns", {
      name: "盗用",
      type: "newsletter",
      subject: "件名",
      content: "本文",
      segmentId,
    });
    expect(borrowed.statusCode).toBe(404);
    expect(
      (await stranger.client.post("/api/email/segments/count", { tagIds: [vipTag] })).json().matching,
    ).toBe(0);

    // Removing it leaves the campaigns on their statuses.
    expect((await client.delete(`/api/email/segments/${segmentId}`)).statusCode).toBe(204);
    const listed = (await client.get("/api/email-campaigns")).json() as {
      id: string;
      segmentId: string | null;
    }[];
    expect(listed.find((c) => c.id === second.id)?.segmentId).toBeNull();
  });

  it("counts the people who wrote in through a given site, also from enquiries recorded before sites were named by id", async () => {
    const { client, user } = await readyOwner();
    const generate = (description: string) =>
      client.post("/api/websites/generate", { businessDescription: description, languages: ["ja"] });
    const ramen = (await generate("「桜ラーメン」は渋谷のラーメン店です。醤油ラーメンが人気。")).json();
    const cafe = (await generate("「森のカフェ」は京都の喫茶店です。自家焙煎のコーヒーとケーキ。")).json();
    const lead = (email: string, site: { id: string; name: string }, withId = true) =>
      ctx.app.services.crm.captureLead(
        user.id as string,
        { name: "山田 太郎", email },
        { website: site.name, ...(withId ? { websiteId: site.id } : {}), message: "予約できますか" },
      );
    await lead("a@example.jp", ramen);
    await lead("b@example.jp", ramen, false); // an enquiry of before: the site's name only
    await lead("c@example.jp", cafe);
    await contact(client, { lastName: "手入力", email: "d@example.jp" });
    const count = async (websiteIds: string[]) =>
      (await client.post("/api/email/segments/count", { websiteIds })).json().matching;
    expect(await count([ramen.id])).toBe(2);
    expect(await count([cafe.id])).toBe(1);
    expect(await count([ramen.id, cafe.id])).toBe(3);
    // Another account's site id matches none of its own contacts, and nothing of this one.
    const stranger = await signedInClient(ctx.app);
    expect(
      (await stranger.client.post("/api/email/segments/count", { websiteIds: [ramen.id] })).json().matching,
    ).toBe(0);
  });
});

describe("block composer", () => {
  it("renders blocks through MJML with the footer, tracked links and filled variables; the text part is derived", async () => {
    const { client, from } = await readyOwner();
    await contact(client, {
      firstName: "<b>花子</b>",
      lastName: "佐藤",
      email: "hanako@example.jp",
      consentText: "店頭の用紙",
    });
    const created = await client.post("/api/email-campaigns", {
      name: "冬のセール",
      type: "newsletter",
      subject: "{{lastName}}様 冬のセール",
      content: "ignored",
      fromEmail: from,
      blocks: [
        { type: "heading", text: "{{firstName}}様、冬のセールです" },
        { type: "text", text: "全品10%オフ。\n12月31日まで。" },
        { type: "image", src: "https://cdn.example.jp/sale.jpg", alt: "セールの写真" },
        { type: "button", label: "お店を見る", href: "https://sakura.example.jp/sale?a=1&b=2" },
        { type: "divider" },
      ],
    });
    expect(created.statusCode).toBe(201);
    const campaign = created.json();
    expect(campaign.content).toBe(
      "{{firstName}}様、冬のセールです\n\n全品10%オフ。\n12月31日まで。\n\n[セールの写真]\n\nお店を見る: https://sakura.example.jp/sale?a=1&b=2\n\n――――――――――",
    );
    expect(campaign.blocks).toHaveLength(5);

    const preview = (await client.post(`/api/email-campaigns/${campaign.id}/preview`, {})).json();
    expect(preview.html).toContain("<!doctype html>");
    expect(preview.html).toContain("冬のセールです");
    expect(preview.html).toContain('href="https://sakura.example.jp/sale?a=1&amp;b=2"');
    expect(preview.html).toContain('src="https://cdn.example.jp/sale.jpg"');
    expect(preview.html).toContain("配信停止");
    expect(preview.html).not.toContain("shobai:footer");

    await client.patch(`/api/email-campaigns/${campaign.id}`, { isActive: true });
    await ctx.app.services.campaigns.tick();
    const mail = (await outbox(client)).find((m) => m.to === "hanako@example.jp");
    expect(mail?.subject).toBe("佐藤様 冬のセール");
    // The recipient's values are escaped; the owner's link is tracked; the footer is there.
    expect(mail?.html).toContain("&lt;b&gt;花子&lt;/b&gt;様、冬のセールです");
    expect(mail?.html).toMatch(/href="http:\/\/shobai\.test\/e\/c\/[a-f0-9]+\/[a-f0-9]+"/);
    expect(mail?.html).not.toContain("https://sakura.example.jp/sale?a=1");
    expect(mail?.html).toMatch(/href="http:\/\/shobai\.test\/e\/u\/[a-f0-9]+"/);
    expect(mail?.text).toContain("お店を見る: https://sakura.example.jp/sale?a=1&b=2");
    expect(mail?.text).toMatch(/配信停止: http:\/\/shobai\.test\/e\/u\/[a-f0-9]+/);
    expect(mail?.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/shobai\.test\/e\/u\//);

    // A segment of those who clicked this campaign: nobody until the tracked link is followed.
    const clicked = { engaged: { campaignId: campaign.id, action: "clicked" } };
    const count = async (filter: object) => (await client.post("/api/email/segments/count", filter)).json();
    expect((await count(clicked)).matching).toBe(0);
    const click = mail?.html.match(/href="http:\/\/shobai\.test(\/e\/c\/[a-f0-9]+\/[a-f0-9]+)"/)?.[1];
    expect((await ctx.app.inject({ method: "GET", url: String(click) })).statusCode).toBe(302);
    expect(await count(clicked)).toMatchObject({ matching: 1, included: 1 });
    expect((await count({ engaged: { campaignId: "someone-elses", action: "clicked" } })).matching).toBe(0);
  });

  it("keeps plain campaigns as they were, refuses unknown variables and unsafe addresses in blocks", async () => {
    const { client } = await readyOwner();
    const plain = (
      await client.post("/api/email-campaigns", {
        name: "素朴",
        type: "newsletter",
        subject: "件名",
        content: "本文です https://sakura.example.jp",
      })
    ).json();
    expect(plain.blocks).toBeNull();
    const preview = (await client.post(`/api/email-campaigns/${plain.id}/preview`, {})).json();
    expect(preview.html).toContain('<p style="margin:0 0 1em">本文です');
    const unknown = await client.post("/api/email-campaigns", {
      name: "x",
      type: "newsletter",
      subject: "件名",
      content: "x",
      blocks: [{ type: "text", text: "{{birthday}}" }],
    });
    expect(unknown.statusCode).toBe(400);
    const script = await client.post("/api/email-campaigns", {
      name: "x",
      type: "newsletter",
      subject: "件名",
      content: "x",
      blocks: [{ type: "button", label: "押す", href: "javascript:alert(1)" }],
    });
    expect(script.statusCode).toBe(400);
    // Switching an existing plain campaign to blocks and back.
    const switched = await client.patch(`/api/email-campaigns/${plain.id}`, {
      blocks: [{ type: "text", text: "新しい本文" }],
    });
    expect(switched.json().content).toBe("新しい本文");
    const back = await client.patch(`/api/email-campaigns/${plain.id}`, {
      blocks: null,
      content: "元の本文",
    });
    expect(back.json()).toMatchObject({ blocks: null, content: "元の本文" });
    expect((await client.post(`/api/email-campaigns/${plain.id}/preview`, {})).json().html).toContain(
      "元の本文",
    );
  });
});

describe("SPF finding", () => {
  const include = "include:bounces.shobai.example";
  it.each([
    [{ found: [] }, "missing", "v=spf1 include:bounces.shobai.example ~all"],
    [{ found: ["google-site-verification=x"] }, "missing", "v=spf1 include:bounces.shobai.example ~all"],
    [
      { found: ["v=spf1 include:_spf.google.com ~all"] },
      "no_include",
      "v=spf1 include:_spf.google.com include:bounces.shobai.example ~all",
    ],
    [{ found: ["v=spf1 mx include:bounces.shobai.example -all"] }, "ok", null],
    [{ found: ["V=SPF1 +include:BOUNCES.shobai.example ?all"] }, "ok", null],
    [
      { found: ["v=spf1 a -all", "v=spf1 mx -all"] },
      "multiple",
      "v=spf1 a include:bounces.shobai.example -all",
    ],
    [{ failed: "SERVFAIL" }, "lookup_failed", "v=spf1 include:bounces.shobai.example ~all"],
  ])("%j is %s", (lookup, finding, record) => {
    const found = spfFinding(lookup as { found: string[] }, include);
    expect(found.finding).toBe(finding);
    if (record) expect(spfRecordWith(found.record, include)).toBe(record);
  });
  it("adds the include before a redirect, or at the end when there is no all", () => {
    expect(spfRecordWith("v=spf1 a redirect=_spf.example.jp", include)).toBe(
      "v=spf1 a include:bounces.shobai.example redirect=_spf.example.jp",
    );
    expect(spfRecordWith("v=spf1 a", include)).toBe("v=spf1 a include:bounces.shobai.example");
  });
});
