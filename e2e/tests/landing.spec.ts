import { expect, expectNoSidewaysScroll, test } from "./fixtures";

const FEATURES = ["ai", "crm", "email", "editor", "domain", "multilingual", "analytics"];
const TABS = ["websites", "crm", "email", "domains", "analytics"];

test("the landing page shows the hero, seven features, the AI demo, the preview tabs and four plans", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("hero-start")).toHaveAttribute("href", "/auth?mode=register");
  await expect(page.locator("#features")).toBeVisible();
  for (const key of FEATURES) await expect(page.getByTestId(`feature-card-${key}`)).toBeVisible();
  await expect(page.getByTestId("feature-coming-soon-domain")).toHaveCount(0);

  const demo = page.getByTestId("ai-demo");
  await expect(demo.getByRole("textbox")).toBeVisible();
  await expect(demo.getByTestId("demo-market")).toHaveText("日本");

  for (const id of TABS) await expect(page.getByTestId(`preview-tab-${id}`)).toBeVisible();
  await expect(page.getByTestId("preview-tab-websites")).toHaveAttribute("aria-selected", "true");
  await page.getByTestId("preview-tab-email").click();
  await expect(page.getByTestId("preview-panel-email")).toBeVisible();
  await page.getByTestId("preview-tab-domains").click();
  await expect(page.getByTestId("preview-panel-domains")).toContainText("www.sakura-ramen.jp");
  await expect(page.getByTestId("preview-panel-domains")).toContainText("接続済み");

  await expect(page.getByTestId("plan-grid").getByRole("article")).toHaveCount(4);
  await expect(page.getByTestId("plan-recommended-enterprise")).toBeVisible();

  const footer = page.getByTestId("site-footer");
  await expect(footer.getByTestId("footer-language-select")).toBeVisible();
  await expect(footer.getByTestId("footer-partners").getByRole("link")).toHaveCount(4);
});

test("the demo's generate button leads to /auth", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("demo-description").fill("札幌の小さなラーメン店です。");
  await page.getByTestId("demo-generate").click();
  await page.waitForURL((url) => url.pathname === "/auth");
});

test("@phone the landing page fits a 375 px screen without horizontal scrolling", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("plan-grid").getByRole("article")).toHaveCount(4);
  for (const id of TABS) {
    await page.getByTestId(`preview-tab-${id}`).click();
    await expect(page.getByTestId(`preview-panel-${id}`)).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});
