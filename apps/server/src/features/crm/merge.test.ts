import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe("duplicates and merge", () => {
  it("finds a duplicate by phone or by family name and company, and a merge keeps both timelines", async () => {
    const { client } = await signedInClient(ctx.app);
    const keep = (
      await client.post("/api/contacts", {
        lastName: "佐々木",
        firstName: "花子",
        email: "hanako@example.jp",
        phone: "090-1234-5678",
      })
    ).json();
    const byPhone = (
      await client.post("/api/contacts", {
        lastName: "ササキ",
        email: "h.sasaki@example.jp",
        phone: "09012345678",
        company: "みどり",
      })
    ).json();
    const byNameCompany = (
      await client.post("/api/contacts", { lastName: "佐々木", company: "みどり", email: "other@example.jp" })
    ).json();
    await client.post("/api/contacts", { lastName: "田中", email: "tanaka@example.jp" });

    const dups = (await client.get(`/api/contacts/${keep.id}/duplicates`)).json();
    expect(dups.map((c: { id: string }) => c.id)).toEqual([byPhone.id]);
    const dups2 = (await client.get(`/api/contacts/${byNameCompany.id}/duplicates`)).json();
    expect(dups2.map((c: { id: string }) => c.id)).toEqual([]);

    await client.post(`/api/contacts/${keep.id}/notes`, { text: "先に来た方のメモ" });
    await client.post(`/api/contacts/${byPhone.id}/notes`, { text: "重複の方のメモ" });
    await client.put(`/api/contacts/${byPhone.id}/tags`, { tags: ["常連"] });

    const merged = await client.post(`/api/contacts/${keep.id}/merge`, { otherId: byPhone.id });
    expect(merged.statusCode).toBe(200);
    const detail = merged.json();
    const notes = detail.activities
      .filter((a: { type: string }) => a.type === "note")
      .map((a: { data: { text: string } }) => a.data.text);
    expect(notes.sort()).toEqual(["先に来た方のメモ", "重複の方のメモ"].sort());
    expect(detail.activities.filter((a: { type: string }) => a.type === "created")).toHaveLength(2);
    expect(detail.activities[0]).toMatchObject({ type: "merged", data: { email: "h.sasaki@example.jp" } });
    // Empty fields are filled from the other; the kept contact's own values win.
    expect(detail).toMatchObject({ lastName: "佐々木", company: "みどり", email: "hanako@example.jp" });
    expect(detail.tags.map((t: { name: string }) => t.name)).toEqual(["常連"]);
    expect((await client.get(`/api/contacts/${byPhone.id}`)).statusCode).toBe(404);
    // Now 佐々木 + みどり matches the name-and-company rule.
    const after = (await client.get(`/api/contacts/${keep.id}/duplicates`)).json();
    expect(after.map((c: { id: string }) => c.id)).toEqual([byNameCompany.id]);
    expect((await client.post(`/api/contacts/${keep.id}/merge`, { otherId: keep.id })).statusCode).toBe(400);
  });

  it("keeps owners apart: no duplicates across owners, no merging another's contact", async () => {
    const a = await signedInClient(ctx.app);
    const b = await signedInClient(ctx.app);
    const mine = (await a.client.post("/api/contacts", { lastName: "A", email: "same@example.jp" })).json();
    const theirs = (await b.client.post("/api/contacts", { lastName: "B", email: "same@example.jp" })).json();
    expect((await a.client.get(`/api/contacts/${mine.id}/duplicates`)).json()).toEqual([]);
    expect((await b.client.get(`/api/contacts/${mine.id}/duplicates`)).statusCode).toBe(404);
    expect((await a.client.post(`/api/contacts/${mine.id}/merge`, { otherId: theirs.id })).statusCode).toBe(
      404,
    );
    expect((await b.client.post(`/api/contacts/${mine.id}/merge`, { otherId: theirs.id })).statusCode).toBe(
      404,
    );
    expect((await b.client.get(`/api/contacts/${theirs.id}`)).statusCode).toBe(200);
    expect((await a.client.get(`/api/contacts/${mine.id}`)).statusCode).toBe(200);
  });
});
