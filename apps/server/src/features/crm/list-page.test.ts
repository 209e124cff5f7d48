import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";

/**
 * The CRM's first page is one prepared query whose rows are mapped by hand (decision 0057): it must
 * show every contact exactly as a filtered page (drizzle's mapping) and the contact itself do.
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
});
