import { expect, registerThroughApi, test } from "./fixtures";

const DESCRIPTION =
  "『京菓子司 松風堂』創業明治三十年。京都市上京区で四代続く和菓子店です。季節の上生菓子、わらび餅、栗羊羹をご用意しております。上生菓子 1個 380円（税込）。営業 9:00〜18:00／定休日：水曜日。TEL 075-123-4567";

test.describe("Generation from what the owner wrote", () => {
  test("the form shows what was read, the owner corrects it, and the hosted site shows the owner's items", async ({
    page,
  }, testInfo) => {
    await registerThroughApi(page);
    await page.goto("/websites");
    await page.getByTestId("websites-description").fill(DESCRIPTION);

    const panel = page.getByTestId("facts-panel");
    await expect(panel.getByTestId("facts-name")).toHaveValue("京菓子司 松風堂");
    await expect(panel.getByTestId("facts-place")).toHaveValue("京都市上京区");
    await expect(panel.getByTestId("facts-phone")).toHaveValue("075-123-4567");
    await expect(panel.getByTestId("facts-foundedYear")).toHaveValue("1897");
    await expect(panel.getByTestId("facts-item")).toHaveCount(3);
    await expect(panel.getByTestId("facts-item-name-0")).toHaveValue("季節の上生菓子");
    await expect(panel.getByTestId("facts-item-price-0")).toHaveValue("380");
    await expect(panel.getByTestId("facts-period-opens-0")).toHaveValue("09:00");
    await expect(panel.getByTestId("facts-closed-days").locator('[data-day="3"]')).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByTestId("websites-business-type")).toContainText("小売・ショップ");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`confirm-form-${width}.png`), fullPage: true });
      await panel.screenshot({ path: testInfo.outputPath(`confirm-panel-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The owner corrects a price and adds an item the description did not name.
    await panel.getByTestId("facts-item-price-1").fill("500");
    await panel.getByTestId("facts-add-item").click();
    await panel.getByTestId("facts-item-name-3").fill("どら焼き");
    await panel.getByTestId("facts-item-price-3").fill("250");
    await page.getByTestId("websites-generate-submit").click();
    await expect(page.getByText("ウェブサイト生成完了").first()).toBeVisible({ timeout: 30_000 });

    const card = page.getByTestId("website-card").first();
    await expect(card).toContainText("京菓子司 松風堂");
    const [site] = await Promise.all([
      page.context().waitForEvent("page"),
      card.getByTestId("website-preview").click(),
    ]);
    await site.waitForURL((url) => url.pathname === "/ja/");
    const offerings = site.locator("#offerings");
    for (const text of [
      "季節の上生菓子",
      "1個 380円（税込）",
      "わらび餅",
      "500円（税込）",
      "栗羊羹",
      "どら焼き",
      "250円（税込）",
    ]) {
      await expect(offerings).toContainText(text);
    }
    // Phone numbers never break across lines: the page writes them with non-breaking hyphens.
    await expect(site.locator("#access")).toContainText("075\u2011123\u20114567");
    await expect(site.locator("#access")).toContainText("定休日：水曜日");
    await expect(site.locator("#about")).toContainText("1897年に創業しました。");
    await expect(site.locator('a[href^="tel:"]').first()).toHaveAttribute("href", "tel:+81751234567");
    await site.screenshot({ path: testInfo.outputPath("hosted-1280.png"), fullPage: true });
    await site.setViewportSize({ width: 375, height: 812 });
    await site.screenshot({ path: testInfo.outputPath("hosted-375.png"), fullPage: true });
    for (const section of ["offerings", "about", "access"]) {
      await site
        .locator(`#${section}`)
        .screenshot({ path: testInfo.outputPath(`hosted-375-${section}.png`) });
    }
  });
});
