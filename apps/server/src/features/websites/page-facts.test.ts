import { describe, expect, it } from "vitest";
import { describeForComposer, readPageFacts } from "./page-facts";

const PAGE = "https://old.example.jp/shop/index.html";

function page(head: string, body: string): string {
  return `<!doctype html><html lang="ja"><head><title>さくら珈琲｜渋谷のカフェ</title>${head}</head><body>${body}</body></html>`;
}

describe("readPageFacts: address", () => {
  it("prefers schema.org JSON-LD PostalAddress", () => {
    const html = page(
      `<script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "WebSite", name: "さくら珈琲" },
          {
            "@type": ["CafeOrCoffeeShop", "LocalBusiness"],
            address: {
              "@type": "PostalAddress",
              postalCode: "１５０－０００１",
              addressRegion: "東京都",
              addressLocality: "渋谷区",
              streetAddress: "神宮前１－２－３ さくらビル2F",
              addressCountry: "JP",
            },
          },
        ],
      })}</script>`,
      "<p>〒530-0001 大阪府大阪市北区梅田1-2-3</p>",
    );
    expect(readPageFacts(html, PAGE).address).toBe("〒150-0001 東京都渋谷区神宮前1-2-3 さくらビル2F");
  });

  it("reads an <address> element, then the text", () => {
    expect(
      readPageFacts(
        page(
          "",
          "<footer><address>さくら珈琲<br>〒150-0001<br>東京都渋谷区神宮前1-2-3<br>TEL 03-1234-5678</address></footer>",
        ),
        PAGE,
      ).address,
    ).toBe("〒150-0001 東京都渋谷区神宮前1-2-3");
    expect(
      readPageFacts(page("", "<p>所在地：京都市中京区河原町通三条上る恵比須町123</p>"), PAGE).address,
    ).toBe("京都市中京区河原町通三条上る恵比須町123");
    expect(
      readPageFacts(page("", "<p>Tel 03-1234-5678 ランチ 1,000-1,500円</p>"), PAGE).address,
    ).toBeUndefined();
  });

  it("survives broken JSON-LD and puts the address into the composer's text", () => {
    const facts = readPageFacts(
      page('<script type="application/ld+json">{ not json</script>', "<p>住所 東京都渋谷区神宮前1-2-3</p>"),
      PAGE,
    );
    expect(facts.address).toBe("東京都渋谷区神宮前1-2-3");
    expect(describeForComposer(facts)).toContain("住所：東京都渋谷区神宮前1-2-3。");
  });
});

describe("readPageFacts: images", () => {
  it("takes the share image first, then content images, resolved against the page", () => {
    const facts = readPageFacts(
      page(
        `<meta content="/img/og.jpg" property="og:image"><meta property="og:image:alt" content="店内">`,
        `<nav><img src="/img/nav-banner.jpg" alt="menu"></nav>
         <img src="../photos/latte.jpg" alt="ラテ &amp; ケーキ">
         <img srcset="img/bean-400.jpg 400w, img/bean-1600.jpg 1600w, img/bean-800.jpg 800w" src="img/bean-400.jpg" alt="豆">
         <img data-src="https://cdn.example.jp/lazy.webp" src="data:image/gif;base64,R0lGOD" alt="lazy">
         <img src="/img/og.jpg" alt="again">
         <img src="/img/og.jpg#top" alt="again with a hash">
         <img src="data:image/png;base64,AAAA" alt="inline">
         <img src="/icons/cart.svg" alt="cart">
         <img src="/img/instagram.png" alt="Instagram">
         <img src="/img/x.png" class="sns-icon" alt="">
         <img src="https://www.facebook.com/tr?id=1&ev=PageView" width="1" height="1">
         <img src="/px.gif" width="1" height="1" alt="">
         <img src="/img/spacer.gif" alt="">
         <img src="/img/site-logo.png" alt="さくら珈琲">
         <img src="javascript:alert(1)" alt="">
         <footer><img src="/img/footer.jpg" alt=""></footer>`,
      ),
      PAGE,
    );
    expect(facts.images).toEqual([
      { url: "https://old.example.jp/img/og.jpg", alt: "店内" },
      { url: "https://old.example.jp/photos/latte.jpg", alt: "ラテ & ケーキ" },
      { url: "https://old.example.jp/shop/img/bean-1600.jpg", alt: "豆" },
      { url: "https://cdn.example.jp/lazy.webp", alt: "lazy" },
    ]);
  });

  it("honours <base href>, x descriptors, and caps the candidates", () => {
    const imgs = Array.from({ length: 14 }, (_, i) => `<img src="p${i}.jpg" alt="写真${i}">`).join("");
    const facts = readPageFacts(
      page(
        '<base href="https://media.example.jp/assets/">',
        `<img srcset="a.jpg 1x, a@2x.jpg 2x" alt="a">${imgs}`,
      ),
      PAGE,
    );
    expect(facts.images[0]).toEqual({ url: "https://media.example.jp/assets/a@2x.jpg", alt: "a" });
    expect(facts.images[1]?.url).toBe("https://media.example.jp/assets/p0.jpg");
    expect(facts.images).toHaveLength(10);
  });

  it("finds nothing on a page without pictures", () => {
    expect(readPageFacts(page("", "<p>テキストだけ</p>"), PAGE).images).toEqual([]);
  });
});

describe("readPageFacts: parsing as a browser does", () => {
  it("decodes out-of-range and NUL character references without throwing", () => {
    const facts = readPageFacts(
      page(
        '<meta name="description" content="caf&eacute; &#99999999; &#x110000; &#0;">',
        "<h1>さくら&#99999999;珈琲&#x110000;&#0;</h1><p>&#99999999;&#x110000;&#0; &amp; &#x41;&#66;&copy; a\u0000b</p>",
      ),
      PAGE,
    );
    expect(facts.description).toBe("café");
    expect(facts.headings).toEqual(["さくら 珈琲"]);
    expect(facts.text).toBe("さくら 珈琲 & AB© ab");
    // JSON escapes a NUL as \u0000; U+FFFD stays as itself.
    expect(JSON.stringify(facts)).not.toContain("\\u0000");
    expect(JSON.stringify(facts)).not.toContain("\ufffd");
  });

  it("reads attributes in any order and quoting, and ignores scripts, comments and templates", () => {
    const facts = readPageFacts(
      `<html LANG=en-GB><head><title>Old &amp; New | Tokyo</title>
       <META CONTENT='Fresh bread daily' NAME=description>
       <script>document.write("<h1>not a heading</h1>")</script></head>
       <body><!-- <h2>commented out</h2> --><template><h2>template</h2></template>
       <svg><title>icon</title><text>svg text</text></svg>
       <h2>Our <em>bakery</em></h2><p>Open daily</p></body></html>`,
      PAGE,
    );
    expect(facts.siteName).toBe("Old & New");
    expect(facts.language).toBe("en");
    expect(facts.description).toBe("Fresh bread daily");
    expect(facts.headings).toEqual(["Our bakery"]);
    expect(facts.text).toBe("Our bakery Open daily");
  });

  it("reads deeply nested and unclosed markup without recursion", () => {
    const html = `${"<div>".repeat(20_000)}<h1>Deep</h1><address>東京都渋谷区神宮前1-2-3`;
    const facts = readPageFacts(html, PAGE);
    expect(facts.headings).toEqual(["Deep"]);
    expect(facts.address).toBe("東京都渋谷区神宮前1-2-3");
  });
});
