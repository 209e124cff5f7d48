import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
import { parseTokyoDateTime, SOURCE_LABELS, STATUS_LABELS, tokyoDateTime } from "./csv-export";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const csvHeaders = { "content-type": "text/csv; charset=utf-8" };

const sasaki = {
  lastName: "佐々木",
  firstName: "花子",
  lastNameKana: "ささき",
  firstNameKana: "ﾊﾅｺ",
  email: "hanako@midori.example.jp",
  company: "株式会社みどり",
  companyKana: "カブシキガイシャミドリ",
  phone: "090-1234-5678",
};

describe("Japanese names", () => {
  it("keeps family and given name with readings in katakana; a family name or a company is enough", async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/contacts", sasaki);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      lastNameKana: "ササキ",
      firstNameKana: "ハナコ",
      companyKana: "カブシキガイシャミドリ",
    });
    expect((await client.post("/api/contacts", { lastName: "田中", email: "t@example.jp" })).statusCode).toBe(
      201,
    );
    const company = await client.post("/api/contacts", { company: "みどり商店", email: "shop@example.jp" });
    expect(company.statusCode).toBe(201);
    expect(company.json()).toMatchObject({ firstName: "", lastName: "", company: "みどり商店" });

    const none = await client.post("/api/contacts", { email: "none@example.jp", firstNameKana: "ハナコ" });
    expect(none.statusCode).toBe(400);
    expect(none.json().issues).toEqual([
      expect.objectContaining({ path: "lastName", code: "name_or_company_required" }),
    ]);
    // A change may not leave the record without a name: clearing the company of a company-only record.
    const cleared = await client.patch(`/api/contacts/${company.json().id}`, { company: "" });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().issues[0]).toMatchObject({ path: "lastName", code: "name_or_company_required" });
    expect((await client.get(`/api/contacts/${company.json().id}`)).json().company).toBe("みどり商店");
    // Readings change through PATCH and go on the timeline as an update.
    const patched = await client.patch(`/api/contacts/${res.json().id}`, { firstNameKana: "はなこ" });
    expect(patched.json().firstNameKana).toBe("ハナコ");
  });

  it("keeps a web lead's Latin name in its own order (John Smith)", async () => {
    const { user } = await signedInClient(ctx.app);
    const { contact } = await ctx.app.services.crm.captureLead(
      user.id,
      { name: "John Smith", email: "john@example.com" },
      { website: "shop", message: "hello" },
    );
    expect(contact).toMatchObject({ firstName: "John", lastName: "Smith" });
  });
});

describe("search by reading", () => {
  it.each([
    "佐々木",
    "ささき",
    "ササキ",
    "ｻｻｷ",
    "sasaki",
    "SaSaKi",
    "はなこ",
    "hanako",
    "midori",
    "09012345678",
    "090-1234-5678",
    "hanako@midori",
  ])("finds 佐々木 花子 by %s, and only her", async (q) => {
    const { client } = await signedInClient(ctx.app);
    await client.post("/api/contacts", sasaki);
    await client.post("/api/contacts", {
      lastName: "田中",
      firstName: "一郎",
      lastNameKana: "タナカ",
      email: "ichiro@example.jp",
      phone: "03-9999-0000",
    });
    const found = await client.get(`/api/contacts?q=${encodeURIComponent(q)}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().map((c: { email: string }) => c.email)).toEqual([sasaki.email]);
  });

  it("finds a contact again after its reading changes, and never another owner's", async () => {
    const a = await signedInClient(ctx.app);
    const b = await signedInClient(ctx.app);
    const c = (await a.client.post("/api/contacts", { lastName: "東海林", email: "s@example.jp" })).json();
    expect((await a.client.get("/api/contacts?q=shouji")).json()).toEqual([]);
    await a.client.patch(`/api/contacts/${c.id}`, { lastNameKana: "ショウジ" });
    expect((await a.client.get("/api/contacts?q=shouji")).json()).toHaveLength(1);
    expect((await a.client.get("/api/contacts?q=しょうじ")).json()).toHaveLength(1);
    expect((await b.client.get("/api/contacts?q=shouji")).json()).toEqual([]);
  });
});

describe("Excel-ready CSV", () => {
  it("writes Tokyo time as yyyy/MM/dd HH:mm and reads it back", () => {
    const at = new Date("2026-11-26T18:37:00Z");
    expect(tokyoDateTime(at)).toBe("2026/11/27 03:37");
    expect(parseTokyoDateTime("2026/11/27 03:37")?.toISOString()).toBe(at.toISOString());
    expect(parseTokyoDateTime("2026/1/5")?.toISOString()).toBe("2026-01-04T15:00:00.000Z");
    expect(parseTokyoDateTime("yesterday")).toBeUndefined();
  });

  it("labels equal the interface's (ja and en locale files)", async () => {
    for (const language of ["ja", "en"] as const) {
      const file = new URL(`../../../../web/src/locales/${language}/crm.json`, import.meta.url);
      const locale = JSON.parse(await import("node:fs/promises").then((fs) => fs.readFile(file, "utf8")));
      expect(STATUS_LABELS[language]).toEqual(locale.status);
      expect(SOURCE_LABELS[language]).toEqual(locale.source);
    }
  });

  it.each(["ja", "en"] as const)(
    "exports with %s headers and labels, and imports it back losslessly",
    async (lang) => {
      const a = await signedInClient(ctx.app);
      const b = await signedInClient(ctx.app);
      // The same custom fields in both accounts (their ids differ; the CSV goes by label).
      const fieldIds: Record<string, string>[] = [];
      for (const owner of [a, b]) {
        const ids: Record<string, string> = {};
        for (const field of [
          { label: "予約日", type: "date" },
          { label: "来店回数", type: "number" },
          { label: "席", type: "select", options: ["カウンター", "個室"] },
        ]) {
          const res = await owner.client.post("/api/contact-fields", field);
          expect(res.statusCode).toBe(201);
          ids[field.label] = res.json().id;
        }
        fieldIds.push(ids);
      }
      const ids = fieldIds[0] ?? {};
      const created = (await a.client.post("/api/contacts", { ...sasaki, status: "qualified" })).json();
      await a.client.put(`/api/contacts/${created.id}/tags`, { tags: ["常連", "VIP"] });
      const withFields = await a.client.patch(`/api/contacts/${created.id}`, {
        customFields: {
          [ids["予約日"] ?? ""]: "2026-12-24",
          [ids["来店回数"] ?? ""]: 12,
          [ids["席"] ?? ""]: "個室",
        },
      });
      expect(withFields.statusCode).toBe(200);
      await a.client.post("/api/contacts", {
        company: "=みどり商店",
        email: "shop@example.jp",
        status: "converted",
      });
      await ctx.app.services.crm.captureLead(
        a.user.id,
        { name: "John Smith", email: "john@example.com" },
        { website: "shop", message: "hello" },
      );
      const exported = await a.client.get(`/api/contacts/export.csv?lang=${lang}`);
      expect(exported.statusCode).toBe(200);
      expect(exported.body.charCodeAt(0)).toBe(0xfeff);
      const [header, ...lines] = exported.body.slice(1).split("\r\n");
      if (lang === "ja") {
        expect(header).toBe(
          "姓,名,セイ,メイ,会社名,会社名フリガナ,メールアドレス,電話番号,ステータス,流入元,登録日時,タグ,予約日,来店回数,席",
        );
        expect(exported.body).toContain("見込み");
        expect(exported.body).toContain("ウェブフォーム");
      } else {
        expect(header).toBe(
          "Last name,First name,Last name (kana),First name (kana),Company,Company (kana),Email,Phone,Status,Source,Created,Tags,予約日,来店回数,席",
        );
        expect(exported.body).toContain("Qualified");
        expect(exported.body).toContain("Website form");
      }
      expect(lines.join("\n")).not.toMatch(/website_form|qualified,|T\d\d:\d\d:\d\d/);
      expect(lines[0]).toMatch(/,\d{4}\/\d{2}\/\d{2} \d{2}:\d{2},/);
      expect(exported.body).toContain("2026/12/24");
      expect(exported.body).toContain('"VIP, 常連"');

      const imported = await b.client.request({
        method: "POST",
        url: "/api/contacts/import",
        headers: csvHeaders,
        payload: exported.body,
      });
      expect(imported.json()).toEqual({ imported: 3, skipped: [], totalRows: 3 });
      // Custom values by label, tags by name: the ids are each account's own.
      const strip = (list: Record<string, unknown>[], idsOf: Record<string, string>) =>
        list
          .map(({ id: _id, updatedAt: _u, createdAt, tags, customFields, ...rest }) => ({
            ...rest,
            createdAt: String(createdAt).slice(0, 16),
            tags: (tags as { name: string; color: string }[]).map(({ name, color }) => ({ name, color })),
            custom: Object.fromEntries(
              Object.entries(idsOf).map(([label, id]) => [
                label,
                (customFields as Record<string, unknown>)[id],
              ]),
            ),
          }))
          .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
      const listA = strip((await a.client.get("/api/contacts")).json(), ids);
      expect(strip((await b.client.get("/api/contacts")).json(), fieldIds[1] ?? {})).toEqual(listA);
      expect(listA.find((c) => (c as { email?: string }).email === sasaki.email)).toMatchObject({
        tags: [{ name: "VIP" }, { name: "常連" }],
        custom: { 予約日: "2026-12-24", 来店回数: 12, 席: "個室" },
      });
    },
  );

  it.each([
    ["氏名,フリガナ,メール", "佐々木 花子,ササキ ハナコ,h@example.jp"],
    ["氏名,ふりがな,メール", "佐々木 花子,ささき はなこ,h@example.jp"],
    ["姓,名,セイ,メイ,メール", "佐々木,花子,ｻｻｷ,ﾊﾅｺ,h@example.jp"],
  ])("reads readings from %s", async (header, row) => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.request({
      method: "POST",
      url: "/api/contacts/import",
      headers: csvHeaders,
      payload: `${header}\n${row}\n`,
    });
    expect(res.json().imported).toBe(1);
    const [c] = (await client.get("/api/contacts?q=sasaki")).json();
    expect(c).toMatchObject({
      lastName: "佐々木",
      firstName: "花子",
      lastNameKana: "ササキ",
      firstNameKana: "ハナコ",
    });
  });
});
