import { expect, registerThroughApi, test } from "./fixtures";

// Headless Chromium calls itself HeadlessChrome, which the tracker rightly ignores as a bot; these
// visitors present ordinary desktop and phone browsers, each its own person.
const VISITOR_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
];

test("visits to a hosted site show up in the owner's analytics and dashboard", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await registerThroughApi(page);
  const generated = await page.request.post("/api/websites/generate", {
    data: {
      businessDescription: "「Sakura Ramen」は渋谷の家族経営のラーメン店です。醤油ラーメンと餃子が人気。",
      businessType: "restaurant",
      languages: ["ja", "en"],
    },
  });
  expect(generated.status()).toBe(201);
  const site = await generated.json();

  // Three people open the site in their own browsers; the first also reads the English page and
  // sends the contact form.
  for (const [i, userAgent] of VISITOR_AGENTS.entries()) {
    const context = await browser.newContext({ userAgent, locale: i === 2 ? "en-US" : "ja-JP" });
    const visitor = await context.newPage();
    const beacon = visitor.waitForRequest((r) => r.url().endsWith("/_shobai/collect"));
    await visitor.goto(site.url);
    await visitor.waitForURL((url) => url.href === `${site.url}ja/`);
    await beacon;
    if (i === 0) {
      await visitor.getByRole("link", { name: "English" }).first().click();
      await visitor.waitForURL((url) => url.href === `${site.url}en/`);
      await visitor.getByLabel("Name").fill("Emily Chen");
      await visitor.getByLabel("Email", { exact: true }).fill("emily.chen@example.com");
      await visitor.getByLabel("Message").fill("Do you have a table for four on Saturday evening?");
      await visitor.getByRole("button", { name: /send/i }).click();
      await visitor.waitForURL((url) => url.href === `${site.url}en/thanks/`);
    }
    await context.close();
  }

  // Beacons are written in batches a quarter of a second apart.
  await expect
    .poll(async () => (await (await page.request.get(`/api/analytics/${site.id}`)).json()).totals.visitors, {
      timeout: 20_000,
    })
    .toBe(3);

  await page.goto("/analytics");
  await expect(page.getByTestId("analytics-page")).toBeVisible();
  await expect(page.getByTestId("analytics-stat-visitors")).toContainText("3");
  await expect(page.getByTestId("analytics-stat-visits")).toContainText("3");
  await page.getByTestId("analytics-tab-traffic").click();
  await expect(page.getByText("/en/").first()).toBeVisible();
  await page.getByTestId("analytics-tab-realtime").click();
  await expect(page.getByTestId("analytics-realtime-visitors")).toContainText("3");

  await page.goto("/");
  await expect(page.getByTestId("dashboard-stat-monthlyVisits")).toHaveText("3");
  await expect(page.getByTestId("dashboard-stat-monthlyLeads")).toHaveText("1");
  await expect(page.getByTestId("dashboard-stat-totalWebsites")).toHaveText("1");
});
