import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postSiteForm } from "./testing/site-requests";
import { createTestApp, signedInClient, type TestClient, type TestContext } from "./testing/test-app";

/**
 * Issue 15: a NUL (or another control character) in any text field answered 500, because
 * PostgreSQL refuses it. Every field now refuses it at the schema with a 400 naming the field.
 */
let ctx: TestContext;
let client: TestClient;
let contactId: string;
let slug: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ client } = await signedInClient(ctx.app));
  const contact = await client.post("/api/contacts", { firstName: "Taro", email: "taro@example.jp" });
  contactId = contact.json().id;
  const site = await client.post("/api/websites/generate", {
    businessDescription: "渋谷の家族経営のラーメン店です。",
    languages: ["ja"],
  });
  slug = site.json().slug;
});
afterAll(async () => {
  await ctx?.close();
});

function expectRefused(res: { statusCode: number; json(): unknown }, path: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { code: string; issues?: { path: string; code: string; message: string }[] };
  expect(body.code).toBe("validation_error");
  expect(body.issues).toEqual(
    expect.arrayContaining([expect.objectContaining({ path, code: "control_character" })]),
  );
}

describe("control characters in text fields", () => {
  it.each([
    ["firstName", "PATCH", "/api/profile"],
    ["lastName", "PATCH", "/api/profile"],
  ])("profile %s", async (field, method, url) => {
    const res = await client.request({ method: method as "PATCH", url, payload: { [field]: "a\u0000b" } });
    expectRefused(res, field);
    expect((await client.get("/api/auth/user")).json().firstName).toBe("花子");
  });

  it.each(["firstName", "lastName", "company", "phone", "email"])(
    "contact %s on create and update",
    async (field) => {
      const base = { firstName: "Jiro", email: "jiro@example.jp" };
      expectRefused(await client.post("/api/contacts", { ...base, [field]: "x\u0000y" }), field);
      expectRefused(await client.patch(`/api/contacts/${contactId}`, { [field]: "x\u0000y" }), field);
      const list = (await client.get("/api/contacts")).json() as { email: string }[];
      expect(list.map((c) => c.email)).toEqual(["taro@example.jp"]);
    },
  );

  it("notes: refuses NUL, keeps line breaks", async () => {
    expectRefused(await client.post(`/api/contacts/${contactId}/notes`, { text: "call\u0000back" }), "text");
    const ok = await client.post(`/api/contacts/${contactId}/notes`, { text: "call back\non Monday" });
    expect(ok.statusCode).toBe(201);
  });

  it("search q", async () => {
    const res = await client.get("/api/contacts?q=a%00b");
    expectRefused(res, "q");
  });

  it.each(["senderName", "senderEmail", "replyTo"])("email settings %s", async (field) => {
    const settings = { senderName: "さくら", senderEmail: "", replyTo: "" };
    const res = await client.request({
      method: "PUT",
      url: "/api/email/settings",
      payload: { ...settings, [field]: "a\u0000b" },
    });
    expectRefused(res, field);
  });

  it.each(["name", "subject", "content"])("campaign %s on create and update", async (field) => {
    const campaign = { name: "Welcome", subject: "Hello", content: "Hi {{firstName}}" };
    expectRefused(await client.post("/api/email-campaigns", { ...campaign, [field]: "a\u0000b" }), field);
    const created = await client.post("/api/email-campaigns", { ...campaign, name: `Welcome ${field}` });
    expect(created.statusCode).toBe(201);
    const res = await client.patch(`/api/email-campaigns/${created.json().id}`, { [field]: "a\u0000b" });
    expectRefused(res, field);
  });

  it("campaign subjects stay one line (no header injection)", async () => {
    const res = await client.post("/api/email-campaigns", {
      name: "x",
      subject: "Hi\r\nBcc: everyone@example.jp",
      content: "x",
    });
    expectRefused(res, "subject");
  });

  it.each(["name", "company", "message"])("public /api/contact-messages %s", async (field) => {
    const message = { name: "Hanako", email: "hanako@example.jp", company: "", message: "Hello" };
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/contact-messages",
      payload: { ...message, [field]: "a\u0000b" },
    });
    expectRefused(res, field);
  });

  it.each(["name", "company", "message"])("the hosted site's form %s (urlencoded)", async (field) => {
    const form = new URLSearchParams({ name: "Hanako", email: "hanako@example.jp", message: "Hello" });
    form.set(field, "a\u0000b");
    const res = await postSiteForm(ctx.app, slug, Object.fromEntries(form));
    expect(res.statusCode).toBe(400);
    // The form again, in the site's language, naming the field to fix.
    expect(res.body).toContain(
      {
        name: "お名前を入力してください",
        company: "会社名は200文字まで",
        message: "お問い合わせ内容を入力してください",
      }[field],
    );
    const contacts = (await client.get("/api/contacts")).json() as { email: string }[];
    expect(contacts.map((c) => c.email)).not.toContain("hanako@example.jp");
  });

  it("CSV import: a row with a control character is skipped with its row number; a line break in a cell becomes a space", async () => {
    const csv =
      'firstName,email,company\nGood,good@example.jp,"Two\nlines"\nBad\u0000,bad@example.jp,Ok\nAlso,also@example.jp,A\u0007B\n';
    const res = await client.request({
      method: "POST",
      url: "/api/contacts/import",
      headers: { "content-type": "text/csv" },
      payload: csv,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.imported).toBe(1);
    expect(report.skipped).toEqual([
      {
        row: 3,
        email: "bad@example.jp",
        code: "invalid",
        issue: expect.objectContaining({ path: "firstName", code: "control_character" }),
        reason: expect.stringContaining("firstName must not contain"),
      },
      {
        row: 4,
        email: "also@example.jp",
        code: "invalid",
        issue: expect.objectContaining({ path: "company", code: "control_character" }),
        reason: expect.stringContaining("company must not contain"),
      },
    ]);
    const good = (await client.get("/api/contacts?q=good")).json();
    expect(good[0].company).toBe("Two lines");
  });

  it.each([
    ["GET", "/api/contacts/%00"],
    ["GET", "/api/contacts/a%00b"],
    ["DELETE", "/api/contacts/a%00b"],
    ["GET", "/api/websites/%00"],
    ["DELETE", "/api/email-campaigns/%00"],
    ["DELETE", "/api/domain/connections/%00"],
    ["GET", "/api/analytics/%00"],
    ["GET", "/api/email/verification-status/a%00b@example.jp"],
  ] as const)("%s %s answers 400, never 500", async (method, url) => {
    const res = await client.request({ method, url });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation_error");
  });

  it.each(["/api/contacts/not-a-real-id", "/api/websites/%E3%83%A1", `/api/contacts/${"x".repeat(100)}`])(
    "unknown path id %s answers 404",
    async (url) => {
      expect((await client.get(url)).statusCode).toBe(404);
    },
  );
});
