// @vitest-environment jsdom
import { BUSINESS_CATEGORIES, LANGUAGES, type TLanguage } from "@shobai/shared";
import { describe, expect, it } from "vitest";
import { composeSite } from "../compose.ts";
import { FONT_PAIRS, type TSiteContent } from "../content-model.ts";
import { renderHomePage, renderSite } from "../render/render-site.tsx";
import { TEMPLATES } from "../templates/index.ts";
import { validationErrors } from "../test-helpers.ts";
import { contrastProblems } from "./contrast.ts";
import { findEditables } from "./editable.ts";
import { PALETTES } from "./palettes.ts";
import { ZEditableSite } from "./schemas.ts";

const OPTIONS = { baseUrl: "https://shop.example", formAction: "/contact" };
const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

function generated(
  industry: (typeof BUSINESS_CATEGORIES)[number],
  languages: TLanguage[] = ["ja", "en"],
): TSiteContent {
  return composeSite({
    businessDescription:
      "京都の和菓子店です。上生菓子 450円、わらび餅 600円。9時〜18時、水曜定休。電話 075-123-4567",
    businessType: industry,
    targetMarket: "japan",
    languages,
  });
}

function valueAt(
  site: TSiteContent,
  lang: TLanguage,
  scope: "lang" | "site",
  path: (string | number)[],
): unknown {
  let node: unknown = scope === "site" ? site : site.content[lang];
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

/** Every editable text the page shows, as `path → text`. */
function shownTexts(site: TSiteContent, lang: TLanguage): Map<string, string> {
  const doc = parse(renderHomePage(site, OPTIONS, lang));
  return new Map(
    findEditables(doc).map((e) => [`${e.scope}:${e.path.join(".")}`, e.element.textContent ?? ""]),
  );
}

describe("content model round trips: generate → edit → render", () => {
  for (const industry of BUSINESS_CATEGORIES) {
    it(`${industry}: the owner's edits render, validate, and every editable element holds its own text`, async () => {
      const site = generated(industry);
      const ja = site.content.ja!;
      const edited: TSiteContent = {
        ...site,
        content: {
          ...site.content,
          ja: {
            ...ja,
            hero: { ...ja.hero, headline: "季節の上生菓子、ひとつずつ手で" },
            offerings: {
              ...ja.offerings,
              items: [{ name: "わらび餅", description: "本わらび粉で毎朝" }, ...ja.offerings.items].slice(
                0,
                20,
              ),
            },
            faq: {
              ...ja.faq,
              items: [
                ...ja.faq.items,
                { question: "予約はできますか？", answer: "前日までにお電話で。" },
              ].slice(0, 8),
            },
          },
        },
      };
      expect(ZEditableSite.safeParse(edited).success).toBe(true);
      const stored = JSON.parse(JSON.stringify(ZEditableSite.parse(edited))) as TSiteContent;
      const html = renderSite(stored, OPTIONS).pages.find((p) => p.path === "ja/index.html")?.html ?? "";
      expect(html).toBe(renderHomePage(stored, OPTIONS, "ja"));
      expect(await validationErrors(html)).toEqual([]);
      const editables = findEditables(parse(html));
      expect(editables.length).toBeGreaterThan(15);
      // Every paragraph of the about section is found (with or without a photo beside it).
      expect(editables.filter((e) => e.path.join(".").startsWith("about.paragraphs."))).toHaveLength(
        stored.content.ja?.about.paragraphs.length ?? 0,
      );
      for (const e of editables) {
        expect(e.element.textContent, e.path.join(".")).toBe(String(valueAt(stored, "ja", e.scope, e.path)));
      }
      const shown = shownTexts(stored, "ja");
      expect(shown.get("lang:hero.headline")).toBe("季節の上生菓子、ひとつずつ手で");
      expect(shown.get("lang:offerings.items.0.name")).toBe("わらび餅");
      expect([...shown.values()]).toContain("予約はできますか？");
    }, 30_000);
  }
});

describe("theme", () => {
  it("switches to any of the 10 templates and every font pairing without losing a text", () => {
    const site = generated("restaurant", [...LANGUAGES]);
    for (const lang of LANGUAGES) {
      const before = shownTexts(site, lang);
      BUSINESS_CATEGORIES.forEach((template, i) => {
        const font = FONT_PAIRS[i % FONT_PAIRS.length];
        const switched = { ...site, template, font };
        const html = renderHomePage(switched, OPTIONS, lang);
        expect(html).toContain(`class="t-${template}"`);
        // Each template orders sections its own way; the texts are the same.
        expect(shownTexts(switched, lang)).toEqual(before);
      });
    }
  }, 30_000);

  it("offers only palettes that pass WCAG AA and refuses a pale one with the field path", () => {
    expect(PALETTES.length).toBe(Object.values(TEMPLATES).reduce((n, t) => n + t.palettes.length, 0));
    for (const palette of PALETTES) expect(contrastProblems(palette.colours), palette.id).toEqual([]);
    const site = generated("retail");
    const pale = {
      ...site,
      colours: { ...site.colours, text: "#999999", background: "#ffffff", primary: "#7dd3fc" },
    };
    const result = ZEditableSite.safeParse(pale);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(paths).toEqual(expect.arrayContaining(["colours.text", "colours.primary"]));
  });

  it("shows sections in the owner's order, leaves hidden and deleted ones out of the page and the menu", () => {
    const site = generated("consulting");
    const arranged: TSiteContent = {
      ...site,
      sections: [
        { id: "contact", hidden: false },
        { id: "faq", hidden: true },
        { id: "about", hidden: false },
      ],
    };
    const doc = parse(renderHomePage(arranged, OPTIONS, "ja"));
    expect(Array.from(doc.querySelectorAll("main > section")).map((s) => s.id)).toEqual(["contact", "about"]);
    expect(Array.from(doc.querySelectorAll(".main-nav a")).map((a) => a.getAttribute("href"))).toEqual([
      "#about",
      "#contact",
    ]);
  });
});

describe("line breaks", () => {
  it("keeps the owner's line breaks in paragraphs as text shown on separate lines", () => {
    const site = generated("restaurant");
    const ja = site.content.ja!;
    const edited = {
      ...site,
      content: { ...site.content, ja: { ...ja, about: { ...ja.about, paragraphs: ["一行目\n二行目"] } } },
    };
    const html = renderHomePage(ZEditableSite.parse(edited), OPTIONS, "ja");
    expect(html).toContain("main p{white-space:pre-line}");
    expect(parse(html).querySelector("#about .about p")?.textContent).toBe("一行目\n二行目");
    expect(html).not.toContain("<br");
  });
});

describe("links in the owner's text", () => {
  it("web and mail addresses become links, also inside Japanese without spaces; other schemes and markup stay text", () => {
    const site = generated("restaurant");
    const ja = site.content.ja!;
    const paragraph =
      "ご予約はhttps://yoyaku.example.jp/tsuruyaから、またはメール：info@tsuruya.example.jpへ。javascript:alert(1) と <b>太字</b> は文字のまま。";
    const answer = "地図: www.example.jp/map をご覧ください。";
    const edited: TSiteContent = {
      ...site,
      content: {
        ...site.content,
        ja: {
          ...ja,
          about: { ...ja.about, paragraphs: [paragraph] },
          faq: { ...ja.faq, items: [{ question: "場所は？", answer }] },
        },
      },
    };
    const doc = parse(renderHomePage(ZEditableSite.parse(edited), OPTIONS, "ja"));
    const p = doc.querySelector("#about .about > div > p");
    expect(p?.textContent).toBe(paragraph);
    expect(Array.from(p?.querySelectorAll("a") ?? []).map((a) => a.getAttribute("href"))).toEqual([
      "https://yoyaku.example.jp/tsuruya",
      "mailto:info@tsuruya.example.jp",
    ]);
    expect(p?.querySelector("b")).toBeNull();
    expect(doc.querySelector("#faq details p a")?.getAttribute("href")).toBe("http://www.example.jp/map");
    // The editor still finds each text whole, links included.
    const editables = findEditables(doc);
    expect(editables.find((e) => e.path.join(".") === "about.paragraphs.0")?.element.textContent).toBe(
      paragraph,
    );
  });
});

describe("hostile text", () => {
  it("stays text: no script runs, no javascript: link, no markup from the owner", () => {
    const site = generated("creative");
    const ja = site.content.ja!;
    const hostile =
      '<script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a>';
    const edited: TSiteContent = {
      ...site,
      businessName: hostile.slice(0, 120),
      content: {
        ...site.content,
        ja: {
          ...ja,
          hero: { ...ja.hero, headline: hostile.slice(0, 120) },
          about: { ...ja.about, paragraphs: [hostile] },
        },
      },
    };
    const doc = parse(renderHomePage(ZEditableSite.parse(edited), OPTIONS, "ja"));
    // The one script is the structured data (JSON-LD), where the owner's text cannot close the tag.
    expect(
      doc.querySelectorAll('script:not([type="application/ld+json"]), img[onerror], [onerror]'),
    ).toHaveLength(0);
    for (const data of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
      expect(data.textContent).not.toMatch(/<\/?script/i);
      expect(() => JSON.parse(data.textContent ?? "")).not.toThrow();
    }
    expect(
      Array.from(doc.querySelectorAll("a")).some((a) => /^javascript:/i.test(a.getAttribute("href") ?? "")),
    ).toBe(false);
    expect(doc.querySelector(".hero h1")?.textContent).toBe(hostile.slice(0, 120));
    expect(
      ZEditableSite.safeParse({ ...site, images: [{ src: "javascript:alert(1)", width: 1, height: 1 }] })
        .success,
    ).toBe(false);
  });
});

describe("editable texts beside the owner's logo, testimonials and form options", () => {
  it("never makes the logo typeable, finds the testimonials' title, keeps the privacy note apart from the form hint", () => {
    const site = generated("retail");
    const ja = site.content.ja!;
    const withExtras: TSiteContent = {
      ...site,
      photos: {
        logo: {
          id: "l",
          hash: "b".repeat(32),
          width: 900,
          height: 300,
          widths: [480],
          alt: {},
          decorative: false,
        },
      },
      contactForm: { phone: true, required: "either" },
      sections: [
        { id: "about", hidden: false },
        { id: "testimonials", hidden: false },
        { id: "contact", hidden: false },
      ],
      content: {
        ...site.content,
        ja: {
          ...ja,
          testimonials: { title: "お客様の声", items: [{ quote: "美味しい", name: "山田様", detail: "" }] },
        },
      },
    };
    const texts = shownTexts(withExtras, "ja");
    expect(texts.has("site:businessName")).toBe(false);
    expect(texts.get("lang:testimonials.title")).toBe("お客様の声");
    expect(texts.get("lang:contact.privacyNote")).toBe(ja.contact.privacyNote);
  });
});
