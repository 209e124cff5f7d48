import { gzipSync } from "node:zlib";
import { BUSINESS_CATEGORIES } from "@shobai/shared";
import { describe, expect, it } from "vitest";
import { SAMPLES } from "../../scripts/samples.ts";
import { composeSite } from "../compose.ts";
import type { TSitePhoto } from "../content-model.ts";
import { withoutPhoto } from "../photos.ts";
import { validationErrors } from "../test-helpers.ts";
import { renderSite } from "./render-site.tsx";

const OPTIONS = { baseUrl: "https://demo-shop.shobai.site", formAction: "/contact", trackerSrc: "/t.js" };

const photo = (n: number, extra: Partial<TSitePhoto> = {}): TSitePhoto => ({
  id: `m${n}`,
  hash: String(n).repeat(32).slice(0, 32),
  width: 4000,
  height: 3000,
  widths: [480, 960, 1600],
  alt: { ja: `写真${n}`, en: `Photo ${n}` },
  decorative: false,
  ...extra,
});

const pageOf = (pages: { path: string; html: string }[], path: string) =>
  pages.find((p) => p.path === path)?.html ?? "";

describe("photos from the media library", () => {
  for (const category of BUSINESS_CATEGORIES) {
    it(`${category}: hero, about, items and gallery as <picture>, valid and small`, async () => {
      const base = composeSite({ ...SAMPLES[category], businessType: category, languages: ["ja", "en"] });
      const content = {
        ...base,
        photos: {
          hero: photo(1, { focus: { x: 30, y: 70 } }),
          about: photo(2),
          items: [photo(3), null, photo(4, { decorative: true })],
          gallery: [photo(5), photo(6), photo(7)],
        },
      };
      const { pages } = renderSite(content, OPTIONS);
      for (const p of pages) {
        expect(await validationErrors(p.html), p.path).toEqual([]);
        expect(gzipSync(p.html).length, p.path).toBeLessThan(24 * 1024);
      }
      const html = pageOf(pages, "ja/index.html");
      const pictures = html.match(/<picture[\s\S]*?<\/picture>/g) ?? [];
      const shownItems = base.content.ja?.offerings.items.length ?? 0;
      expect(pictures.length).toBe(2 + Math.min(shownItems, 3) - (shownItems >= 2 ? 1 : 0) + 3);
      for (const picture of pictures) {
        expect(picture).toMatch(
          /<source type="image\/avif" srcSet="[^"]+-480\.avif 480w, [^"]+-960\.avif 960w, [^"]+-1600\.avif 1600w"/,
        );
        expect(picture).toContain('type="image/webp"');
        expect(picture).toMatch(/<img src="[^"]+-960\.jpg" srcSet="[^"]+-480\.jpg 480w/);
        expect(picture).toContain('width="1600" height="1200"');
        expect(picture).toContain("sizes=");
      }
      // The hero is the first picture: at once and first; the rest wait until near the screen.
      const [hero, ...rest] = pictures;
      expect(hero).toContain('fetchPriority="high"');
      expect(hero).not.toContain("loading=");
      expect(hero).toContain(`src="https://demo-shop.shobai.site/_media/${"1".repeat(32)}-960.jpg"`);
      expect(hero).toContain('alt="写真1"');
      expect(hero).toContain('class="hph f30-70"');
      expect(html).toContain(".f30-70 img{object-position:30% 70%}");
      for (const picture of rest) {
        expect(picture).toContain('loading="lazy"');
        expect(picture).not.toContain("fetchPriority");
      }
      // No illustration where a photo is; the gallery is its own section; decorative means alt="".
      expect(html).not.toMatch(/<svg class="art"/);
      expect(html).toContain('<section id="gallery"');
      // Its class is its own (the contact form's honeypot "hp" is moved off screen).
      expect(hero).toMatch(/^<picture class="hph/);
      expect(html).toContain("ギャラリー");
      if (shownItems >= 3) expect(html).toContain(`-480.avif 480w`);
      if (shownItems >= 3) expect(html).toMatch(new RegExp(`${"4".repeat(32)}-960\\.jpg"[^>]*alt=""`));
      expect(html).toContain('<meta property="og:image" content="https://demo-shop.shobai.site/_media/');
      expect(pageOf(pages, "en/index.html")).toContain('alt="Photo 1"');
    });
  }

  it("keeps the illustration and today's stylesheet without photos, and after the last photo is taken out", () => {
    const base = composeSite({ ...SAMPLES.restaurant, languages: ["ja"] });
    const plain = pageOf(renderSite(base, OPTIONS).pages, "ja/index.html");
    const withHero = { ...base, photos: { hero: photo(1) } };
    const shown = pageOf(renderSite(withHero, OPTIONS).pages, "ja/index.html");
    expect(shown).toContain("<picture");
    expect(shown).not.toMatch(/<svg class="art"/);
    const removed = pageOf(renderSite(withoutPhoto(withHero, "m1"), OPTIONS).pages, "ja/index.html");
    expect(removed).toBe(plain);
    expect(plain).toMatch(/<svg class="art"/);
    expect(plain).not.toContain("<picture");
  });

  it("serves photos from the media base given (the editor's preview)", () => {
    const base = composeSite({ ...SAMPLES.retail, languages: ["ja"] });
    const { pages } = renderSite(
      { ...base, photos: { gallery: [photo(8)] } },
      { ...OPTIONS, mediaBase: "http://localhost:5000/media/site-1" },
    );
    expect(pageOf(pages, "ja/index.html")).toContain(
      `http://localhost:5000/media/site-1/${"8".repeat(32)}-480.avif 480w`,
    );
  });
});

describe("stock photos (Unsplash, decision 0053)", () => {
  const stock = (n: number, author: string): TSitePhoto =>
    photo(n, {
      id: `unsplash-p${n}`,
      stock: {
        provider: "unsplash",
        url: `https://images.unsplash.com/photo-${n}?ixid=abc&ixlib=rb-4.0.3`,
        author,
        authorUrl: `https://unsplash.com/@${author.toLowerCase().replace(" ", "")}?utm_source=shobai&utm_medium=referral`,
        providerUrl: "https://unsplash.com/?utm_source=shobai&utm_medium=referral",
      },
    });

  it("are hotlinked with Unsplash's size and format parameters and credited once per photographer, valid", async () => {
    const base = composeSite({ ...SAMPLES.restaurant, businessType: "restaurant", languages: ["ja", "en"] });
    const content = {
      ...base,
      photos: {
        hero: stock(1, "Aiko Tanaka"),
        gallery: [stock(2, "Aiko Tanaka"), stock(3, "Ken Sato"), photo(4)],
      },
    };
    const { pages } = renderSite(content, OPTIONS);
    for (const p of pages) expect(await validationErrors(p.html), p.path).toEqual([]);
    const ja = pageOf(pages, "ja/index.html");
    expect(ja).toContain(
      '<source type="image/avif" srcSet="https://images.unsplash.com/photo-1?ixid=abc&amp;ixlib=rb-4.0.3&amp;w=480&amp;fm=avif&amp;q=60&amp;fit=max 480w,',
    );
    expect(ja).toContain('<link rel="preconnect" href="https://images.unsplash.com"/>');
    // The library photo beside them is still served from the site.
    expect(ja).toContain(`${"4".repeat(32)}-480.avif`);
    const credits = ja.match(/<p class="wrap credit">[\s\S]*?<\/p>/)?.[0] ?? "";
    expect(credits.match(/Aiko Tanaka/g)).toHaveLength(1);
    expect(credits).toContain(
      '写真: <a href="https://unsplash.com/@kensato?utm_source=shobai&amp;utm_medium=referral">Ken Sato</a> / <a href="https://unsplash.com/?utm_source=shobai&amp;utm_medium=referral">Unsplash</a>',
    );
    expect(pageOf(pages, "en/index.html")).toContain(">Aiko Tanaka</a> on <a");
    // Without stock photos, no credit line.
    const plain = renderSite({ ...base, photos: { hero: photo(1) } }, OPTIONS).pages;
    expect(pageOf(plain, "ja/index.html")).not.toContain('class="wrap credit"');
  });
});
