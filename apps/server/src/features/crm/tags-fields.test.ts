import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, TestClient, type TestContext } from "../../testing/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function contactOf(client: TestClient, lastName: string) {
  const res = await client.post("/api/contacts", {
    lastName,
    email: `c-${crypto.randomUUID()}@example.jp`,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}

describe("tags", () => {
  it("makes tags on the fly, colours them and filters by several", async () => {
    const { client } = await signedInClient(ctx.app);
    const [a, b, c] = [
      await contactOf(client, "青木"),
      await contactOf(client, "井上"),
      await contactOf(client, "上田"),
    ];
    const set = await client.put(`/api/contacts/${a.id}/tags`, { tags: ["常連", "VIP", "常連"] });
    expect(set.statusCode).toBe(200);
    expect(set.json().map((t: { name: string }) => t.name)).toEqual(["VIP", "常連"]);
    await client.put(`/api/contacts/${b.id}/tags`, { tags: ["常連"] });
    await client.put(`/api/contacts/${c.id}/tags`, { tags: ["VIP"] });

    const tags = (await client.get("/api/contact-tags")).json() as {
      id: string;
      name: string;
      color: string;
    }[];
    expect(tags.map((t) => [t.name, t.color])).toEqual([
      ["VIP", "gray"],
      ["常連", "gray"],
    ]);
    const vip = tags.find((t) => t.name === "VIP")?.id ?? "";
    const regular = tags.find((t) => t.name === "常連")?.id ?? "";
    const recolored = await client.patch(`/api/contact-tags/${vip}`, { color: "amber" });
    expect(recolored.json()).toMatchObject({ name: "VIP", color: "amber" });

    const ids = async (query: string) =>
      ((await client.get(`/api/contacts?${query}`)).json() as { id: string }[]).map((x) => x.id).sort();
    expect(await ids(`tags=${regular}`)).toEqual([a.id, b.id].sort());
    expect(await ids(`tags=${regular},${vip}`)).toEqual([a.id]);
    expect(await ids(`tags=${vip}&q=${encodeURIComponent("上田")}`)).toEqual([c.id]);
    const listed = (await client.get(`/api/contacts/${a.id}`)).json();
    expect(listed.tags).toEqual([
      { id: vip, name: "VIP", color: "amber" },
      { id: regular, name: "常連", color: "gray" },
    ]);

    // Removing all tags, and deleting a tag, leave the contacts alone.
    await client.put(`/api/contacts/${b.id}/tags`, { tags: [] });
    expect(await ids(`tags=${regular}`)).toEqual([a.id]);
    expect((await client.delete(`/api/contact-tags/${regular}`)).statusCode).toBe(204);
    expect(
      (await client.get(`/api/contacts/${a.id}`)).json().tags.map((t: { name: string }) => t.name),
    ).toEqual(["VIP"]);
  });

  it.each([
    [{ tags: ["a,b"] }, "must not contain a comma"],
    [{ tags: [""] }, "name is required"],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "at most 20 tags"],
  ])("refuses %j", async (body, message) => {
    const { client } = await signedInClient(ctx.app);
    const c = await contactOf(client, "岡田");
    const res = await client.put(`/api/contacts/${c.id}/tags`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe("custom fields", () => {
  it("keeps text, number, date and select values, checked against the field's type", async () => {
    const { client } = await signedInClient(ctx.app);
    const field = async (body: object) => {
      const res = await client.post("/api/contact-fields", body);
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const memo = await field({ label: "好み", type: "text" });
    const visits = await field({ label: "来店回数", type: "number" });
    const booked = await field({ label: "予約日", type: "date" });
    const seat = await field({ label: "席", type: "select", options: ["カウンター", "個室"] });
    expect((await client.post("/api/contact-fields", { label: "席", type: "text" })).statusCode).toBe(409);
    expect((await client.post("/api/contact-fields", { label: "x", type: "select" })).statusCode).toBe(400);
    expect((await client.post("/api/contact-fields", { label: "x", type: "colour" })).statusCode).toBe(400);

    const c = await contactOf(client, "木村");
    const ok = await client.patch(`/api/contacts/${c.id}`, {
      customFields: { [memo]: "辛め", [visits]: 3, [booked]: "2026-12-24", [seat]: "個室" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().customFields).toEqual({
      [memo]: "辛め",
      [visits]: 3,
      [booked]: "2026-12-24",
      [seat]: "個室",
    });

    for (const bad of [
      { [visits]: "many" },
      { [booked]: "2026-02-30" },
      { [seat]: "テラス" },
      { "no-such-field": "x" },
    ]) {
      const res = await client.patch(`/api/contacts/${c.id}`, { customFields: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toMatch(/^customFields\./);
      // A wrong kind of value is "custom"; a field that is not there (removed meanwhile) says so.
      expect(res.json().issues[0].code).toBe("no-such-field" in bad ? "unknown_field" : "custom");
    }
    // null clears one value; the others stay.
    const cleared = await client.patch(`/api/contacts/${c.id}`, { customFields: { [memo]: null } });
    expect(cleared.json().customFields).toEqual({ [visits]: 3, [booked]: "2026-12-24", [seat]: "個室" });
    expect((await client.get("/api/contact-fields")).json().map((f: { label: string }) => f.label)).toEqual([
      "好み",
      "来店回数",
      "予約日",
      "席",
    ]);
    expect((await client.delete(`/api/contact-fields/${memo}`)).statusCode).toBe(204);
  });

  it("imports custom values and tags from the columns named like them, refusing a bad value by row", async () => {
    const { client } = await signedInClient(ctx.app);
    await client.post("/api/contact-fields", { label: "来店回数", type: "number" });
    const csv = [
      "姓,メール,来店回数,タグ",
      "佐藤,s@example.jp,5,常連、VIP",
      "鈴木,z@example.jp,たくさん,",
    ].join("\n");
    const res = await client.request({
      method: "POST",
      url: "/api/contacts/import",
      headers: { "content-type": "text/csv" },
      payload: csv,
    });
    expect(res.json()).toMatchObject({
      imported: 1,
      skipped: [{ row: 3, code: "invalid", issue: { path: expect.stringMatching(/^customFields\./) } }],
    });
    const [sato] = (await client.get("/api/contacts")).json();
    expect(Object.values(sato.customFields)).toEqual([5]);
    expect(sato.tags.map((t: { name: string }) => t.name)).toEqual(["VIP", "常連"]);
  });
});

describe("owners are kept apart (tags and fields)", () => {
  it("one owner cannot see, change, delete or use another's tags and fields", async () => {
    const a = await signedInClient(ctx.app);
    const b = await signedInClient(ctx.app);
    const contact = await contactOf(a.client, "秘密");
    const [tag] = (await a.client.put(`/api/contacts/${contact.id}/tags`, { tags: ["Aのタグ"] })).json();
    const field = (await a.client.post("/api/contact-fields", { label: "Aの項目", type: "text" })).json();

    expect((await b.client.get("/api/contact-tags")).json()).toEqual([]);
    expect((await b.client.get("/api/contact-fields")).json()).toEqual([]);
    expect((await b.client.patch(`/api/contact-tags/${tag.id}`, { color: "red" })).statusCode).toBe(404);
    expect((await b.client.delete(`/api/contact-tags/${tag.id}`)).statusCode).toBe(404);
    expect((await b.client.delete(`/api/contact-fields/${field.id}`)).statusCode).toBe(404);
    expect((await b.client.put(`/api/contacts/${contact.id}/tags`, { tags: ["x"] })).statusCode).toBe(404);
    // B's filter by A's tag finds nothing of A's; B's contact cannot take A's field.
    expect((await b.client.get(`/api/contacts?tags=${tag.id}`)).json()).toEqual([]);
    const own = await contactOf(b.client, "自分");
    const res = await b.client.patch(`/api/contacts/${own.id}`, { customFields: { [field.id]: "x" } });
    expect(res.statusCode).toBe(400);
    // A's are untouched.
    expect((await a.client.get(`/api/contacts/${contact.id}`)).json().tags).toEqual([tag]);
    expect((await a.client.get("/api/contact-fields")).json()).toHaveLength(1);
  });

  it("needs sign-in", async () => {
    const anon = new TestClient(ctx.app);
    for (const url of ["/api/contact-tags", "/api/contact-fields"])
      expect((await anon.get(url)).statusCode).toBe(401);
    expect((await anon.put("/api/contacts/x/tags", { tags: [] })).statusCode).toBe(401);
  });
});
