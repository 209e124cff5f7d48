import { gzipSync } from "node:zlib";
import { BUSINESS_CATEGORIES } from "@shobai/shared";
import { describe, expect, it } from "vitest";
import { SAMPLES } from "../../scripts/samples.ts";
import { composeSite } from "../compose.ts";
import { type TSiteContent, type TSitePhoto, ZSiteContent } from "../content-model.ts";
import { ZEditableSite } from "../editor/schemas.ts";
import { photoPlaces, withoutPhoto } from "../photos.ts";
import { pageSections, siteTemplate, visibleSections } from "../templates/site-template.ts";
import { validationErrors } from "../test-helpers.ts";
import { renderSite } from "./render-site.tsx";

const OPTIONS = { baseUrl: "https://demo-shop.shobai.site", formAction: "/contact", trackerSrc: "/t.js" };

const logo: TSitePhoto = {
  id: "logo1",
  hash: "a".repeat(32),
  width: 1200,
  height: 400,
  widths: [480, 960],
  alt: {},
  decorative: false,
};
const galleryPhoto = (n: number): TSitePhoto => ({ ...logo, id: `g${n}`, hash: String(n).repeat(32) });

const pageOf = (pages: { path: string; html: string }[], path: string) =>
  pages.find((p) => p.path === path)?.html ?? "";

function withOwnerSections(base: TSiteContent): TSiteContent {
  const ja = base.content.ja;
  const en = base.content.en;
  if (!ja || !en) throw new Error("ja and en expected");
  return {
    ...base,
    photos: { logo },
    sections: [
      ...pageSections(base, siteTemplate(base)).filter((s) => s.id !== "contact"),
      { id: "testimonials", hidden: false },
      { id: "contact", hidden: false },
    ],
    content: {
      ...base.content,
      ja: {
        ...ja,
        testimonials: {
          title: "お客様の声",
          items: [
            {
              quote: "季節の上生菓子がいつも楽しみです。\n贈り物にも喜ばれました。",
              name: "山田様",
              detail: "常連のお客様",
            },
            { quote: "わらび餅が絶品でした。", name: "佐藤様", detail: "" },
            // Still being typed: never shown.
            { quote: "", name: "", detail: "" },
          ],
        },
      },
      en: {
        ...en,
        testimonials: {
          title: "What our customers say",
          items: [
            { quote: "Beautiful seasonal sweets.", name: "Ms Yamada", detail: "" },
            { quote: "", name: "", detail: "" },
            { quote: "", name: "", detail: "" },
          ],
        },
      },
    },
  };
}

describe("the owner's logo and testimonials (issue 18)", () => {
  for (const category of BUSINESS_CATEGORIES) {
    it(`${category}: logo in the header with the name as its text, testimonials as typed, valid and small`, async () => {
      const base = composeSite({ ...SAMPLES[category], businessType: category, languages: ["ja", "en"] });
      const site = ZEditableSite.parse(withOwnerSections(base));
      const { pages } = renderSite(site, OPTIONS);
      for (const p of pages) {
        expect(await validationErrors(p.html), p.path).toEqual([]);
        expect(gzipSync(p.html).length, p.path).toBeLessThan(24 * 1024);
      }
      const ja = pageOf(pages, "ja/index.html");
      const brand = ja.match(/<a class="brand logo"[\s\S]*?<\/a>/)?.[0] ?? "";
      expect(brand).toContain(`alt="${site.businessName}"`);
      expect(brand).toContain("aaaaaaaa");
      // Seen at once, but the hero keeps the high priority.
      expect(brand).not.toContain("loading=");
      expect(brand).not.toContain("fetchPriority");
      expect(ja).toContain('<link rel="icon" href="https://demo-shop.shobai.site/favicon.png"');
      expect(ja).toContain(
        '"logo":"https://demo-shop.shobai.site/_media/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-480.jpg"',
      );
      expect(ja).toContain(
        '<link rel="apple-touch-icon" href="https://demo-shop.shobai.site/apple-touch-icon.png"/>',
      );
      const section = ja.match(/<section id="testimonials"[\s\S]*?<\/section>/)?.[0] ?? "";
      expect(section).toContain("お客様の声");
      expect(section.match(/<blockquote>/g)).toHaveLength(2);
      expect(section).toContain("山田様");
      expect(section).toContain("常連のお客様");
      // Before the form, where the owner put it.
      expect(ja.indexOf('id="testimonials"')).toBeLessThan(ja.indexOf('id="contact"'));
      const en = pageOf(pages, "en/index.html");
      expect(en.match(/<blockquote>/g)).toHaveLength(1);
      expect(en).toContain("Ms Yamada");
    });
  }

  it("never shows testimonials nobody typed: generated sites and empty entries have none", () => {
    const base = composeSite({ ...SAMPLES.restaurant, businessType: "restaurant", languages: ["ja", "en"] });
    expect(base.content.ja?.testimonials).toBeUndefined();
    const { pages } = renderSite(base, OPTIONS);
    expect(pageOf(pages, "ja/index.html")).not.toContain("testimonials");
    const typedNone = withOwnerSections(base);
    const ja = typedNone.content.ja;
    if (!ja?.testimonials) throw new Error("testimonials expected");
    const empty: TSiteContent = {
      ...typedNone,
      content: { ...typedNone.content, ja: { ...ja, testimonials: { ...ja.testimonials, items: [] } } },
    };
    expect(visibleSections(empty, siteTemplate(empty), "ja")).not.toContain("testimonials");
    expect(pageOf(renderSite(empty, OPTIONS).pages, "ja/index.html")).not.toContain('id="testimonials"');
  });

  it("keeps testimonial text inert", () => {
    const base = composeSite({ ...SAMPLES.retail, businessType: "retail", languages: ["ja", "en"] });
    const site = withOwnerSections(base);
    const ja = site.content.ja;
    if (!ja?.testimonials) throw new Error("testimonials expected");
    const hostile: TSiteContent = {
      ...site,
      content: {
        ...site.content,
        ja: {
          ...ja,
          testimonials: {
            ...ja.testimonials,
            items: [{ quote: "<script>alert(1)</script>", name: "<img src=x onerror=alert(1)>", detail: "" }],
          },
        },
      },
    };
    const html = pageOf(renderSite(hostile, OPTIONS).pages, "ja/index.html");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<img src=x");
  });

  it("a logo is a placement like any other: found, and removed with the photo", () => {
    const base = composeSite({ ...SAMPLES.legal, businessType: "legal", languages: ["ja"] });
    const site = { ...base, photos: { logo } };
    expect(photoPlaces(site, "logo1")).toEqual(["logo"]);
    const without = withoutPhoto(site, "logo1");
    expect(without.photos?.logo).toBeUndefined();
    const html = pageOf(renderSite(without, OPTIONS).pages, "ja/index.html");
    expect(html).toContain(`<a class="brand" href=`);
    expect(html).toContain(
      '<link rel="icon" href="https://demo-shop.shobai.site/favicon.svg" type="image/svg+xml"/>',
    );
  });
});

describe("the gallery as a section (issue 18)", () => {
  const base = composeSite({ ...SAMPLES.creative, businessType: "creative", languages: ["ja"] });
  const photos = { gallery: [galleryPhoto(1), galleryPhoto(2)] };

  it("stands after the about section until the owner moves it, and only with photos", () => {
    const template = siteTemplate(base);
    expect(visibleSections(base, template)).not.toContain("gallery");
    const withPhotos = { ...base, photos };
    const order = visibleSections(withPhotos, template);
    expect(order[order.indexOf("about") + 1]).toBe("gallery");
    // An arrangement saved before the gallery was a section keeps it after about too.
    const arranged = { ...withPhotos, sections: template.sections.map((id) => ({ id, hidden: false })) };
    expect(visibleSections(arranged, template)).toEqual(order);
  });

  it("moves, hides and goes like any other section", () => {
    const template = siteTemplate(base);
    const list = pageSections({ ...base, photos }, template).filter((s) => s.id !== "gallery");
    const moved = { ...base, photos, sections: [{ id: "gallery" as const, hidden: false }, ...list] };
    expect(visibleSections(moved, template)[0]).toBe("gallery");
    const html = pageOf(renderSite(moved, OPTIONS).pages, "ja/index.html");
    expect(html.indexOf('id="gallery"')).toBeLessThan(html.indexOf('id="about"'));
    const hidden = { ...moved, sections: [{ id: "gallery" as const, hidden: true }, ...list] };
    expect(visibleSections(hidden, template)).not.toContain("gallery");
    expect(pageOf(renderSite(hidden, OPTIONS).pages, "ja/index.html")).not.toContain('id="gallery"');
  });

  it("refuses a section twice or an unknown one", () => {
    expect(
      ZSiteContent.safeParse({
        ...base,
        sections: [
          { id: "gallery", hidden: false },
          { id: "gallery", hidden: true },
        ],
      }).success,
    ).toBe(false);
    expect(ZSiteContent.safeParse({ ...base, sections: [{ id: "reviews", hidden: false }] }).success).toBe(
      false,
    );
  });
});

describe("the contact form's phone field (issue 30)", () => {
  const base = composeSite({ ...SAMPLES.healthcare, businessType: "healthcare", languages: ["ja", "en"] });
  const field = (html: string, name: string) =>
    html.match(new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`))?.[0] ?? "";

  it("asks for email only by default", () => {
    const html = pageOf(renderSite(base, OPTIONS).pages, "ja/index.html");
    expect(field(html, "email")).toContain('required=""');
    expect(field(html, "phone")).toBe("");
  });

  for (const [required, email, phone] of [
    ["email", true, false],
    ["phone", false, true],
    ["either", false, false],
  ] as const) {
    it(`required ${required}: the page marks it, valid in every language`, async () => {
      const site = { ...base, contactForm: { phone: true, required } };
      const { pages } = renderSite(site, OPTIONS);
      for (const p of pages) expect(await validationErrors(p.html), p.path).toEqual([]);
      const ja = pageOf(pages, "ja/index.html");
      expect(field(ja, "phone")).toContain('type="tel"');
      expect(field(ja, "phone")).toContain('autoComplete="tel"');
      expect(field(ja, "email").includes('required=""')).toBe(email);
      expect(field(ja, "phone").includes('required=""')).toBe(phone);
      expect(ja.includes("メールアドレスか電話番号のどちらか")).toBe(required === "either");
      if (required === "either") {
        expect(field(ja, "email")).toContain('aria-describedby="f-either"');
        expect(pageOf(pages, "en/index.html")).toContain("email address or phone number");
      }
    });
  }

  it("a phone that is required shows the field even if the owner left it off", () => {
    const html = pageOf(
      renderSite({ ...base, contactForm: { phone: false, required: "phone" } }, OPTIONS).pages,
      "en/index.html",
    );
    expect(field(html, "phone")).toContain('required=""');
  });
});
