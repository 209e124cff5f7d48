import { expect, test } from "./fixtures";

test("/tutorials shows four guides with real screenshots", async ({ page }) => {
  await page.goto("/tutorials");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("4つのガイド");
  await expect(page.getByTestId("tutorial-guide")).toHaveCount(4);
  const domain = page.locator("#connect-domain");
  await expect(domain).toContainText("DNSを確認");
  await expect(domain.getByTestId("tutorial-image")).toHaveCount(3);
  const first = page.getByTestId("tutorial-image").first();
  await first.scrollIntoViewIfNeeded();
  await expect
    .poll(() => first.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
});
