import { expect, registerThroughApi, test } from "./fixtures";

// The public pages as search engines and first-time visitors get them: rendered on the server at
// build time (text in the HTML before any script runs), with per-language meta, then hydrated.
const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/features",
  "/about",
  "/faq",
  "/contact",
  "/help",
  "/case-studies",
  "/tutorials",
  "/sitemap",
  "/terms",
  "/privacy",
  "/security",
  "/cookies",
  "/commercial-law",
];

test("every public page has its text, title and description without JavaScript", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "ja-JP" });
  const page = await context.newPage();
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.locator("html"), path).toHaveAttribute("lang", "ja");
    await expect(page.locator("main h1").first(), path).not.toBeEmpty();
    expect(await page.title(), path).toContain("Shobai");
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0, path).toBeGreaterThan(20);
  }
  await context.close();
});

test("each language has its own address, named by canonical, hreflang and Open Graph tags", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "ja-JP" });
  const page = await context.newPage();
  await page.goto("/pricing?lang=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle("Pricing — Shobai");
  await expect(page.locator("main h1")).toHaveText("Simple, Transparent Pricing");
  // The four plans are in the HTML too (the same catalogue the server answers).
  await expect(page.getByTestId("plan-grid").getByRole("article")).toHaveCount(4);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/pricing?lang=en`);
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => `${l.getAttribute("hreflang")} ${l.getAttribute("href")}`));
  expect(alternates).toEqual([
    `ja ${baseURL}/pricing`,
    `en ${baseURL}/pricing?lang=en`,
    `pl ${baseURL}/pricing?lang=pl`,
    `ro ${baseURL}/pricing?lang=ro`,
    `ms ${baseURL}/pricing?lang=ms`,
    `id ${baseURL}/pricing?lang=id`,
    `x-default ${baseURL}/pricing`,
  ]);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Pricing — Shobai");
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${baseURL}/og-image.png`,
  );
  expect((await page.request.get("/og-image.png")).headers()["content-type"]).toContain("image/png");

  // A visitor whose browser prefers Polish gets Polish at the bare address.
  const polish = await browser.newContext({ javaScriptEnabled: false, locale: "pl-PL" });
  const polishPage = await polish.newPage();
  await polishPage.goto("/faq");
  await expect(polishPage.locator("html")).toHaveAttribute("lang", "pl");
  await expect(polishPage).toHaveTitle("Najczęstsze pytania — Shobai");
  await Promise.all([context.close(), polish.close()]);
});

test("the browser takes over the prerendered page without a mismatch, and it works", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  for (const path of ["/", "/pricing", "/faq", "/terms", "/contact"]) {
    await page.goto(path);
    await expect(page.locator("#root[data-prerendered]")).toHaveCount(1);
  }
  // Moving on inside the app keeps the title in step with the page.
  await page.getByTestId("site-footer").getByRole("link", { name: "プライバシーポリシー" }).click();
  await expect(page).toHaveTitle("プライバシーポリシー — Shobai 商売");
  expect(problems).toEqual([]);
});

test("the page hydrates with the texts it carries; the rest arrive as JSON when the visitor moves on", async ({
  page,
}) => {
  const texts: string[] = [];
  page.on("request", (request) => {
    const match = /\/assets\/locales\/[^/]+\/([a-z]{2}\/[a-z-]+)\.json$/.exec(request.url());
    if (match?.[1]) texts.push(match[1]);
  });
  await page.goto("/pricing?lang=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Simple, Transparent Pricing");
  // Hydrated (page.goto waits for it) without fetching a single text file.
  expect(texts).toEqual([]);
  await page.getByTestId("site-footer").getByRole("link", { name: "Privacy", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  expect(texts).toContain("en/legal");
  const response = await page.request.get(`/assets/locales/${await localesVersion(page)}/en/legal.json`);
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect(response.headers()["content-type"]).toContain("application/json");
});

async function localesVersion(page: import("@playwright/test").Page): Promise<string> {
  const url = await page.evaluate(
    () =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .find((name) => name.includes("/assets/locales/")) ?? "",
  );
  const version = /\/assets\/locales\/([^/]+)\//.exec(url)?.[1];
  if (!version) throw new Error("no text file was fetched");
  return version;
}

test("a signed-in owner gets the app, not the prerendered page", async ({ page }) => {
  await registerThroughApi(page);
  await page.goto("/");
  await expect(page.locator("#root[data-prerendered]")).toHaveCount(0);
  await expect(page.getByTestId("user-menu")).toBeVisible();
});
