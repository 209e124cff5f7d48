import { ZContact } from "@shobai/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";

/**
 * A page of the CRM is built as JSON by PostgreSQL (decisions 0057, 0059): it must show every
 * contact exactly as the contact itself (GET /api/contacts/:id, mapped by toContact) does, stored
 * values the API does not know included, and match the documented schema.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ email: { tickMs: null } });
});
afterAll(async () => {
  await ctx?.close();
});

describe("GET /api/contacts", () => {
  it("shows a contact on the first page as a filtered page and the contact itself do", async () => {
    const { client } = await signedInClient(ctx.app);
    const field = await client.post("/api/contact-fields", { label: "来店回数", type: "number" });
    expect(field.statusCode).toBe(201);
    const full = await client.post("/api/contacts", {
      firstName: "花子",
      lastName: "山田",
      firstNameKana: "はなこ",
      lastNameKana: "やまだ",
      company: "さくら食堂",
      phone: "03-1234-5678",
      email: "hanako@example.jp",
      consentText: "店頭でお知らせの受け取りに同意",
    });
    expect(full.statusCode).toBe(201);
    const id = full.json().id as string;
    expect(
      (await client.patch(`/api/contacts/${id}`, { customFields: { [field.json().id]: 3 } })).statusCode,
    ).toBe(200);
    expect((await client.put(`/api/contacts/${id}/tags`, { tags: ["常連", "VIP"] })).statusCode).toBe(200);
    const bare = await client.post("/api/contacts", { lastName: "田中", email: "bare@example.jp" });
    expect(bare.statusCode).toBe(201);

    const first = await client.get("/api/contacts");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-total-count"]).toBe("2");
    const page = first.json() as { id: string }[];
    // Newest first.
    expect(page.map((c) => c.id)).toEqual([bare.json().id, id]);
    const { activities: _activities, ...detail } = (await client.get(`/api/contacts/${id}`)).json();
    expect(page[1]).toEqual(detail);
    expect(page[1]).toMatchObject({
      marketingConsent: "opted_in",
      consentSource: "manual",
      consentUpdatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      customFields: { [field.json().id]: 3 },
      tags: [
        { name: "VIP", color: "gray" },
        { name: "常連", color: "gray" },
      ],
    });
    expect(page[0]).toMatchObject({ tags: [], customFields: {}, consentUpdatedAt: null });
    // The same contacts through a filtered (unprepared) page.
    const filtered = (await client.get("/api/contacts?status=new")).json();
    expect(filtered).toEqual(page);
    // A second page past the end: empty, and the total still counted.
    const past = await client.get("/api/contacts?limit=1&offset=5");
    expect(past.json()).toEqual([]);
    expect(past.headers["x-total-count"]).toBe("2");
  });

  it("answers stored values the API does not know, and odd timestamps, as the contact itself does", async () => {
    const { client } = await signedInClient(ctx.app);
    const made = await client.post("/api/contacts", {
      firstName: 'O\'Brien "Bob"',
      lastName: "タナカ\\",
      email: "odd@example.jp",
      consentText: "改行\nと\tタブ",
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as string;
    expect((await client.put(`/api/contacts/${id}/tags`, { tags: ["季節", "A"] })).statusCode).toBe(200);
    const quoted = `'${id}'`;
    // Values written by an older or newer version, and microseconds the API rounds away.
    await ctx.db.execute(
      `update contacts set status = 'archived_old', source = 'fax', marketing_consent = 'maybe',
         consent_source = 'carrier_pigeon', consent_updated_at = '2026-01-02 03:04:05.678999+00',
         created_at = '2025-12-31 23:59:59.999999+09', custom_fields = '{"x": 1.50, "y": "二", "z": 1e3}'
       where id = ${quoted}`,
    );
    await ctx.db.execute(
      `update contact_tags set color = 'ultraviolet' where id in
         (select tag_id from contact_tag_links where contact_id = ${quoted}) and name = 'A'`,
    );
    const first = await client.get("/api/contacts");
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    const page = z.array(ZContact).parse(first.json());
    const { activities: _activities, ...detail } = (await client.get(`/api/contacts/${id}`)).json();
    expect(page[0]).toEqual(detail);
    expect(page[0]).toMatchObject({
      firstName: 'O\'Brien "Bob"',
      lastName: "タナカ\\",
      consentText: "改行\nと\tタブ",
      status: "new",
      source: "manual",
      marketingConsent: "unknown",
      consentSource: null,
      consentUpdatedAt: "2026-01-02T03:04:05.678Z",
      createdAt: "2025-12-31T14:59:59.999Z",
      customFields: { x: 1.5, y: "二", z: 1000 },
      tags: [
        { name: "A", color: "gray" },
        { name: "季節", color: "gray" },
      ],
    });
    // A filtered page (not the prepared statement) answers the same.
    expect(z.array(ZContact).parse((await client.get("/api/contacts?q=odd")).json())).toEqual(page);
  });

  it("keeps a page until anything on it changes, whoever changes it; never another workspace's", async () => {
    const a = await signedInClient(ctx.app);
    const b = await signedInClient(ctx.app);
    const made = await a.client.post("/api/contacts", { lastName: "一番", email: "one@example.jp" });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as string;
    await b.client.post("/api/contacts", { lastName: "別社", email: "other@example.jp" });
    const names = async (client: typeof a.client, query = "") =>
      ((await client.get(`/api/contacts${query}`)).json() as { lastName: string }[]).map((c) => c.lastName);
    expect(await names(a.client)).toEqual(["一番"]);
    expect(await names(b.client)).toEqual(["別社"]);
    // The page is kept: a change that is not announced (trigger off) does not show...
    await ctx.db.execute("alter table contacts disable trigger contacts_announce_change");
    try {
      await ctx.db.execute(`update contacts set last_name = '隠れ' where id = '${id}'`);
      expect(await names(a.client)).toEqual(["一番"]);
      // ...on that page only: another page (other parameters) is read afresh.
      expect(await names(a.client, "?limit=5")).toEqual(["隠れ"]);
    } finally {
      await ctx.db.execute("alter table contacts enable trigger contacts_announce_change");
    }
    // Announced changes show on the very next read: a contact changed by SQL (another process)...
    await ctx.db.execute(`update contacts set last_name = '二番' where id = '${id}'`);
    expect(await names(a.client)).toEqual(["二番"]);
    // ...a tag added, a tag renamed, through the API.
    expect((await a.client.put(`/api/contacts/${id}/tags`, { tags: ["常連"] })).statusCode).toBe(200);
    const tagged = (await a.client.get("/api/contacts")).json() as { tags: { id: string; name: string }[] }[];
    expect(tagged[0]?.tags.map((t) => t.name)).toEqual(["常連"]);
    const tagId = tagged[0]?.tags[0]?.id as string;
    expect((await a.client.patch(`/api/contact-tags/${tagId}`, { name: "上得意" })).statusCode).toBe(200);
    const renamed = (await a.client.get("/api/contacts")).json() as { tags: { name: string }[] }[];
    expect(renamed[0]?.tags.map((t) => t.name)).toEqual(["上得意"]);
    // A new contact and a deleted one.
    const second = await a.client.post("/api/contacts", { lastName: "三番", email: "three@example.jp" });
    expect(await names(a.client)).toEqual(["三番", "二番"]);
    expect((await a.client.delete(`/api/contacts/${second.json().id}`)).statusCode).toBe(204);
    expect(await names(a.client)).toEqual(["二番"]);
    // The other workspace's page never changed.
    expect(await names(b.client)).toEqual(["別社"]);
  });
});
