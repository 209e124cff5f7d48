import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, registerThroughApi, test } from "./fixtures";

// Issue 19: owners put their own photos on their site, through the editor's media library.

type Site = { id: string; url: string; slug: string };

async function generateRamenSite(page: Page): Promise<Site> {
  const res = await page.request.post("/api/websites/generate", {
    data: {
      businessDescription:
        "「らーめん 千尋」は京都市左京区のラーメン店です。醤油ラーメン 850円、味噌ラーメン 950円、餃子 400円。営業は11時〜22時、火曜定休。",
      languages: ["ja", "en"],
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Site;
}

/** A photo-like JPEG: a warm gradient with a bright disc, so the screenshots show a real picture. */
async function photo(width: number, height: number, hue: [number, number, number]): Promise<Buffer> {
  const [r, g, b] = hue;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="rgb(${r},${g},${b})"/><stop offset="1" stop-color="rgb(${Math.round(r / 3)},${Math.round(g / 3)},${Math.round(b / 3)})"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.62}" cy="${height * 0.45}" r="${Math.min(width, height) * 0.28}" fill="rgb(250,236,200)"/>
    <circle cx="${width * 0.62}" cy="${height * 0.45}" r="${Math.min(width, height) * 0.2}" fill="rgb(${Math.min(255, r + 40)},${Math.round(g * 0.7)},40)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const preview = (page: Page) => page.frameLocator('[data-testid="editor-preview"]');

async function uploadTwoPhotos(page: Page) {
  await page.getByTestId("editor-tab-photos").click();
  await expect(page.getByTestId("media-empty")).toBeVisible();
  await page.getByTestId("media-file-input").setInputFiles([
    { name: "shop-front.jpg", mimeType: "image/jpeg", buffer: await photo(2400, 1600, [190, 90, 40]) },
    { name: "shoyu-ramen.jpg", mimeType: "image/jpeg", buffer: await photo(1600, 1600, [150, 60, 20]) },
  ]);
  await expect(page.getByTestId("media-item")).toHaveCount(2, { timeout: 60_000 });
  await expect(page.getByTestId("media-uploads")).toHaveCount(0);
}

/** Every <img> of the locator has loaded (a broken variant URL fails here). */
async function expectLoaded(locator: ReturnType<Page["locator"]>) {
  await expect
    .poll(() => locator.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

test("an owner uploads two photos, places them in the hero and a menu item, publishes, and visitors get <picture> with AVIF/WebP", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await registerThroughApi(page);
  const site = await generateRamenSite(page);
  await page.goto(`/websites/${site.id}/edit`);
  await expect(preview(page).locator(".hero h1[contenteditable]")).toBeVisible();
  await uploadTwoPhotos(page);

  // The newest upload is listed first; the alt text is prefilled from the file name.
  const items = page.getByTestId("media-item");
  const names = await items.locator("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")));
  expect(names.sort()).toEqual(["shop front", "shoyu ramen"]);
  await expectLoaded(items.locator("img"));

  const select = async (name: string) => {
    await page.locator(`[data-testid="media-item"]:has(img[alt="${name}"])`).click();
    await expect(page.getByTestId("media-details")).toBeVisible();
  };
  await select("shop front");
  await page.getByTestId("media-alt-ja").fill("らーめん 千尋の店構え");
  await page.getByTestId("media-save").click();
  await page.getByTestId("media-place-hero").click();
  await select("shoyu ramen");
  await page.getByTestId("media-item-select").selectOption("0");
  await page.getByTestId("media-place-item").click();

  // The live preview shows both at once.
  await expect(preview(page).locator(".hero picture img")).toHaveAttribute("alt", "らーめん 千尋の店構え");
  await expect(preview(page).locator(".hero picture img")).toBeVisible();
  await expectLoaded(preview(page).locator("picture img"));
  await expect(page.getByTestId("media-placements")).toBeVisible();
  await page.screenshot({ path: "test-results/photos-editor-1440.png" });

  await expect(page.getByTestId("editor-save-state")).toHaveAttribute("data-status", "saved", {
    timeout: 15_000,
  });
  await page.getByTestId("editor-publish").click();
  await expect(page.getByTestId("editor-unpublished")).toHaveCount(0);

  // A visitor's browser gets the published page.
  const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await visitor.goto(`${site.url}ja/`);
  const hero = visitor.locator(".hero picture");
  await expect(hero.locator('source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    /-480\.avif 480w, .*-1600\.avif 1600w/,
  );
  await expect(hero.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /\.webp 480w/);
  await expect(hero.locator("img")).toHaveAttribute("fetchpriority", "high");
  // Really on screen, at a real size (not hidden by another rule).
  await expect(hero.locator("img")).toBeVisible();
  expect((await hero.locator("img").boundingBox())?.height ?? 0).toBeGreaterThan(200);
  await expect(hero.locator("img")).toHaveAttribute("width", "1600");
  await expect(hero.locator("img")).toHaveAttribute("height", "1067");
  const item = visitor.locator("#offerings li.has-ph picture");
  await expect(item).toHaveCount(1);
  await expect(item.locator("img")).toHaveAttribute("loading", "lazy");
  await item.scrollIntoViewIfNeeded();
  await expectLoaded(visitor.locator("picture img"));
  // Chromium chose the AVIF source.
  expect(await hero.locator("img").evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(
    /\.avif$/,
  );
  const headers = await hero.locator("img").evaluate(async (img) => {
    const res = await fetch((img as HTMLImageElement).currentSrc);
    return { cache: res.headers.get("cache-control"), type: res.headers.get("content-type") };
  });
  expect(headers).toEqual({ cache: "public, max-age=31536000, immutable", type: "image/avif" });
  await visitor.evaluate(() => window.scrollTo(0, 0));
  await visitor.screenshot({ path: "test-results/photos-site-1440.png", fullPage: true });
  await visitor.setViewportSize({ width: 375, height: 812 });
  await visitor.screenshot({ path: "test-results/photos-site-375.png", fullPage: true });
  await visitor.close();
});

test("@phone the media library works at phone width", async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughApi(page);
  const site = await generateRamenSite(page);
  await page.goto(`/websites/${site.id}/edit`);
  await expect(preview(page).locator(".hero h1[contenteditable]")).toBeVisible();
  await uploadTwoPhotos(page);
  await page.getByTestId("media-item").first().click();
  await page.getByTestId("media-place-gallery").click();
  await expect(preview(page).locator("#gallery picture")).toHaveCount(1);
  await page.getByTestId("media-panel").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/photos-editor-375.png", fullPage: true });
});

/** The stock picker's search: keyword → results with each photographer's credit. */
async function searchStock(page: Page, keyword: string) {
  await page.getByTestId("editor-tab-photos").click();
  await expect(page.getByTestId("stock-picker")).toBeVisible();
  await page.getByTestId("stock-query").fill(keyword);
  await page.getByTestId("stock-search").click();
  await expect(page.getByTestId("stock-result")).toHaveCount(12);
}

test("an owner searches stock photos (Unsplash, local peer), uses one as the top image, and the site credits the photographer", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await registerThroughApi(page);
  const site = await generateRamenSite(page);
  await page.goto(`/websites/${site.id}/edit`);
  await expect(preview(page).locator(".hero h1[contenteditable]")).toBeVisible();
  await searchStock(page, "パン");
  // Each result names its photographer and Unsplash, linked with the UTM tags.
  const credit = page.getByTestId("stock-credit").first();
  await expect(credit).toContainText("Aiko Tanaka");
  await expect(credit.getByRole("link", { name: "Aiko Tanaka" })).toHaveAttribute(
    "href",
    "https://unsplash.com/@aikotanaka?utm_source=shobai&utm_medium=referral",
  );
  await expect(credit.getByRole("link", { name: "Unsplash" })).toHaveAttribute(
    "href",
    "https://unsplash.com/?utm_source=shobai&utm_medium=referral",
  );
  await expectLoaded(page.getByTestId("stock-results").locator("img"));
  // The next page adds to the list.
  await page.getByTestId("stock-more").click();
  await expect(page.getByTestId("stock-result")).toHaveCount(24);
  await page.getByTestId("stock-picker").evaluate((el) => el.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: "test-results/stock-picker-1440.png" });
  // The picker passes axe (no serious or critical problem).
  const axe = await new AxeBuilder({ page })
    .include("[data-testid=stock-picker]")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);

  await page.getByTestId("stock-use-hero").nth(1).click();
  await expect(preview(page).locator(".hero picture img")).toBeVisible();
  await expectLoaded(preview(page).locator(".hero picture img"));
  await expect(preview(page).locator("footer .credit")).toContainText("Marc Dubois");
  await expect(page.getByTestId("media-placed-hero")).toBeVisible();

  await expect(page.getByTestId("editor-save-state")).toHaveAttribute("data-status", "saved", {
    timeout: 15_000,
  });
  await page.getByTestId("editor-publish").click();
  await expect(page.getByTestId("editor-unpublished")).toHaveCount(0);

  const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await visitor.goto(`${site.url}ja/`);
  const hero = visitor.locator(".hero picture img");
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).toHaveAttribute("alt", "パン");
  await expectLoaded(hero);
  // Hotlinked from Unsplash's image service (here the local peer), sized by its parameters.
  expect(await hero.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(
    /\/images\/bake001\?ixid=peer-bake001&ixlib=rb-4\.0\.3&w=\d+&fm=avif&q=60&fit=max$/,
  );
  const footer = visitor.locator("footer .credit");
  await expect(footer).toContainText("写真: Marc Dubois / Unsplash");
  await expect(footer.getByRole("link", { name: "Marc Dubois" })).toHaveAttribute(
    "href",
    "https://unsplash.com/@marcdubois?utm_source=shobai&utm_medium=referral",
  );
  await visitor.close();
});

test("@phone the stock picker works at phone width", async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughApi(page);
  const site = await generateRamenSite(page);
  await page.goto(`/websites/${site.id}/edit`);
  await expect(preview(page).locator(".hero h1[contenteditable]")).toBeVisible();
  // A keyword for the site's trade (a restaurant) is proposed before any search.
  await page.getByTestId("editor-tab-photos").click();
  await expect(page.getByTestId("stock-proposal")).toHaveText("料理");
  await page.getByTestId("stock-proposal").click();
  await expect(page.getByTestId("stock-result")).toHaveCount(2);
  await expect(page.getByTestId("stock-query")).toHaveValue("料理");
  await searchStock(page, "bakery");
  await expectLoaded(page.getByTestId("stock-results").locator("img").first());
  await page.getByTestId("stock-use-gallery").first().click();
  await expect(preview(page).locator("#gallery picture")).toHaveCount(1);
  await page.getByTestId("stock-picker").evaluate((el) => el.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: "test-results/stock-picker-375.png" });
});
