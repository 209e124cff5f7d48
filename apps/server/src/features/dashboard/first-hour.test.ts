import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerWithSite } from "../../testing/domains-fixtures";
import { postSiteForm } from "../../testing/site-requests";
import { createTestApp, signedInClient, TestClient, type TestContext } from "../../testing/test-app";

let ctx: TestContext;
let address = 0;
/** A fresh visitor address per post, so the per-address form limit stays out of the way. */
const nextAddress = () => `203.0.113.${++address}`;
const csvHeaders = { "content-type": "text/csv; charset=utf-8" };

beforeAll(async () => {
  ctx = await createTestApp({ siteFormRateLimit: { max: 2, windowSeconds: 600 } });
});
afterAll(async () => {
  await ctx?.close();
});

type Mail = { to: string; subject: string; text: string; from: string };
const alertsIn = async (client: TestClient): Promise<Mail[]> =>
  ((await client.get("/api/email/outbox")).json() as Mail[]).filter((m) =>
    /お問い合わせがありました|enquiry|zapytanie/.test(m.subject),
  );

describe("enquiry alerts", () => {
  it("mails the owner each accepted enquiry, in the owner's language, with the message and a link to the contact", async () => {
    const owner = await ownerWithSite(ctx);
    const posted = await postSiteForm(
      ctx.app,
      owner.site.slug,
      {
        name: "京都 花子",
        email: "hanako@example.jp",
        message: "十個の詰め合わせを予約できますか？",
        lang: "ja",
      },
      { remoteAddress: nextAddress() },
    );
    expect(posted.statusCode).toBe(303);

    const [alert, ...more] = await alertsIn(owner.client);
    expect(more).toHaveLength(0);
    expect(alert?.to).toBe(owner.email);
    expect(alert?.subject).toContain("京都 花子");
    expect(alert?.text).toContain("十個の詰め合わせを予約できますか？");
    const contacts = (await owner.client.get("/api/contacts")).json() as { id: string; email: string }[];
    const contact = contacts.find((c) => c.email === "hanako@example.jp");
    expect(alert?.text).toContain(`/crm?contact=${contact?.id}`);

    // The badge: one unread enquiry until the owner marks them seen (opening the CRM does).
    expect((await owner.client.get("/api/enquiries/unread")).json()).toEqual({ count: 1 });
    expect((await owner.client.post("/api/enquiries/seen")).statusCode).toBe(200);
    expect((await owner.client.get("/api/enquiries/unread")).json()).toEqual({ count: 0 });
  });

  it("sends nothing for the honeypot or the rate limit", async () => {
    const owner = await ownerWithSite(ctx);
    const bot = await postSiteForm(
      ctx.app,
      owner.site.slug,
      { name: "Bot", email: "bot@example.com", message: "buy", website: "http://spam.example" },
      { remoteAddress: nextAddress() },
    );
    expect(bot.statusCode).toBe(303);
    const flooder = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await postSiteForm(
        ctx.app,
        owner.site.slug,
        { name: `Flood ${i}`, email: `flood${i}@example.com`, message: "again" },
        { remoteAddress: flooder },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([303, 303, 429]);
    // Two real posts were let through; the bot and the refused third post mailed nobody.
    const alerts = await alertsIn(owner.client);
    expect(alerts.map((a) => a.subject).sort()).toEqual([
      expect.stringContaining("Flood 0"),
      expect.stringContaining("Flood 1"),
    ]);
    expect((await owner.client.get("/api/enquiries/unread")).json()).toEqual({ count: 2 });
  });

  it("uses the site's alert address and the owner's language; another owner cannot set it or read the badge", async () => {
    const owner = await ownerWithSite(ctx);
    await owner.client.patch("/api/profile", { language: "pl" });
    const other = await signedInClient(ctx.app);
    expect(
      (await other.client.patch(`/api/websites/${owner.site.id}`, { enquiryAlertEmail: "x@example.com" }))
        .statusCode,
    ).toBe(404);
    const set = await owner.client.patch(`/api/websites/${owner.site.id}`, {
      enquiryAlertEmail: "Shop@Example.jp",
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().enquiryAlertEmail).toBe("shop@example.jp");
    const bad = await owner.client.patch(`/api/websites/${owner.site.id}`, { enquiryAlertEmail: "not mail" });
    expect(bad.statusCode).toBe(400);

    await postSiteForm(
      ctx.app,
      owner.site.slug,
      { name: "Anna Nowak", email: "anna@example.pl", message: "Czy macie wolny termin?" },
      { remoteAddress: nextAddress() },
    );
    const [alert] = await alertsIn(owner.client);
    expect(alert?.to).toBe("shop@example.jp");
    expect(alert?.subject).toBe(`${owner.site.name}: nowe zapytanie od Anna Nowak`);
    expect((await other.client.get("/api/enquiries/unread")).json()).toEqual({ count: 0 });
    expect((await other.client.get("/api/email/outbox")).json()).not.toContainEqual(
      expect.objectContaining({ to: "shop@example.jp" }),
    );

    // Back to the account's address.
    const cleared = await owner.client.patch(`/api/websites/${owner.site.id}`, { enquiryAlertEmail: "" });
    expect(cleared.json().enquiryAlertEmail).toBeNull();
  });
});

describe("honest dashboard figures", () => {
  it("counts leads as form contacts of this month; imports and hand-added contacts are counted apart", async () => {
    const owner = await ownerWithSite(ctx);
    const csv =
      "firstName,lastName,email\n一郎,山田,ichiro@example.jp\n二郎,山田,jiro@example.jp\n三郎,山田,saburo@example.jp\n";
    const imported = await owner.client.request({
      method: "POST",
      url: "/api/contacts/import",
      headers: csvHeaders,
      payload: csv,
    });
    expect(imported.json()).toMatchObject({ imported: 3 });
    expect(
      (await owner.client.post("/api/contacts", { firstName: "手入力", email: "hand@example.jp" }))
        .statusCode,
    ).toBe(201);
    for (const who of ["a", "b"]) {
      await postSiteForm(
        ctx.app,
        owner.site.slug,
        { name: `Lead ${who}`, email: `lead-${who}@example.jp`, message: "hello" },
        { remoteAddress: nextAddress() },
      );
    }
    // An imported contact who later writes through the form stays an import: its first source counts.
    await postSiteForm(
      ctx.app,
      owner.site.slug,
      { name: "一郎", email: "ichiro@example.jp", message: "again" },
      { remoteAddress: nextAddress() },
    );
    const contacts = (await owner.client.get("/api/contacts")).json() as { id: string; email: string }[];
    const leadB = contacts.find((c) => c.email === "lead-b@example.jp");
    await owner.client.patch(`/api/contacts/${leadB?.id}`, { status: "qualified" });

    const stats = (await owner.client.get("/api/dashboard/stats")).json();
    expect(stats.totalContacts).toBe(6);
    expect(stats.monthlyLeads).toBe(2);
    expect(stats.monthlyContactsBySource).toEqual({ website_form: 2, manual: 1, import: 3 });
    expect(stats.monthlyLeadsByStatus).toEqual({ new: 1, active: 0, qualified: 1, converted: 0, closed: 0 });

    const other = await signedInClient(ctx.app);
    const theirs = (await other.client.get("/api/dashboard/stats")).json();
    expect(theirs.monthlyLeads).toBe(0);
    expect(theirs.totalContacts).toBe(0);
  });
});

describe("first-run checklist", () => {
  it("ticks each step from real state and can be dismissed, per owner", async () => {
    const fresh = await signedInClient(ctx.app);
    expect((await fresh.client.get("/api/dashboard/first-run")).json()).toEqual({
      steps: {
        createSite: false,
        publishSite: false,
        enquiryAlert: false,
        verifySender: false,
        inviteTeammate: false,
      },
      dismissed: false,
      firstWebsiteId: null,
    });
    const owner = await ownerWithSite(ctx);
    const before = (await owner.client.get("/api/dashboard/first-run")).json();
    expect(before.steps).toEqual({
      createSite: true,
      publishSite: true,
      enquiryAlert: false,
      verifySender: false,
      inviteTeammate: false,
    });
    expect(before.firstWebsiteId).toBe(owner.site.id);
    await owner.client.patch(`/api/websites/${owner.site.id}`, { enquiryAlertEmail: owner.email });
    expect((await owner.client.get("/api/dashboard/first-run")).json().steps.enquiryAlert).toBe(true);
    await owner.client.patch(`/api/websites/${owner.site.id}`, { isPublished: false });
    expect((await owner.client.get("/api/dashboard/first-run")).json().steps.publishSite).toBe(false);

    expect((await owner.client.post("/api/dashboard/first-run/dismiss")).statusCode).toBe(200);
    expect((await owner.client.get("/api/dashboard/first-run")).json().dismissed).toBe(true);
    expect((await fresh.client.get("/api/dashboard/first-run")).json().dismissed).toBe(false);
    expect((await new TestClient(ctx.app).get("/api/dashboard/first-run")).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).get("/api/enquiries/unread")).statusCode).toBe(401);
  });
});
