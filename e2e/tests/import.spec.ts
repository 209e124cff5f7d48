import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ServedSite, serveSite } from "../../scripts/eval-import/serve";
import { expect, registerThroughApi, test } from "./fixtures";

const SITES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../scripts/eval-import/sites");

let oldSite: ServedSite;
test.beforeAll(async () => {
  // The tax office's old site: five Shift_JIS pages in a table layout (one without a declared charset).
  oldSite = await serveSite(path.join(SITES, "osaka-tax"));
});
test.afterAll(async () => {
  await oldSite?.close();
});

test.describe("Import of the owner's old site", () => {
  test("reads a multi-page Shift_JIS site, the owner confirms, the hosted site shows services, prices and profile on a phone", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await registerThroughApi(page);
    await page.goto("/websites");
    await page.getByTestId("websites-tab-import").click();
    await page.getByTestId("websites-import-url").fill(`${oldSite.origin}/`);
    await page.getByTestId("websites-import-read").click();

    const panel = page.getByTestId("facts-panel");
    await expect(panel.getByTestId("facts-name")).toHaveValue("山田税理士事務所", { timeout: 30_000 });
    await expect(page.getByTestId("websites-import-pages")).toContainText("5");
    await expect(panel.getByTestId("facts-phone")).toHaveValue("06-6345-1234");
    await expect(panel.getByTestId("facts-email")).toHaveValue("info@yamada-tax.example");
    await expect(panel.getByTestId("facts-address")).toHaveValue(/大阪府大阪市北区梅田1-2-3/);
    await expect(panel.getByTestId("facts-item")).toHaveCount(4);
    await expect(panel.getByTestId("facts-item-name-0")).toHaveValue("相続税申告");
    await expect(panel.getByTestId("facts-item-price-0")).toHaveValue("300000");
    await expect(panel.getByTestId("facts-item-before-tax-0")).toBeVisible();
    await expect(panel.getByTestId("facts-notes")).toHaveValue("初回相談無料");
    await expect(panel.getByTestId("facts-representative")).toHaveValue("山田 太郎");
    await expect(panel.getByTestId("facts-period-opens-0")).toHaveValue("09:00");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`import-confirm-${width}.png`), fullPage: true });
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByTestId("websites-import-submit").click();
    await expect(page.getByText("山田税理士事務所").first()).toBeVisible({ timeout: 30_000 });
    const card = page.getByTestId("website-card").first();
    await expect(card).toContainText("山田税理士事務所");
    const [site] = await Promise.all([
      page.context().waitForEvent("page"),
      card.getByTestId("website-preview").click(),
    ]);
    await site.waitForURL((url) => url.pathname === "/ja/");
    await site.setViewportSize({ width: 390, height: 844 });
    const offerings = site.locator("#offerings");
    for (const text of ["相続税申告", "法人決算", "記帳代行", "確定申告", "330,000円"]) {
      await expect(offerings).toContainText(text);
    }
    const about = site.locator("#about");
    await expect(about).toContainText("山田 太郎");
    await expect(about).toContainText("税理士");
    await expect(about).toContainText("初回相談無料");
    await expect(site.locator("#access")).toContainText("定休日");
    await expect(site.locator('a[href^="tel:"]').first()).toHaveAttribute("href", "tel:+81663451234");
    await expect(site).toHaveTitle(/山田税理士事務所/);
    const width = await site.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await site.screenshot({ path: testInfo.outputPath("imported-390.png"), fullPage: true });
    for (const section of ["offerings", "about", "access"]) {
      await site
        .locator(`#${section}`)
        .screenshot({ path: testInfo.outputPath(`imported-390-${section}.png`) });
    }
    await site.setViewportSize({ width: 1280, height: 900 });
    await site.screenshot({ path: testInfo.outputPath("imported-1280.png"), fullPage: true });
  });
});
