import { gzipSync } from "node:zlib";
import { BUSINESS_CATEGORIES, LANGUAGES, type TLanguage } from "@shobai/shared";
import { describe, expect, it } from "vitest";
import { SAMPLES } from "../../scripts/samples.ts";
import { contrast } from "../colour.ts";
import { composeSite } from "../compose.ts";
import { benchmarkSitegen, generateSite } from "../generate.ts";
import { formConsentText } from "../index.ts";
import { CHROME_TEXT } from "../seo/chrome-text.ts";
import { TEMPLATES } from "../templates/index.ts";
import { validationErrors } from "../test-helpers.ts";
import { renderSite } from "./render-site.tsx";
import { deriveTheme } from "./theme.ts";

/** A script that runs (JSON-LD is data, not code). */
const SCRIPT = /<script(?! type="application\/ld\+json")/;

const OPTIONS = { baseUrl: "/s/demo-shop", formAction: "/api/public/forms/abc", trackerSrc: "/t.js" };
const LANGUAGE_SETS: TLanguage[][] = [["ja"], ["en", "ja"], [...LANGUAGES]];

function page(pages: { path: string; html: string }[], path: string): string {
  const found = pages.find((p) => p.path === path);
  if (!found) throw new Error(`no page ${path}`);
  return found.html;
}

describe("renderSite", () => {
  for (const category of BUSINESS_CATEGORIES) {
    for (const languages of LANGUAGE_SETS) {
      it(`${category} × ${languages.join(",")}: valid, linked, small`, async () => {
        const content = composeSite({ ...SAMPLES[category], businessType: category, languages });
        const { pages } = renderSite(content, OPTIONS);
        expect(pages.map((p) => p.path)).toEqual([
          "index.html",
          ...languages.flatMap((l) => [`${l}/index.html`, `${l}/thanks/index.html`]),
        ]);
        const root = page(pages, "index.html");
        expect(root).toContain(`<meta http-equiv="refresh" content="0; url=/s/demo-shop/${languages[0]}/">`);
        expect(root).not.toMatch(SCRIPT);
        for (const p of pages) {
          expect(await validationErrors(p.html), p.path).toEqual([]);
          expect(gzipSync(p.html).length, p.path).toBeLessThan(20 * 1024);
        }
        for (const lang of languages) {
          const html = page(pages, `${lang}/index.html`);
          expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
          expect(html).toContain(`<html lang="${lang}">`);
          expect(html).toContain(`<link rel="canonical" href="/s/demo-shop/${lang}/"/>`);
          for (const other of languages) {
            expect(html).toContain(
              `<link rel="alternate" hrefLang="${other}" href="/s/demo-shop/${other}/"/>`,
            );
          }
          expect(html).toContain(`hrefLang="x-default" href="/s/demo-shop/${languages[0]}/"`);
          expect(html).toMatch(/<form class="form" action="\/api\/public\/forms\/abc" method="post">/);
          expect(html).toContain(`<input type="hidden" name="lang" value="${lang}"/>`);
          const field = (name: string) =>
            html.match(new RegExp(`<(?:input|textarea)\\b[^>]*\\bname="${name}"[^>]*>`))?.[0] ?? "";
          for (const name of ["name", "email", "message"]) expect(field(name)).toContain('required=""');
          expect(field("company")).not.toBe("");
          expect(field("company")).not.toContain("required");
          expect(html).toMatch(/<label for="f-company">/);
          expect(html).toMatch(/tabindex="-1" autoComplete="off" name="website"/);
          // The marketing-consent box is optional and never ticked for the visitor.
          const consent = html.match(/<input\b[^>]*\bname="consent"[^>]*>/)?.[0] ?? "";
          expect(consent).toContain('type="checkbox"');
          expect(consent).not.toMatch(/checked|required/);
          expect(html).toContain(`<label for="f-consent">${formConsentText(lang as TLanguage)}</label>`);
          expect(html.match(new RegExp(SCRIPT, "g"))).toHaveLength(1);
          // Structured data from the facts, naming the page it is on.
          const ld = JSON.parse(
            /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? "{}",
          );
          expect(ld).toMatchObject({
            "@context": "https://schema.org",
            name: content.businessName,
            url: `/s/demo-shop/${lang}/`,
          });
          expect(html).toContain('<link rel="icon" href="/s/demo-shop/favicon.svg" type="image/svg+xml"/>');
          expect(html).toContain('<script defer="" src="/t.js"></script></body>');
          expect(html).toContain(CHROME_TEXT[lang as TLanguage].poweredBy.split("{brand}")[0] as string);
          for (const landmark of ["<header", "<nav", "<main", "<footer"]) expect(html).toContain(landmark);
        }
      });
    }
  }

  it("keeps hostile input as text", async () => {
    const evil = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`;
    const content = composeSite(
      {
        businessDescription: `「${evil}」は${evil}のラーメン店です。${evil}と餃子が人気。`,
        languages: ["ja", "en"],
      },
      { businessName: evil },
    );
    const { pages } = renderSite(content, { ...OPTIONS, trackerSrc: undefined });
    for (const p of pages) {
      expect(p.html).not.toMatch(SCRIPT);
      expect(p.html).not.toContain("<img");
      // No tag may carry an onerror attribute (escaped text inside attribute values is harmless).
      expect(p.html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[^>]*\sonerror=/);
      expect(p.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      // long-title counts the escaped source (&lt; is 4 characters); the decoded title is within 60.
      const errors = (await validationErrors(p.html)).filter((e) => !e.startsWith("long-title"));
      expect(errors, p.path).toEqual([]);
    }
  });

  it("keeps hostile alt text as text", async () => {
    const evil = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;
    const content = composeSite(
      { businessDescription: "「Sakura」は渋谷のラーメン店です。", languages: ["ja", "en"] },
      {
        images: [
          { src: "_assets/hero", alt: evil, width: 1200, height: 800 },
          { src: "_assets/two", alt: evil, width: 800, height: 600 },
        ],
      },
    );
    const { pages } = renderSite(content, { ...OPTIONS, trackerSrc: undefined });
    for (const p of pages) {
      expect(p.html).not.toMatch(SCRIPT);
      expect(p.html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[^>]*\sonerror=/);
      expect((p.html.match(/<img /g) ?? []).length).toBe(
        p.path.includes("thanks") || p.path === "index.html" ? 0 : 2,
      );
      if (p.path === "ja/index.html") {
        expect(p.html).toContain(
          'alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;"',
        );
      }
      expect(await validationErrors(p.html), p.path).toEqual([]);
    }
  });

  it("renders no script at all without a tracker, and absolute URLs for a domain", () => {
    const content = composeSite({
      businessDescription: "Blue Door Bakery is a bakery in Kyoto.",
      languages: ["en"],
    });
    const { pages } = renderSite(content, { baseUrl: "http://blue.localhost:5000/", formAction: "/f" });
    const html = page(pages, "en/index.html");
    expect(html).not.toMatch(SCRIPT);
    expect(html).toContain('<link rel="canonical" href="http://blue.localhost:5000/en/"/>');
    expect(html).toContain('<meta property="og:url" content="http://blue.localhost:5000/en/"/>');
  });

  it("every palette passes WCAG AA for text, muted text and buttons", () => {
    for (const template of Object.values(TEMPLATES)) {
      for (const colours of template.palettes) {
        const t = deriveTheme(template, colours);
        const label = `${template.id} ${colours.primary}`;
        expect(contrast(t.fg, t.bg), label).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.muted, t.bg), label).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.muted, t.surface), label).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.p, t.bg), `${label} links`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.onP, t.p), `${label} button`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.heroFg, t.heroBg), `${label} hero`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.heroMuted, t.heroBg), `${label} hero lead`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.heroBtnFg, t.heroBtn), `${label} hero button`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

const IMAGES = [
  { src: "_assets/0b9f3c1e-hero", alt: "店内の様子", width: 1200, height: 800 },
  { src: "_assets/5d1e-ramen", alt: "醤油ラーメン", width: 800, height: 600 },
  { src: "https://cdn.example.jp/gyoza.webp", alt: "", width: 640, height: 640 },
];

describe("renderSite with images", () => {
  for (const category of BUSINESS_CATEGORIES) {
    it(`${category}: hero and gallery, valid, small`, async () => {
      const content = composeSite(
        { ...SAMPLES[category], businessType: category, languages: ["ja", "en"] },
        { images: IMAGES },
      );
      const { pages } = renderSite(content, OPTIONS);
      for (const p of pages) {
        expect(await validationErrors(p.html), p.path).toEqual([]);
        expect(gzipSync(p.html).length, p.path).toBeLessThan(20 * 1024);
      }
      const html = page(pages, "ja/index.html");
      const imgs = html.match(/<img [^>]*>/g) ?? [];
      expect(imgs).toHaveLength(3);
      // The hero: first, eager, high priority; resolved against the site's base URL.
      expect(imgs[0]).toContain('src="/s/demo-shop/_assets/0b9f3c1e-hero"');
      expect(imgs[0]).toContain('class="hi"');
      expect(imgs[0]).toContain('width="1200" height="800"');
      expect(imgs[0]).toContain('fetchPriority="high"');
      expect(imgs[0]).not.toContain("loading=");
      expect(html).not.toMatch(/<svg class="art"/);
      // The gallery sits in the about section, lazy.
      const about = html.slice(html.indexOf('<section id="about"'));
      expect(about.slice(0, about.indexOf("</section>"))).toContain('<ul class="gal g2">');
      for (const img of imgs.slice(1)) {
        expect(img).toContain('loading="lazy"');
        expect(img).toContain('decoding="async"');
        expect(img).toMatch(/width="\d+" height="\d+"/);
      }
      expect(imgs[1]).toContain('alt="醤油ラーメン"');
      expect(imgs[2]).toContain('src="https://cdn.example.jp/gyoza.webp"');
      expect(imgs[2]).toContain('alt=""');
      expect(html).toContain(".gal{");
      expect(page(pages, "ja/thanks/index.html")).not.toContain("<img");
    });
  }

  it("puts a small or portrait first image in the gallery, keeping the drawing", () => {
    const content = composeSite(
      { ...SAMPLES.restaurant, languages: ["ja"] },
      { images: [{ src: "_assets/a", alt: "縦長", width: 600, height: 900 }] },
    );
    const html = page(renderSite(content, OPTIONS).pages, "ja/index.html");
    expect(html).toMatch(/<svg class="art"/);
    expect(html).toContain('<ul class="gal g1"><li><img src="/s/demo-shop/_assets/a" alt="縦長"');
  });

  it("adds og:image when the site has an absolute address", () => {
    const content = composeSite({ ...SAMPLES.restaurant, languages: ["ja"] }, { images: IMAGES });
    const html = page(
      renderSite(content, { baseUrl: "https://ramen.shobai.jp", formAction: "/f" }).pages,
      "ja/index.html",
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://ramen.shobai.jp/_assets/0b9f3c1e-hero"/>',
    );
  });

  it("keeps sites without images exactly as they were", () => {
    const plain = composeSite({ ...SAMPLES.restaurant, languages: ["ja"] });
    const empty = composeSite({ ...SAMPLES.restaurant, languages: ["ja"] }, { images: [] });
    expect(empty).toEqual(plain);
    expect("images" in plain).toBe(false);
    const html = page(renderSite(plain, OPTIONS).pages, "ja/index.html");
    expect(html).not.toContain("<img");
    expect(html).not.toContain(".gal");
    expect(html).not.toContain(".hi{");
  });

  it("refuses image sources that are neither relative paths nor https", () => {
    for (const src of [
      "javascript:alert(1)",
      "http://example.jp/a.png",
      "/etc/passwd",
      "../_assets/x",
      "data:image/png;base64,AAAA",
      "//evil.example/x.png",
      'x" onerror="alert(1)',
    ]) {
      const content = composeSite({ ...SAMPLES.restaurant, languages: ["ja"] });
      expect(
        () => renderSite({ ...content, images: [{ src, alt: "", width: 10, height: 10 }] }, OPTIONS),
        src,
      ).toThrow();
    }
    const content = composeSite({ ...SAMPLES.restaurant, languages: ["ja"] });
    const seven = Array.from({ length: 7 }, (_, i) => ({
      src: `_assets/${i}`,
      alt: "",
      width: 800,
      height: 600,
    }));
    expect(() => renderSite({ ...content, images: seven }, OPTIONS)).toThrow();
  });
});

describe("benchmark hook", () => {
  it("composes and renders a six-language site", () => {
    const result = benchmarkSitegen(1);
    expect(result.pages).toBe(1 + 6 * 2);
    expect(result.largestPageBytes).toBeGreaterThan(1000);
    const { content, site } = generateSite(
      { businessDescription: "Kedai makan keluarga di Kuala Lumpur", languages: [...LANGUAGES] },
      { baseUrl: "/s/x", formAction: "/f" },
    );
    expect(content.industry).toBe("restaurant");
    expect(site.pages).toHaveLength(13);
  });
});

describe("pages", () => {
  const content = composeSite({ ...SAMPLES.restaurant, languages: ["ja", "en"] });
  const { pages } = renderSite(content, OPTIONS);

  it("has a thank-you page per language that links back home", () => {
    const thanks = page(pages, "en/thanks/index.html");
    expect(thanks).toContain('<html lang="en">');
    expect(thanks).toContain("Thank you for your message");
    expect(thanks).toContain('href="/s/demo-shop/en/"');
    expect(thanks).toContain('<link rel="canonical" href="/s/demo-shop/en/thanks/"/>');
    expect(thanks).not.toContain("<form");
  });

  it("prints the access block and shows hours in the hero for a restaurant", () => {
    const html = page(pages, "ja/index.html");
    expect(html).toContain("@media print");
    expect(html).toContain("11:00〜22:00");
    expect(html).toContain("定休日：水曜日");
    expect(html).toContain("word-break:auto-phrase");
    expect(html).toContain('"Hiragino Sans"');
    expect(html).toMatch(/<svg class="art"[^>]*aria-hidden="true"/);
    expect(html).not.toMatch(/<link[^>]+stylesheet|@import|@font-face/);
  });

  it("gives each template its own look", () => {
    const css = BUSINESS_CATEGORIES.map((category) => {
      const html = page(
        renderSite(composeSite({ ...SAMPLES[category], businessType: category }), OPTIONS).pages,
        `${SAMPLES[category].languages[0]}/index.html`,
      );
      return html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? "";
    });
    expect(new Set(css).size).toBe(BUSINESS_CATEGORIES.length);
  });
});
