import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postSiteForm, siteOrigin, siteRequest } from "../../testing/site-requests";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const TAX_OFFICE = "大阪市北区の税理士事務所です。相続税申告と法人決算、記帳代行をお手伝いします。";
const FACTS = {
  name: "山田税理士事務所",
  place: "大阪市北区",
  phone: "06-6345-1234",
  email: "info@yamada-tax.example",
  address: "〒530-0001 大阪府大阪市北区梅田1-2-3 梅田ビル5階",
  items: [
    { name: "相続税申告", price: { amount: 300000, currency: "JPY", taxIncluded: false, from: true } },
    { name: "法人決算" },
  ],
  hours: {
    periods: [{ days: [1, 2, 3, 4, 5], opens: "09:00", closes: "18:00" }],
    closedDays: [0, 6],
    closedOnHolidays: true,
  },
};

/** The page's JSON-LD objects. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? "{}"),
  );
}

async function makeSite(extra: Record<string, unknown> = {}, languages = ["ja", "en"]) {
  const { client } = await signedInClient(ctx.app);
  const res = await client.post("/api/websites/generate", {
    businessDescription: TAX_OFFICE,
    languages,
    facts: { ...FACTS, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { client, site: res.json() as { id: string; slug: string; name: string } };
}

describe("structured data", () => {
  it("states the confirmed facts as schema.org LocalBusiness on every language's page", async () => {
    const { site } = await makeSite({}, ["ja", "en", "pl", "ro", "ms", "id"]);
    for (const lang of ["ja", "en", "pl", "ro", "ms", "id"]) {
      const page = await siteRequest(ctx.app, site.slug, { url: `/${lang}/` });
      expect(page.statusCode).toBe(200);
      const [ld, more] = jsonLd(page.body);
      expect(more).toBeUndefined();
      expect(ld, lang).toEqual({
        "@context": "https://schema.org",
        "@type": "AccountingService",
        name: "山田税理士事務所",
        url: `${siteOrigin(site.slug)}/${lang}/`,
        inLanguage: lang,
        telephone: "+81663451234",
        email: "info@yamada-tax.example",
        address: {
          "@type": "PostalAddress",
          postalCode: "530-0001",
          addressRegion: "大阪府",
          streetAddress: "大阪市北区梅田1-2-3 梅田ビル5階",
          addressCountry: "JP",
        },
        openingHoursSpecification: [
          {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: [1, 2, 3, 4, 5].map(
              (d) =>
                `https://schema.org/${["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][d]}`,
            ),
            opens: "09:00",
            closes: "18:00",
          },
        ],
      });
      // The canonical and og:url come from the configured host, as the structured data's url.
      expect(page.body).toContain(`<link rel="canonical" href="${siteOrigin(site.slug)}/${lang}/"/>`);
      expect(page.body).toContain(`<meta property="og:url" content="${siteOrigin(site.slug)}/${lang}/"/>`);
      expect(page.body).toContain('<a href="tel:+81663451234">');
      expect(page.body).toContain(
        `href="https://www.google.com/maps/search/?api=1&amp;query=${encodeURIComponent(FACTS.address)}"`,
      );
    }
  });

  it("leaves out what the owner did not confirm", async () => {
    const { site } = await makeSite({ phone: null, address: null, email: null, hours: null });
    const page = await siteRequest(ctx.app, site.slug, { url: "/ja/" });
    const [ld] = jsonLd(page.body);
    expect(Object.keys(ld ?? {}).sort()).toEqual(["@context", "@type", "inLanguage", "name", "url"]);
    expect(page.body).not.toContain("tel:");
    expect(page.body).not.toContain("google.com/maps");
  });

  it("links WhatsApp click-to-chat and the LINE friend-add page when the owner gives them", async () => {
    const { site } = await makeSite({ whatsapp: "+62 812-3456-7890", lineId: "@yamada" }, ["id"]);
    const page = await siteRequest(ctx.app, site.slug, { url: "/id/" });
    expect(page.body).toContain('href="https://wa.me/6281234567890"');
    expect(page.body).toContain("Chat lewat WhatsApp");
    expect(page.body).toContain('href="https://line.me/R/ti/p/%40yamada"');
    expect(page.body).toContain("Didukung oleh");
    expect(page.body).not.toContain("Powered by");
  });
});

describe("sitemap.xml, robots.txt, favicon", () => {
  it("lists every language page with hreflang, points robots.txt at it, draws a monogram", async () => {
    const { site } = await makeSite();
    const origin = siteOrigin(site.slug);
    const robots = await siteRequest(ctx.app, site.slug, { url: "/robots.txt" });
    expect(robots.body).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);

    const sitemap = await siteRequest(ctx.app, site.slug, { url: "/sitemap.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const doc = new XMLParser({ ignoreAttributes: false }).parse(sitemap.body);
    const urls = doc.urlset.url as {
      loc: string;
      "xhtml:link": { "@_hreflang": string; "@_href": string }[];
    }[];
    expect(urls.map((u) => u.loc)).toEqual([`${origin}/ja/`, `${origin}/en/`]);
    for (const url of urls) {
      expect(url["xhtml:link"].map((l) => [l["@_hreflang"], l["@_href"]])).toEqual([
        ["ja", `${origin}/ja/`],
        ["en", `${origin}/en/`],
        ["x-default", `${origin}/ja/`],
      ]);
    }

    const icon = await siteRequest(ctx.app, site.slug, { url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect(icon.body).toMatch(/<svg[^>]*>.*>山<\/text><\/svg>/);
    const page = await siteRequest(ctx.app, site.slug, { url: "/ja/" });
    expect(page.body).toContain('<link rel="icon" href="http');
  });

  it("keeps unpublished sites out: robots.txt disallows, no sitemap", async () => {
    const { client, site } = await makeSite();
    await client.patch(`/api/websites/${site.id}`, { isPublished: false });
    expect((await siteRequest(ctx.app, site.slug, { url: "/robots.txt" })).body).toBe(
      "User-agent: *\nDisallow: /\n",
    );
    expect((await siteRequest(ctx.app, site.slug, { url: "/sitemap.xml" })).statusCode).toBe(404);
  });
});

describe("rename", () => {
  it("renames the title, description, hero, about, footer and structured data in every language", async () => {
    const { client, site } = await makeSite({}, ["ja", "en"]);
    const res = await client.patch(`/api/websites/${site.id}`, { name: "梅田会計事務所" });
    expect(res.statusCode, res.body).toBe(200);
    for (const lang of ["ja", "en"]) {
      const page = await siteRequest(ctx.app, site.slug, { url: `/${lang}/` });
      expect(page.body, lang).not.toContain("山田税理士事務所");
      expect(page.body).toMatch(/<title>[^<]*梅田会計事務所/);
      expect(page.body).toMatch(/<meta name="description" content="[^"]*梅田会計事務所/);
      expect(jsonLd(page.body)[0]?.name).toBe("梅田会計事務所");
      expect(page.body).toMatch(/<footer class="foot"><div class="wrap"><span>梅田会計事務所<\/span>/);
    }
    // Another owner cannot rename it.
    const { client: other } = await signedInClient(ctx.app);
    expect((await other.patch(`/api/websites/${site.id}`, { name: "乗っ取り" })).statusCode).toBe(404);
  });
});

describe("site address chosen by the owner", () => {
  it("checks availability, moves the site to the new address, refuses a taken or reserved one", async () => {
    const { client, site } = await makeSite();
    const { site: other } = await makeSite();
    expect(site.slug).not.toBe("finance");
    const check = async (slug: string) =>
      (await client.get(`/api/websites/slug-available?slug=${slug}&website=${site.id}`)).json();
    expect(await check("umeda-tax")).toEqual({ slug: "umeda-tax", available: true });
    expect(await check(site.slug)).toEqual({ slug: site.slug, available: true });
    expect(await check(other.slug)).toEqual({ slug: other.slug, available: false, reason: "taken" });
    expect(await check("www")).toEqual({ slug: "www", available: false, reason: "reserved" });
    const bad = await client.get("/api/websites/slug-available?slug=-x");
    expect(bad.statusCode).toBe(400);

    const taken = await client.patch(`/api/websites/${site.id}`, { slug: other.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("slug_taken");
    const moved = await client.patch(`/api/websites/${site.id}`, { slug: "Umeda-Tax" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ slug: "umeda-tax", url: `${siteOrigin("umeda-tax")}/` });
    expect((await siteRequest(ctx.app, "umeda-tax", { url: "/ja/" })).statusCode).toBe(200);
    expect((await siteRequest(ctx.app, site.slug, { url: "/ja/" })).statusCode).toBe(404);
    const robots = await siteRequest(ctx.app, "umeda-tax", { url: "/robots.txt" });
    expect(robots.body).toContain(`Sitemap: ${siteOrigin("umeda-tax")}/sitemap.xml`);

    // Another owner can neither move this site nor learn anything beyond availability.
    const { client: stranger } = await signedInClient(ctx.app);
    expect((await stranger.patch(`/api/websites/${site.id}`, { slug: "stolen" })).statusCode).toBe(404);
  });
});

describe("around the owner's content, the site's language", () => {
  it("answers a bad form post in the site's language with the visitor's message kept; the thank-you page keeps its margins", async () => {
    const { site } = await makeSite({}, ["id", "en"]);
    const bad = await postSiteForm(ctx.app, site.slug, {
      lang: "id",
      name: "Sari",
      email: "bukan-email",
      message: "Halo, saya mau pesan 50 nasi box untuk hari Sabtu.",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('<html lang="id"');
    expect(bad.body).toContain("Pesan Anda tidak terkirim");
    expect(bad.body).toContain("Masukkan alamat email yang valid.");
    expect(bad.body).toContain(">Halo, saya mau pesan 50 nasi box untuk hari Sabtu.</textarea>");
    expect(bad.body).toContain("Didukung oleh");
    expect(bad.body).not.toContain("Powered by");
    const thanks = await siteRequest(ctx.app, site.slug, { url: "/id/thanks/" });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain(".thanks .wrap{width:100%;padding-left:clamp(1rem,4vw,2rem)");
    expect(thanks.body).toContain("Didukung oleh");
  });
});
