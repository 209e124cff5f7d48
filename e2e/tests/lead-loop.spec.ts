import { expect, registerThroughApi, test } from "./fixtures";

// The product's loop: a generated site's contact form puts a lead into the owner's CRM.
test("a visitor's message on the generated site shows up in the owner's CRM", async ({ page, browser }) => {
  await registerThroughApi(page);
  const generated = await page.request.post("/api/websites/generate", {
    data: {
      businessDescription:
        "「Sakura Ramen」は渋谷の家族経営のラーメン店です。醤油ラーメンと餃子が人気。営業は11時〜22時、水曜定休。",
      businessType: "restaurant",
      languages: ["ja", "en"],
    },
  });
  expect(generated.status()).toBe(201);
  const site = await generated.json();

  // A visitor, in another browser without the owner's session and without JavaScript.
  const visitorContext = await browser.newContext({ javaScriptEnabled: false, locale: "en-US" });
  const visitor = await visitorContext.newPage();
  await visitor.goto(site.url);
  // The site lives on its own host ({slug}.localhost), never the app's.
  await visitor.waitForURL((url) => url.href === `${site.url}ja/`);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "ja");
  await visitor.getByRole("link", { name: "English" }).first().click();
  await expect(visitor.locator("html")).toHaveAttribute("lang", "en");
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await visitor.getByLabel("Name").fill("Emily Chen");
  await visitor.getByLabel("Email", { exact: true }).fill("emily.chen@example.com");
  await visitor.getByLabel("Message").fill("Do you have a table for four on Saturday evening?");
  await visitor.getByRole("button", { name: /send/i }).click();
  await visitor.waitForURL((url) => url.href === `${site.url}en/thanks/`);
  await visitorContext.close();

  await page.goto("/crm");
  const row = page.locator('[data-testid="crm-row"][data-contact-email="emily.chen@example.com"]');
  await expect(row).toBeVisible();
  await expect(row).toContainText("Emily");
});
