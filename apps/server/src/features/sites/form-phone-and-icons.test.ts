import type { TContact, TMediaItem } from "@shobai/shared";
import type { TSiteContent } from "@shobai/sitegen";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainPhoto } from "../../testing/photos";
import { postSiteForm, siteRequest } from "../../testing/site-requests";
import { createTestApp, signedInClient, type TestClient, type TestContext } from "../../testing/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const WAGASHI = {
  businessDescription:
    "「京菓子 つるや」は京都市上京区の和菓子店です。上生菓子 450円、わらび餅 600円、どら焼き 280円。営業は9時〜18時、水曜定休。",
  languages: ["ja", "en"],
};

async function siteOfNewOwner(): Promise<{ client: TestClient; id: string; slug: string }> {
  const owner = await signedInClient(ctx.app);
  const res = await owner.client.post("/api/websites/generate", WAGASHI);
  expect(res.statusCode).toBe(201);
  const { id, slug } = res.json() as { id: string; slug: string };
  return { client: owner.client, id, slug };
}

/** Saves the draft changed by `edit` and publishes it. */
async function publishEdit(client: TestClient, id: string, edit: (site: TSiteContent) => TSiteContent) {
  const draft = (await client.get(`/api/websites/${id}/draft`)).json() as {
    revision: number;
    content: TSiteContent;
  };
  const saved = await client.put(`/api/websites/${id}/draft`, {
    revision: draft.revision,
    content: edit(draft.content),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const { revision } = saved.json() as { revision: number };
  expect((await client.post(`/api/websites/${id}/publish`, { revision })).statusCode).toBe(200);
}

const FORM = { name: "山田花子", message: "予約できますか？", lang: "ja" };

describe("the site form's phone field (issue 30)", () => {
  it("by default requires email and ignores a phone", async () => {
    const { client, slug } = await siteOfNewOwner();
    const refused = await postSiteForm(ctx.app, slug, { ...FORM, phone: "075-123-4567" });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("正しいメールアドレスを入力してください。");
    const sent = await postSiteForm(ctx.app, slug, {
      ...FORM,
      email: "hanako@example.com",
      phone: "075-123-4567",
    });
    expect(sent.statusCode).toBe(303);
    const [contact] = (await client.get("/api/contacts")).json() as TContact[];
    expect(contact).toMatchObject({ email: "hanako@example.com", phone: "" });
  });

  it("with phone required: takes a phone-only enquiry as a contact without email, and the same caller twice as one", async () => {
    const { client, id, slug } = await siteOfNewOwner();
    await publishEdit(client, id, (site) => ({ ...site, contactForm: { phone: true, required: "phone" } }));
    const page = (await siteRequest(ctx.app, slug, { url: "/ja/" })).body;
    const phoneInput = page.match(/<input id="f-phone"[^>]*>/)?.[0] ?? "";
    expect(phoneInput).toContain('type="tel"');
    expect(phoneInput).toContain('required=""');

    const noPhone = await postSiteForm(ctx.app, slug, { ...FORM, email: "hanako@example.com" });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.body).toContain("電話番号を正しく入力してください");
    // What the visitor typed is kept.
    expect(noPhone.body).toContain("予約できますか？");

    const bad = await postSiteForm(ctx.app, slug, { ...FORM, phone: "call me maybe" });
    expect(bad.statusCode).toBe(400);

    expect(
      (await postSiteForm(ctx.app, slug, { ...FORM, phone: "０７５－１２３－４５６７" })).statusCode,
    ).toBe(303);
    expect((await postSiteForm(ctx.app, slug, { ...FORM, phone: "075 123 4567" })).statusCode).toBe(303);
    const contacts = (await client.get("/api/contacts")).json() as TContact[];
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ email: "", phone: "075-123-4567", source: "website_form" });
    // The owner's alert names the phone (and no empty email line).
    const alerts = (
      (await client.get("/api/email/outbox")).json() as { subject: string; text: string }[]
    ).filter((m) => m.subject.includes("お問い合わせがありました"));
    expect(alerts.length).toBeGreaterThan(0);
    // (The full-width number arrives as typed, read as half-width.)
    expect(alerts.map((a) => a.text).join("\n")).toContain("電話: 075-123-4567");
    expect(alerts.every((a) => !a.text.includes("メール:"))).toBe(true);
    // A second phone-only caller is another contact (no clash on the empty email).
    expect(
      (await postSiteForm(ctx.app, slug, { ...FORM, name: "佐藤", phone: "090-1111-2222" })).statusCode,
    ).toBe(303);
    expect(((await client.get("/api/contacts")).json() as TContact[]).length).toBe(2);
  });

  it("with either: needs one of them, says so in the site's language", async () => {
    const { client, id, slug } = await siteOfNewOwner();
    await publishEdit(client, id, (site) => ({ ...site, contactForm: { phone: true, required: "either" } }));
    const neither = await postSiteForm(ctx.app, slug, { ...FORM, lang: "en" });
    expect(neither.statusCode).toBe(400);
    expect(neither.body).toContain('<html lang="en">');
    expect(neither.body).toContain("Please give an email address or a phone number.");
    expect((await postSiteForm(ctx.app, slug, { ...FORM, email: "a@example.com" })).statusCode).toBe(303);
    expect((await postSiteForm(ctx.app, slug, { ...FORM, phone: "+81 75 123 4567" })).statusCode).toBe(303);
    const badEmail = await postSiteForm(ctx.app, slug, {
      ...FORM,
      email: "not-an-address",
      phone: "075-000-0000",
    });
    expect(badEmail.statusCode).toBe(400);
    const contacts = (await client.get("/api/contacts")).json() as TContact[];
    expect(contacts.map((c) => c.email).sort()).toEqual(["", "a@example.com"]);
  });
});

describe("icons from the logo (issue 30)", () => {
  it("serves a monogram touch icon without a logo, and the logo on the site's background once there is one", async () => {
    const { client, id, slug } = await siteOfNewOwner();
    const before = await siteRequest(ctx.app, slug, { url: "/apple-touch-icon.png" });
    expect(before.statusCode).toBe(200);
    expect(before.headers["content-type"]).toBe("image/png");
    expect(await sharp(before.rawPayload).metadata()).toMatchObject({
      width: 180,
      height: 180,
      format: "png",
    });

    const upload = await client.request({
      method: "POST",
      url: `/api/websites/${id}/media?name=logo.png`,
      headers: { "content-type": "image/png" },
      payload: await plainPhoto(900, 300, "png", { r: 200, g: 20, b: 20 }),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const item = upload.json() as TMediaItem;
    let background = "";
    await publishEdit(client, id, (site) => {
      background = site.colours.background;
      return {
        ...site,
        photos: {
          logo: {
            id: item.id,
            hash: item.hash,
            width: item.width,
            height: item.height,
            widths: item.widths,
            alt: {},
            decorative: false,
          },
        },
      };
    });
    const page = (await siteRequest(ctx.app, slug, { url: "/ja/" })).body;
    expect(page).toMatch(/<a class="brand logo"[^>]*><picture>/);
    expect(page).toContain('alt="京菓子 つるや"');
    expect(page).toMatch(/<link rel="icon" href="[^"]+\/favicon\.png" type="image\/png" sizes="48x48"\/>/);

    for (const [file, size] of [
      ["/apple-touch-icon.png", 180],
      ["/favicon.png", 48],
    ] as const) {
      const icon = await siteRequest(ctx.app, slug, { url: file });
      expect(icon.statusCode).toBe(200);
      const { data, info } = await sharp(icon.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([size, size]);
      const at = (x: number, y: number) => {
        const i = (y * info.width + x) * info.channels;
        return [data[i], data[i + 1], data[i + 2]];
      };
      // The red logo in the middle, the site's background in the corner (no transparency).
      const [r, g, b] = at(size / 2, size / 2);
      expect(r).toBeGreaterThan(150);
      expect(g).toBeLessThan(80);
      expect(b).toBeLessThan(80);
      const hex = `#${at(0, 0)
        .map((c) => (c ?? 0).toString(16).padStart(2, "0"))
        .join("")}`;
      expect(hex).toBe(background.toLowerCase());
    }
  });

  it("never draws another site's logo: a logo naming a photo of someone else's library falls back to the monogram", async () => {
    const owner = await siteOfNewOwner();
    const upload = await owner.client.request({
      method: "POST",
      url: `/api/websites/${owner.id}/media?name=logo.png`,
      headers: { "content-type": "image/png" },
      payload: await plainPhoto(900, 300, "png", { r: 200, g: 20, b: 20 }),
    });
    const item = upload.json() as TMediaItem;
    const other = await siteOfNewOwner();
    let primary = "";
    await publishEdit(other.client, other.id, (site) => {
      primary = site.colours.primary;
      return {
        ...site,
        photos: {
          logo: {
            id: item.id,
            hash: item.hash,
            width: 900,
            height: 300,
            widths: item.widths,
            alt: {},
            decorative: false,
          },
        },
      };
    });
    const icon = await siteRequest(ctx.app, other.slug, { url: "/apple-touch-icon.png" });
    expect(icon.statusCode).toBe(200);
    const { data, info } = await sharp(icon.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const corner = `#${[data[0], data[1], data[2]].map((c) => (c ?? 0).toString(16).padStart(2, "0")).join("")}`;
    expect(info.width).toBe(180);
    // The monogram's square in the theme colour, not the other site's red logo on a background.
    expect(corner).toBe(primary.toLowerCase());
  });

  it("keeps unpublished sites' icons from strangers", async () => {
    const { client, id, slug } = await siteOfNewOwner();
    await client.patch(`/api/websites/${id}`, { isPublished: false });
    expect((await siteRequest(ctx.app, slug, { url: "/apple-touch-icon.png" })).statusCode).toBe(404);
  });
});
