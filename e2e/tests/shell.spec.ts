import { expect, registerThroughApi, test } from "./fixtures";

test("an unknown path shows 'Page Not Found'", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByTestId("not-found")).toBeVisible();
  await expect(page.getByText("Page Not Found")).toBeVisible();
});

test("the diagnostic page shows sign-in state and the time", async ({ page }) => {
  await page.goto("/__health");
  await expect(page.getByTestId("health-authenticated")).toHaveText(/false|いいえ|no/i);
  await registerThroughApi(page);
  await page.reload();
  await expect(page.getByTestId("health-authenticated")).toHaveText(/true|はい|yes/i);
});

test("pages of later features show a coming-soon panel inside the signed-in layout", async ({ page }) => {
  await registerThroughApi(page);
  await page.goto("/team");
  await expect(page.getByTestId("coming-soon")).toBeVisible();
  await expect(page.getByTestId("user-menu")).toBeVisible();
});

test("the API reference renders the OpenAPI document", async ({ page }) => {
  await page.goto("/api-docs");
  await expect(page.getByText("/api/auth/register").first()).toBeVisible();
  await expect(page.getByText("/api/subscription/plans").first()).toBeVisible();
});

test("a screen whose script the server no longer has (a deploy happened) reloads the page instead of failing", async ({
  page,
}) => {
  await page.goto("/");
  let refused = 0;
  // The first request for the sign-in screen's chunk meets a server that has a newer build.
  await page.route(/\/assets\/auth-page-[^/]+\.js$/, async (route) => {
    if (refused++ === 0) await route.fulfill({ status: 404, body: "Not found" });
    else await route.continue();
  });
  const reloaded = page.waitForEvent("load");
  await page.getByRole("banner").getByRole("link", { name: "ログイン" }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId("auth-email")).toBeVisible();
  expect(refused).toBe(2);
});
