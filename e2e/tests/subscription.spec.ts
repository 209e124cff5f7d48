import { expect, expectNoSidewaysScroll, registerThroughApi, test } from "./fixtures";

const SITE = {
  businessDescription:
    "さくら珈琲は京都・三条の喫茶店です。自家焙煎のコーヒーと手作りのケーキをお出しします。",
  businessType: "restaurant",
  targetMarket: "japan",
  languages: ["ja"],
};

test("a trial user sees the subscription page, and the warning once the site limit is reached", async ({
  page,
}) => {
  await registerThroughApi(page);
  await page.goto("/subscription");
  await expect(page.getByTestId("current-plan-status")).toHaveText("トライアル中");
  await expect(page.getByTestId("usage-websites-value")).toContainText("0 / 1");
  await expect(page.getByTestId("website-limit-warning")).toHaveCount(0);
  // The trial may move to any plan.
  for (const plan of ["starter", "business", "enterprise", "white_label"]) {
    await expect(page.getByTestId(`plan-select-${plan}`)).toBeEnabled();
  }

  expect((await page.request.post("/api/websites/generate", { data: SITE })).status()).toBe(201);
  await page.reload();
  await expect(page.getByTestId("usage-websites-value")).toContainText("1 / 1");
  await expect(page.getByTestId("website-limit-warning")).toBeVisible();
});

test("Select Plan → Stripe Checkout (local test server) → the plan is active; upgrade; cancel in the portal", async ({
  page,
}) => {
  await registerThroughApi(page);
  await page.goto("/pricing");
  await expect(page.getByTestId("plan-recommended-enterprise")).toBeVisible();
  await page.getByTestId("plan-select-business").click();

  // Stripe's page (here the local server speaking Stripe's protocol; no money moves).
  await page.waitForURL(/127\.0\.0\.1:\d+\/pay\/cs_test_/);
  await expect(page.getByText("¥14,980 / month")).toBeVisible();
  await page.getByRole("button", { name: /Pay/ }).click();

  // Back in the product once the webhook has run.
  await page.waitForURL((url) => url.pathname === "/subscription");
  await expect(page.getByTestId("current-plan-name")).toContainText("ビジネス");
  await expect(page.getByTestId("current-plan-status")).toHaveText("有効");
  await expect(page.getByTestId("plan-select-business")).toBeDisabled();
  await expect(page.getByTestId("plan-select-starter")).toBeDisabled();
  await expect(page.getByTestId("usage-websites-value")).toContainText("0 / 3");

  // An upgrade applies at once, without a second checkout.
  await page.getByTestId("plan-select-enterprise").click();
  await page.waitForURL((url) => url.pathname === "/subscription");
  await expect(page.getByTestId("current-plan-name")).toContainText("エンタープライズ");
  await expect(page.getByTestId("usage-websites-value")).toContainText("0 / 5");

  // Cancelling in the billing portal keeps the plan to the end of the period.
  await page.getByTestId("manage-billing").click();
  await page.waitForURL(/127\.0\.0\.1:\d+\/portal\/bps_test_/);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await page.waitForURL((url) => url.pathname === "/subscription");
  await expect(page.getByTestId("current-plan-date")).toContainText(
    /\d{4}年\d{1,2}月\d{1,2}日にご利用期間が終了します/,
  );
  await expect(page.getByTestId("current-plan-name")).toContainText("エンタープライズ");
});

test("signed out, Select Plan leads to sign-in", async ({ page }) => {
  await page.goto("/pricing");
  await page.getByTestId("plan-select-starter").click();
  await page.waitForURL((url) => url.pathname === "/auth");
});

test("the subscription page fits a phone @phone", async ({ page }) => {
  await registerThroughApi(page);
  await page.goto("/subscription");
  await expect(page.getByTestId("plan-card-white_label")).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("/pricing shows the plans, the comparison and three questions, and fits a phone @phone", async ({
  page,
}) => {
  await page.goto("/pricing");
  // The cards come from GET /api/subscription/plans.
  for (const plan of ["starter", "business", "enterprise", "white_label"]) {
    await expect(page.getByTestId(`plan-card-${plan}`)).toBeVisible();
  }
  const comparison = page.getByTestId("plan-comparison");
  await expect(comparison.locator("thead th")).toHaveCount(5);
  await expect(comparison.getByTestId("compare-websites-white_label")).toHaveText("20件");
  const faq = page.getByTestId("pricing-faq");
  await expect(faq.getByRole("button")).toHaveCount(3);
  await faq.getByRole("button", { name: "無料トライアルが終わるとどうなりますか？" }).click();
  await expect(faq.getByText(/14日間、クレジットカードの登録なし/)).toBeVisible();
  await expectNoSidewaysScroll(page);
});
