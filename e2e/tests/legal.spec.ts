import { expect, test } from "./fixtures";

const PAGES = [
  ["/terms", "利用規約", 9],
  ["/privacy", "プライバシーポリシー", 10],
  ["/security", "セキュリティ", 6],
  ["/cookies", "Cookieポリシー", 5],
  ["/commercial-law", "特定商取引法に基づく表記", 5],
] as const;

for (const [path, heading, sections] of PAGES) {
  test(`${path} renders its heading, last updated date and sections`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByTestId("legal-last-updated")).toHaveText("2025年1月1日");
    await expect(page.getByTestId("legal-section")).toHaveCount(sections);
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
}

test("Back returns to the previous page, or to the home page when opened directly", async ({ page }) => {
  await page.goto("/pricing");
  await page.goto("/privacy");
  await page.getByTestId("legal-back").click();
  await page.waitForURL((url) => url.pathname === "/pricing");

  const fresh = await page.context().newPage();
  await fresh.goto("/terms");
  await fresh.getByTestId("legal-back").click();
  await fresh.waitForURL((url) => url.pathname === "/");
});

test("/cookies lists the five cookies", async ({ page }) => {
  await page.goto("/cookies");
  await expect(page.getByTestId("cookie-table").locator("tbody tr")).toHaveCount(5);
  await expect(page.getByTestId("cookie-row-_ga")).toContainText("設定していません");
});

test("/commercial-law says which OPERATOR_ variables are not configured", async ({ page }) => {
  await page.goto("/commercial-law");
  await expect(page.getByTestId("commercial-address")).toContainText(
    "請求があった場合には、遅滞なく開示いたします。",
  );
  await expect(page.getByTestId("commercial-seller")).toContainText("OPERATOR_NAME");
  await expect(page.getByTestId("commercial-plans")).toContainText("月額 ¥4,980（税込）");
});

test("the footer links the info and legal pages", async ({ page }) => {
  await page.goto("/pricing");
  const footer = page.getByRole("contentinfo");
  for (const href of [
    "/features",
    "/about",
    "/contact",
    "/faq",
    "/sitemap",
    "/terms",
    "/privacy",
    "/security",
    "/cookies",
    "/commercial-law",
  ]) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await footer.locator('a[href="/cookies"]').click();
  await expect(page.getByRole("heading", { level: 1, name: "Cookieポリシー" })).toBeVisible();
});
