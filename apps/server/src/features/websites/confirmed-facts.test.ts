import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteRequest } from "../../testing/site-requests";
import { createTestApp, signedInClient, TestClient, type TestContext } from "../../testing/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const WAGASHI =
  "『京菓子司 松風堂』創業明治三十年。京都市上京区で和菓子を作っています。季節の上生菓子、わらび餅、栗羊羹をご用意しております。上生菓子 1個 380円（税込）。営業 9:00〜18:00／定休日：水曜日。TEL 075-123-4567";

/** The visible text of a page, for "does the visitor see it" checks. */
const visible = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\u2011/g, "-")
    .replace(/\s+/g, " ");

describe("POST /api/websites/understand", () => {
  it("reads the facts of a description without storing anything", async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/websites/understand", { businessDescription: WAGASHI });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.industry).toBe("retail");
    expect(body.facts).toMatchObject({
      sourceLanguage: "ja",
      name: "京菓子司 松風堂",
      place: "京都市上京区",
      phone: "075-123-4567",
      foundedYear: 1897,
    });
    expect(body.facts.items.map((i: { name: string }) => i.name)).toEqual([
      "季節の上生菓子",
      "わらび餅",
      "栗羊羹",
    ]);
    expect(body.facts.items[0].price).toMatchObject({
      amount: 380,
      currency: "JPY",
      taxIncluded: true,
      unit: "1個",
    });
    expect(body.facts.hours).toMatchObject({
      periods: [{ days: [], opens: "09:00", closes: "18:00" }],
      closedDays: [3],
    });
    expect((await client.get("/api/websites")).json()).toEqual([]);
  });

  it("needs sign-in and a description", async () => {
    const anonymous = new TestClient(ctx.app);
    expect(
      (await anonymous.post("/api/websites/understand", { businessDescription: WAGASHI })).statusCode,
    ).toBe(401);
    const { client } = await signedInClient(ctx.app);
    const bad = await client.post("/api/websites/understand", { businessDescription: "  " });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe("businessDescription");
  });
});

describe("generating with confirmed facts", () => {
  it("renders what the owner confirmed, over what the description says, in every language", async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/websites/generate", {
      businessDescription: WAGASHI,
      languages: ["ja", "en"],
      facts: {
        phone: "075-999-0000",
        items: [
          { name: "季節の上生菓子", price: { amount: 400, unit: "1個" } },
          { name: "わらび餅", price: { amount: 600, taxIncluded: false } },
        ],
        localized: { en: { name: "Shofudo" } },
      },
    });
    expect(res.statusCode).toBe(201);
    const site = res.json();
    expect(site.writer).toBe("composer");
    expect(site.facts).toMatchObject({ name: "京菓子司 松風堂", phone: "075-999-0000", foundedYear: 1897 });

    const ja = visible((await siteRequest(ctx.app, site.slug, { url: "/ja/" })).body);
    expect(ja).toContain("075-999-0000");
    expect(ja).not.toContain("075-123-4567");
    expect(ja).toContain("季節の上生菓子");
    expect(ja).toContain("1個 400円（税込）");
    // 600円 before tax is shown with tax: 660円（税込）.
    expect(ja).toContain("660円（税込）");
    expect(ja).not.toContain("栗羊羹");
    expect(ja).toContain("9:00〜18:00");
    expect(ja).toContain("定休日：水曜日");
    expect(ja).toContain("1897年に創業しました。");

    const en = visible((await siteRequest(ctx.app, site.slug, { url: "/en/" })).body);
    expect(en).toContain("Shofudo");
    expect(en).toContain("075-999-0000");
    expect(en).toContain("¥660 (tax incl.)");
    expect(en).toContain("Closed: Wednesday");
    expect(en).toContain("Founded in 1897.");
    // Japanese items keep their names but never sit inside an English sentence.
    expect(en).not.toMatch(/[A-Za-z] [^ ]*季節の上生菓子[^ ]* [a-z]/);
  });

  it("keeps the confirmed facts when the site is regenerated or gets a language", async () => {
    const { client } = await signedInClient(ctx.app);
    const site = (
      await client.post("/api/websites/generate", {
        businessDescription: WAGASHI,
        facts: { phone: "075-999-0001", items: [{ name: "どら焼き" }] },
      })
    ).json();
    await client.post(`/api/websites/${site.id}/regenerate`);
    await client.patch(`/api/websites/${site.id}`, { languages: ["ja", "pl"], name: "松風堂" });
    const stored = (await client.get(`/api/websites/${site.id}`)).json();
    expect(stored.facts).toMatchObject({
      name: "松風堂",
      phone: "075-999-0001",
      items: [{ name: "どら焼き" }],
    });
    const pl = visible((await siteRequest(ctx.app, site.slug, { url: "/pl/" })).body);
    expect(pl).toContain("075-999-0001");
    expect(pl).toContain("どら焼き");
    expect(pl).toContain("Nieczynne: środa");
  });

  it("refuses confirmed facts that are not valid, naming the field, and stores nothing", async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/websites/generate", {
      businessDescription: WAGASHI,
      facts: { email: "not-an-email", hours: { periods: [{ opens: "25:00" }] } },
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().issues.map((i: { path: string }) => i.path);
    expect(paths).toContain("facts.email");
    expect(paths).toContain("facts.hours.periods.0.opens");
    expect((await client.get("/api/websites")).json()).toEqual([]);
  });

  it("shows one owner's facts to that owner only", async () => {
    const a = await signedInClient(ctx.app);
    const b = await signedInClient(ctx.app);
    const site = (
      await a.client.post("/api/websites/generate", {
        businessDescription: WAGASHI,
        facts: { phone: "075-999-0002" },
      })
    ).json();
    expect((await b.client.get(`/api/websites/${site.id}`)).statusCode).toBe(404);
    expect((await b.client.get("/api/websites")).json()).toEqual([]);
  });
});
