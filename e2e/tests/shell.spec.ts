import { expect, registerThroughApi, test } from "./fixtures";

test("an unknown path shows 'Page Not Found' with status 404, signed out and signed in", async ({ page }) => {
  const signedOut = await page.goto("/no/such/page");
  expect(signedOut?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
  await expect(page.getByText("Page Not Found")).toBeVisible();
  await expect(page).toHaveTitle("ページが見つかりません — Shobai 商売");
  // Every surface of the app host answers unknown paths 404: API, assets, pages of the route table.
  expect((await page.request.get("/api/no-such-route")).status()).toBe(404);
  expect((await page.request.get("/assets/no-such-file.js")).status()).toBe(404);
  expect((await page.request.get("/crm/no-such-screen")).status()).toBe(404);
  expect((await page.request.get("/pricing")).status()).toBe(200);
  // Real icons, not the app's HTML.
  for (const [icon, type] of [
    ["/favicon.ico", /^image\/(x-icon|vnd\.microsoft\.icon)/],
    ["/apple-touch-icon.png", /^image\/png/],
  ] as const) {
    const res = await page.request.get(icon);
    expect(res.status(), icon).toBe(200);
    expect(res.headers()["content-type"], icon).toMatch(type);
  }
  await registerThroughApi(page);
  const signedIn = await page.goto("/no/such/page");
  expect(signedIn?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
  expect((await page.goto("/crm"))?.status()).toBe(200);
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
  await page.goto("/api-settings");
  await expect(page.getByTestId("coming-soon")).toBeVisible();
  await expect(page.getByTestId("user-menu")).toBeVisible();
});

test("the API reference renders the OpenAPI document", async ({ page }) => {
  // Every operation of the API on one page: on a busy CI machine fetching and laying out the
  // whole reference took more than the default 10 s (the accessibility sweep allows a minute).
  test.setTimeout(120_000);
  await page.goto("/api-docs");
  await expect(page.getByText("/api/auth/register").first()).toBeVisible({ timeout: 60_000 });
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
