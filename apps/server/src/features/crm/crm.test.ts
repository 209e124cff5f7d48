import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, TestClient, type TestContext } from "../../testing/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const csvHeaders = { "content-type": "text/csv; charset=utf-8" };

describe("contacts CRUD", () => {
  it("adds a contact with defaults, lists, reads, updates and deletes it", async () => {
    const { client } = await signedInClient(ctx.app);
    const created = await client.post("/api/contacts", {
      firstName: " 太郎 ",
      email: "Taro@Example.JP",
      phone: "090-1234-5678",
    });
    expect(created.statusCode).toBe(201);
    const contact = created.json();
    expect(contact).toMatchObject({
      firstName: "太郎",
      lastName: "",
      email: "taro@example.jp",
      company: "",
      phone: "090-1234-5678",
      status: "new",
      source: "manual",
    });

    const list = await client.get("/api/contacts");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([contact]);
    expect(list.headers["x-total-count"]).toBe("1");

    const patched = await client.patch(`/api/contacts/${contact.id}`, {
      status: "qualified",
      company: "山田商店",
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ status: "qualified", company: "山田商店" });

    const detail = await client.get(`/api/contacts/${contact.id}`);
    expect(detail.statusCode).toBe(200);
    const types = detail.json().activities.map((a: { type: string }) => a.type);
    expect(types).toEqual(expect.arrayContaining(["created", "status_changed", "updated"]));
    const change = detail.json().activities.find((a: { type: string }) => a.type === "status_changed");
    expect(change.data).toEqual({ from: "new", to: "qualified" });

    const del = await client.delete(`/api/contacts/${contact.id}`);
    expect(del.statusCode).toBe(204);
    expect((await client.get(`/api/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await client.get("/api/contacts")).json()).toEqual([]);
  });

  it.each([
    [{ email: "a@example.jp" }, "lastName (family name) or company is required"],
    [
      { firstName: " ", lastName: "", company: " ", email: "a@example.jp" },
      "lastName (family name) or company is required",
    ],
    [{ firstName: "A" }, "email is required"],
    [{ firstName: "A", email: "nope" }, "email must be a valid email address"],
    [
      { firstName: "A", email: "a@example.jp", status: "won" },
      "status must be one of new, active, qualified, converted, closed",
    ],
    [{ firstName: "A", email: "a@example.jp", phone: "call me" }, "phone must be a phone number"],
    [{ firstName: "A", email: "a@example.jp", phone: "12" }, "phone must be a phone number"],
  ])("refuses %j with a message naming the field", async (body, message) => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/contacts", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await client.get("/api/contacts")).json()).toEqual([]);
  });

  it.each([
    "03-1234-5678",
    "090-1234-5678",
    "+81 90 1234 5678",
    "+81-3-1234-5678",
    "0312345678",
    "(03) 1234-5678",
    "０９０-１２３４-５６７８",
  ])("accepts the phone number %s", async (phone) => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/contacts", { firstName: "P", email: "p@example.jp", phone });
    expect(res.statusCode).toBe(201);
  });

  it("refuses a second contact with the same email (any case) with 409, also on update", async () => {
    const { client } = await signedInClient(ctx.app);
    const first = (await client.post("/api/contacts", { firstName: "A", email: "same@example.jp" })).json();
    const dup = await client.post("/api/contacts", { firstName: "B", email: "SAME@example.jp" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe("You already have a contact with this email address");
    const other = (await client.post("/api/contacts", { firstName: "C", email: "other@example.jp" })).json();
    const clash = await client.patch(`/api/contacts/${other.id}`, { email: "same@example.jp" });
    expect(clash.statusCode).toBe(409);
    expect((await client.get(`/api/contacts/${other.id}`)).json().email).toBe("other@example.jp");
    expect(first.email).toBe("same@example.jp");
  });

  it("rejects an empty or invalid update and an unknown id", async () => {
    const { client } = await signedInClient(ctx.app);
    const c = (await client.post("/api/contacts", { firstName: "A", email: "u@example.jp" })).json();
    expect((await client.patch(`/api/contacts/${c.id}`, {})).statusCode).toBe(400);
    expect((await client.patch(`/api/contacts/${c.id}`, { status: "nope" })).statusCode).toBe(400);
    expect((await client.patch("/api/contacts/no-such-id", { status: "active" })).statusCode).toBe(404);
    expect((await client.get(`/api/contacts/${c.id}`)).json().status).toBe("new");
  });

  it("needs sign-in", async () => {
    const anon = new TestClient(ctx.app);
    expect((await anon.get("/api/contacts")).statusCode).toBe(401);
    expect((await anon.post("/api/contacts", { firstName: "A", email: "a@example.jp" })).statusCode).toBe(
      401,
    );
    expect((await anon.get("/api/contacts/export.csv")).statusCode).toBe(401);
  });
});

describe("owners are kept apart", () => {
  it("one owner cannot read, change, delete, annotate or list another's contact", async () => {
    const a = await signedInClient(ctx.app);
    const b = await signedInClient(ctx.app);
    const contact = (
      await a.client.post("/api/contacts", { firstName: "Aの客", email: "guest@example.jp" })
    ).json();
    expect((await b.client.get(`/api/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await b.client.patch(`/api/contacts/${contact.id}`, { status: "closed" })).statusCode).toBe(404);
    expect((await b.client.delete(`/api/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await b.client.post(`/api/contacts/${contact.id}/notes`, { text: "x" })).statusCode).toBe(404);
    expect((await b.client.get("/api/contacts")).json()).toEqual([]);
    expect((await b.client.get("/api/contacts/export.csv")).body).not.toContain("guest@example.jp");
    // The same email is fine in another owner's CRM.
    expect(
      (await b.client.post("/api/contacts", { firstName: "B", email: "guest@example.jp" })).statusCode,
    ).toBe(201);
    const after = (await a.client.get(`/api/contacts/${contact.id}`)).json();
    expect(after).toMatchObject({ status: "new", firstName: "Aの客" });
    expect(after.activities).toHaveLength(1);
  });
});

describe("search, filter, paging and counts", () => {
  it("searches names, email and company case-insensitively, with the status filter", async () => {
    const { client } = await signedInClient(ctx.app);
    const people = [
      {
        firstName: "Hanako",
        lastName: "Sato",
        email: "hanako@a.jp",
        company: "Sakura Bakery",
        status: "new",
      },
      { firstName: "Ken", lastName: "Tanaka", email: "ken@b.jp", company: "Tanaka Law", status: "qualified" },
      { firstName: "美咲", lastName: "鈴木", email: "misaki@c.jp", company: "鈴木歯科", status: "qualified" },
      { firstName: "100%", lastName: "Real_", email: "pct@d.jp", company: "", status: "closed" },
    ];
    for (const p of people) expect((await client.post("/api/contacts", p)).statusCode).toBe(201);
    const names = async (query: string) =>
      ((await client.get(`/api/contacts?${query}`)).json() as { firstName: string }[])
        .map((c) => c.firstName)
        .sort();
    expect(await names("q=SAKURA")).toEqual(["Hanako"]);
    expect(await names("q=tanaka")).toEqual(["Ken"]);
    expect(await names("q=鈴木")).toEqual(["美咲"]);
    expect(await names("q=B.JP")).toEqual(["Ken"]);
    expect(await names("status=qualified")).toEqual(["Ken", "美咲"]);
    expect(await names("status=qualified&q=law")).toEqual(["Ken"]);
    expect(await names("q=%25")).toEqual(["100%"]);
    expect(await names("q=l_")).toEqual(["100%"]);
    expect(await names("status=all")).toHaveLength(4);
    expect((await client.get("/api/contacts?status=bogus")).statusCode).toBe(400);

    const page = await client.get("/api/contacts?limit=2&offset=0");
    expect(page.json()).toHaveLength(2);
    expect(page.headers["x-total-count"]).toBe("4");
    const rest = await client.get("/api/contacts?limit=2&offset=2");
    const ids = new Set([...page.json(), ...rest.json()].map((c: { id: string }) => c.id));
    expect(ids.size).toBe(4);

    const counts = (await client.get("/api/contacts/counts")).json();
    expect(counts).toEqual({
      total: 4,
      byStatus: { new: 1, active: 0, qualified: 2, converted: 0, closed: 1 },
    });
  });
});

describe("timeline", () => {
  it("records notes and activities from other features, newest first", async () => {
    const { client, user } = await signedInClient(ctx.app);
    const c = (await client.post("/api/contacts", { firstName: "N", email: "n@example.jp" })).json();
    const note = await client.post(`/api/contacts/${c.id}/notes`, { text: "  電話で予約の相談あり  " });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ type: "note", data: { text: "電話で予約の相談あり" } });
    expect((await client.post(`/api/contacts/${c.id}/notes`, { text: "  " })).statusCode).toBe(400);
    await ctx.app.services.crm.recordActivity(user.id, c.id, "email_sent", { subject: "ようこそ" });
    const activities = (await client.get(`/api/contacts/${c.id}`)).json().activities;
    expect(activities.map((a: { type: string }) => a.type)).toEqual(["email_sent", "note", "created"]);
  });

  it("captures a website form lead as a new contact, or onto the existing one", async () => {
    const { client, user } = await signedInClient(ctx.app);
    const crm = ctx.app.services.crm;
    const { contact: lead, askConsent } = await crm.captureLead(
      user.id,
      { name: "山田 太郎", email: "Lead@Example.jp" },
      { website: "山田ベーカリー", message: "予約できますか？" },
    );
    expect(askConsent).toBe(false);
    expect(lead).toMatchObject({
      lastName: "山田",
      firstName: "太郎",
      source: "website_form",
      status: "new",
      // An enquiry alone is no consent to marketing mail.
      marketingConsent: "unknown",
    });
    const again = await crm.captureLead(
      user.id,
      { name: "Taro", email: "lead@example.jp" },
      { website: "山田ベーカリー", message: "2回目" },
    );
    expect(again.contact.id).toBe(lead.id);
    const detail = (await client.get(`/api/contacts/${lead.id}`)).json();
    expect(detail.activities.filter((a: { type: string }) => a.type === "form_submitted")).toHaveLength(2);
    expect(detail.firstName).toBe("太郎");
  });
});

describe("CSV export and import", () => {
  it("round-trips: export from one account, import into another, same contacts", async () => {
    const a = await signedInClient(ctx.app);
    const rows = [
      {
        firstName: "太郎",
        lastName: "山田",
        email: "t@example.jp",
        company: "山田, 商店",
        phone: "+81 90-1234-5678",
        status: "active",
      },
      {
        firstName: "=cmd",
        lastName: 'O"Brien',
        email: "o@example.jp",
        company: "",
        phone: "",
        status: "converted",
      },
      {
        firstName: "Ana",
        lastName: "Pop",
        email: "ana@example.ro",
        company: "Line Break",
        phone: "03-1234-5678",
        status: "new",
      },
    ];
    for (const r of rows) expect((await a.client.post("/api/contacts", r)).statusCode).toBe(201);
    const exported = await a.client.get("/api/contacts/export.csv");
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(exported.headers["content-disposition"]).toMatch(
      /attachment; filename="shobai-contacts-\d{8}\.csv"/,
    );
    expect(exported.body.charCodeAt(0)).toBe(0xfeff);

    const b = await signedInClient(ctx.app);
    const imported = await b.client.request({
      method: "POST",
      url: "/api/contacts/import",
      headers: csvHeaders,
      payload: exported.body,
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual({ imported: 3, skipped: [], totalRows: 3 });
    const strip = (list: Record<string, string>[]) =>
      list
        .map(({ firstName, lastName, email, company, phone, status }) => ({
          firstName,
          lastName,
          email,
          company,
          phone,
          status,
        }))
        .sort((x, y) => String(x.email).localeCompare(String(y.email)));
    const listA = strip((await a.client.get("/api/contacts")).json());
    const listB = strip((await b.client.get("/api/contacts")).json());
    expect(listB).toEqual(listA);
    // Our own export carries the source and the time added; the round trip keeps both (to the minute).
    expect(
      (await b.client.get("/api/contacts")).json().every((c: { source: string }) => c.source === "manual"),
    ).toBe(true);

    // Importing the same file again adds nothing and says why.
    const again = await b.client.request({
      method: "POST",
      url: "/api/contacts/import",
      headers: csvHeaders,
      payload: exported.body,
    });
    expect(again.json().imported).toBe(0);
    expect(again.json().skipped.map((s: { code: string }) => s.code)).toEqual([
      "already_exists",
      "already_exists",
      "already_exists",
    ]);
  });

  it("imports a Japanese spreadsheet, reporting each skipped row and why", async () => {
    const { client } = await signedInClient(ctx.app);
    await client.post("/api/contacts", { firstName: "既存", email: "exists@example.jp" });
    const csv = [
      "姓,名,メールアドレス,会社名,電話番号",
      "山田,太郎,taro@example.jp,山田商店,03-1234-5678",
      "佐藤,,sato@example.jp,,",
      "鈴木,一郎,not-an-email,,",
      "高橋,健,TARO@example.jp,,",
      "伊藤,真,exists@example.jp,,",
      "渡辺,恵,megumi@example.jp,,call me",
      "中村,優,yu@example.jp,,090-0000-1111",
    ].join("\n");
    const res = await client.request({
      method: "POST",
      url: "/api/contacts/import",
      headers: csvHeaders,
      payload: csv,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      // 佐藤 alone (family name only) is a whole record.
      imported: 3,
      totalRows: 7,
      skipped: [
        {
          row: 4,
          email: "not-an-email",
          code: "invalid",
          issue: { path: "email", code: "invalid_format", message: "email must be a valid email address" },
          reason: "email must be a valid email address",
        },
        {
          row: 5,
          email: "taro@example.jp",
          code: "duplicate_row",
          sameAsRow: 2,
          reason: "same email as row 2",
        },
        { row: 6, email: "exists@example.jp", code: "already_exists", reason: "already in your contacts" },
        {
          row: 7,
          email: "megumi@example.jp",
          code: "invalid",
          issue: expect.objectContaining({ path: "phone" }),
          reason: expect.stringContaining("phone must be a phone number"),
        },
      ],
    });
    const taro = ((await client.get("/api/contacts?q=taro")).json() as Record<string, string>[])[0];
    expect(taro).toMatchObject({
      lastName: "山田",
      firstName: "太郎",
      company: "山田商店",
      phone: "03-1234-5678",
      source: "import",
    });
  });

  it.each([
    ['firstName,email\n"unterminated,a@example.jp\n', "The file is not valid CSV"],
    ["", "The file is empty"],
    ["name,phone\nTaro,03-1234-5678", "No email column found"],
    ["email,phone\na@example.jp,03-1234-5678", "No name column found"],
  ])("refuses an unreadable file whole and writes nothing (%#)", async (payload, message) => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.request({
      method: "POST",
      url: "/api/contacts/import",
      headers: csvHeaders,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await client.get("/api/contacts")).json()).toEqual([]);
  });

  it("imports 10,000 rows in one request", async () => {
    const { client } = await signedInClient(ctx.app);
    const lines = ["firstName,lastName,email,company,phone"];
    for (let i = 0; i < 10_000; i++)
      lines.push(
        `客${i},テスト,guest${i}@example.jp,会社${i % 50},03-1234-${String(i % 10000).padStart(4, "0")}`,
      );
    const res = await client.request({
      method: "POST",
      url: "/api/contacts/import",
      headers: csvHeaders,
      payload: lines.join("\n"),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 10_000, skipped: [] });
    const counts = (await client.get("/api/contacts/counts")).json();
    expect(counts.total).toBe(10_000);
    const found = await client.get("/api/contacts?q=guest9999@");
    expect(found.json()).toHaveLength(1);
  });
});
