import { renderSite, type TSiteContent } from "@shobai/sitegen";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRACKER_PATH } from "../../lib/site-paths";
import { siteOrigin, siteRequest } from "../../testing/site-requests";
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

type Draft = {
  revision: number;
  content: TSiteContent;
  publishedRevision: number;
  unpublishedChanges: boolean;
};

async function siteOfNewOwner(): Promise<{ client: TestClient; id: string; slug: string }> {
  const owner = await signedInClient(ctx.app);
  await ctx.app.services.auth.setPlan(owner.email, "business");
  const res = await owner.client.post("/api/websites/generate", WAGASHI);
  expect(res.statusCode).toBe(201);
  const { id, slug } = res.json() as { id: string; slug: string };
  return { client: owner.client, id, slug };
}

async function draftOf(client: TestClient, id: string): Promise<Draft> {
  const res = await client.get(`/api/websites/${id}/draft`);
  expect(res.statusCode).toBe(200);
  return res.json() as Draft;
}

const withHeadline = (content: TSiteContent, headline: string): TSiteContent => ({
  ...content,
  content: {
    ...content.content,
    ja: { ...content.content.ja!, hero: { ...content.content.ja!.hero, headline } },
  },
});

const hostedPage = async (slug: string, path = "/ja/") =>
  (await siteRequest(ctx.app, slug, { url: path })).body;

describe("drafts and publishing", () => {
  it("saves a draft that visitors do not see until it is published, exactly as rendered from the draft", async () => {
    const { client, id, slug } = await siteOfNewOwner();
    const first = await draftOf(client, id);
    expect(first).toMatchObject({ revision: 0, publishedRevision: 0, unpublishedChanges: false });

    const edited = withHeadline(first.content, "季節の上生菓子をどうぞ");
    const saved = await client.put(`/api/websites/${id}/draft`, { revision: 0, content: edited });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ revision: 1, unpublishedChanges: true });
    expect(await hostedPage(slug)).not.toContain("季節の上生菓子をどうぞ");

    const published = await client.post(`/api/websites/${id}/publish`, { revision: 1 });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ publishedRevision: 2, unpublishedChanges: false });

    const html = await hostedPage(slug);
    const expected = renderSite(edited, {
      baseUrl: siteOrigin(slug),
      formAction: "/contact",
      trackerSrc: TRACKER_PATH,
    }).pages.find((page) => page.path === "ja/index.html")?.html;
    expect(html).toBe(expected);
  });

  it("refuses a save from a stale revision with 409 revision_conflict and keeps the newer draft", async () => {
    const { client, id } = await siteOfNewOwner();
    const { content } = await draftOf(client, id);
    expect(
      (
        await client.put(`/api/websites/${id}/draft`, {
          revision: 0,
          content: withHeadline(content, "一つ目のタブ"),
        })
      ).statusCode,
    ).toBe(200);
    const stale = await client.put(`/api/websites/${id}/draft`, {
      revision: 0,
      content: withHeadline(content, "二つ目のタブ"),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "revision_conflict" });
    const now = await draftOf(client, id);
    expect(now.revision).toBe(1);
    expect(now.content.content.ja?.hero.headline).toBe("一つ目のタブ");
    const stalePublish = await client.post(`/api/websites/${id}/publish`, { revision: 0 });
    expect(stalePublish.statusCode).toBe(409);
  });

  it("lists published revisions and restores an old one as the draft", async () => {
    const { client, id, slug } = await siteOfNewOwner();
    const original = await draftOf(client, id);
    const generatedHeadline = original.content.content.ja?.hero.headline ?? "";
    await client.put(`/api/websites/${id}/draft`, {
      revision: 0,
      content: withHeadline(original.content, "新しい見出し"),
    });
    await client.post(`/api/websites/${id}/publish`, { revision: 1 });

    const list = await client.get(`/api/websites/${id}/revisions`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { revision: 2, kind: "published", publishedAt: expect.any(String) },
      { revision: 1, kind: "generated", publishedAt: expect.any(String) },
    ]);
    const old = await client.get(`/api/websites/${id}/revisions/1`);
    expect(old.json().content.ja.hero.headline).toBe(generatedHeadline);

    const restored = await client.post(`/api/websites/${id}/revisions/1/restore`);
    expect(restored.statusCode).toBe(200);
    const draft = restored.json() as Draft;
    expect(draft.content.content.ja?.hero.headline).toBe(generatedHeadline);
    expect(draft.unpublishedChanges).toBe(true);
    expect(await hostedPage(slug)).toContain("新しい見出し");
    await client.post(`/api/websites/${id}/publish`, { revision: draft.revision });
    expect(await hostedPage(slug)).not.toContain("新しい見出し");
    expect((await client.get(`/api/websites/${id}/revisions/9`)).statusCode).toBe(404);
  });

  it("renders the editor's section order, hidden sections, template and font", async () => {
    const { client, id, slug } = await siteOfNewOwner();
    const { content } = await draftOf(client, id);
    const arranged: TSiteContent = {
      ...content,
      template: "legal",
      font: "sans",
      sections: [
        { id: "faq", hidden: false },
        { id: "offerings", hidden: false },
        { id: "highlights", hidden: true },
        { id: "contact", hidden: false },
      ],
    };
    await client.put(`/api/websites/${id}/draft`, { revision: 0, content: arranged });
    await client.post(`/api/websites/${id}/publish`, { revision: 1 });
    const html = await hostedPage(slug);
    expect(html).toContain('class="t-legal"');
    const order = [...html.matchAll(/<section id="(\w+)"/g)].map((m) => m[1]);
    expect(order).toEqual(["faq", "offerings", "contact"]);
    expect(html).not.toContain('href="#about"');
    const site = await client.get(`/api/websites/${id}`);
    expect(site.json()).toMatchObject({ template: "legal" });
  });

  it("keeps hostile text inert: escaped in the page, never a script or a javascript: link", async () => {
    const { client, id, slug } = await siteOfNewOwner();
    const { content } = await draftOf(client, id);
    const hostile = withHeadline(content, '<script>alert("x")</script><a href="javascript:alert(1)">x</a>');
    const facts = { ...content.facts!, phone: "javascript:alert(1)" };
    await client.put(`/api/websites/${id}/draft`, { revision: 0, content: { ...hostile, facts } });
    await client.post(`/api/websites/${id}/publish`, { revision: 1 });
    const html = await hostedPage(slug);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toMatch(/href="tel:javascript/i);
    const badImage = await client.put(`/api/websites/${id}/draft`, {
      revision: 2,
      content: { ...content, images: [{ src: "javascript:alert(1)", alt: "", width: 10, height: 10 }] },
    });
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json().issues).toContainEqual(expect.objectContaining({ path: "content.images.0.src" }));
  });
});

describe("changes made outside the editor", () => {
  it("starts the draft again from the new text when the settings change the languages", async () => {
    const { client, id } = await siteOfNewOwner();
    const { content } = await draftOf(client, id);
    await client.put(`/api/websites/${id}/draft`, {
      revision: 0,
      content: withHeadline(content, "下書きの見出し"),
    });
    expect((await client.patch(`/api/websites/${id}`, { languages: ["ja", "en", "pl"] })).statusCode).toBe(
      200,
    );
    const draft = await draftOf(client, id);
    expect(draft.revision).toBe(2);
    expect(draft.unpublishedChanges).toBe(false);
    expect(draft.content.languages).toEqual(["ja", "en", "pl"]);
    const stale = await client.put(`/api/websites/${id}/draft`, { revision: 1, content });
    expect(stale.statusCode).toBe(409);
  });
});

describe("bad content and owners", () => {
  it("answers 400 with the field path for content outside the model, and for a palette below AA", async () => {
    const { client, id } = await siteOfNewOwner();
    const { content } = await draftOf(client, id);
    const empty = await client.put(`/api/websites/${id}/draft`, {
      revision: 0,
      content: withHeadline(content, ""),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: "validation_error" });
    expect(empty.json().issues).toContainEqual(
      expect.objectContaining({ path: "content.content.ja.hero.headline" }),
    );

    const pale = { ...content, colours: { ...content.colours, text: "#bbbbbb", background: "#ffffff" } };
    const refused = await client.put(`/api/websites/${id}/draft`, { revision: 0, content: pale });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toContainEqual(
      expect.objectContaining({ path: "content.colours.text", code: "contrast_too_low" }),
    );

    const missingLanguage = { ...content, content: { ja: content.content.ja } };
    const noEnglish = await client.put(`/api/websites/${id}/draft`, {
      revision: 0,
      content: missingLanguage,
    });
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json().issues).toContainEqual(expect.objectContaining({ path: "content.content.en" }));

    const twice = { ...content, sections: [{ id: "faq" }, { id: "faq" }] };
    expect((await client.put(`/api/websites/${id}/draft`, { revision: 0, content: twice })).statusCode).toBe(
      400,
    );
    expect((await draftOf(client, id)).revision).toBe(0);
  });

  it("shows and changes a draft only for its owner: another user gets 404 everywhere", async () => {
    const { client, id } = await siteOfNewOwner();
    const { content } = await draftOf(client, id);
    await client.put(`/api/websites/${id}/draft`, { revision: 0, content });
    await client.post(`/api/websites/${id}/publish`, { revision: 1 });
    const other = (await signedInClient(ctx.app)).client;
    const answers = [
      await other.get(`/api/websites/${id}/draft`),
      await other.put(`/api/websites/${id}/draft`, { revision: 1, content }),
      await other.post(`/api/websites/${id}/publish`, { revision: 1 }),
      await other.get(`/api/websites/${id}/revisions`),
      await other.get(`/api/websites/${id}/revisions/1`),
      await other.post(`/api/websites/${id}/revisions/1/restore`),
      await other.post(`/api/websites/${id}/sections/faq/regenerate`, {}),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect((await draftOf(client, id)).revision).toBe(1);
    const anonymous = await ctx.app.inject({ method: "GET", url: `/api/websites/${id}/draft` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("one section written again", () => {
  it("writes the section in every language without saving it", async () => {
    const { client, id } = await siteOfNewOwner();
    const { content } = await draftOf(client, id);
    await client.put(`/api/websites/${id}/draft`, {
      revision: 0,
      content: {
        ...content,
        content: {
          ...content.content,
          ja: { ...content.content.ja!, faq: { title: "質問", items: [{ question: "Q", answer: "A" }] } },
        },
      },
    });
    const res = await client.post(`/api/websites/${id}/sections/faq/regenerate`, {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ section: "faq", writer: "composer" });
    expect(body.content.ja).toEqual(content.content.ja?.faq);
    expect(body.content.en).toEqual(content.content.en?.faq);
    expect((await draftOf(client, id)).content.content.ja?.faq.title).toBe("質問");
    expect((await client.post(`/api/websites/${id}/sections/footer/regenerate`, {})).statusCode).toBe(400);
    const onlyEn = await client.post(`/api/websites/${id}/sections/hero/regenerate`, { languages: ["en"] });
    expect(Object.keys(onlyEn.json().content)).toEqual(["en"]);
  });
});
