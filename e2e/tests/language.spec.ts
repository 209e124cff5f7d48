import type { Page } from "@playwright/test";
import { expect, registerThroughApi, test } from "./fixtures";

async function chooseLanguage(page: Page, nativeName: string) {
  await page.getByTestId("language-select").first().click();
  await page.getByRole("option", { name: nativeName }).click();
}

test("Japanese by default; switching to English persists across reload", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await chooseLanguage(page, "English");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("auth-submit")).toHaveText(/sign in|log in/i);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("auth-submit")).toHaveText(/sign in|log in/i);
});

test("a signed-in user's language choice is saved to the account and follows them", async ({
  page,
  browser,
}) => {
  const account = await registerThroughApi(page);
  await page.goto("/");
  await chooseLanguage(page, "Polski");
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await expect
    .poll(async () => (await (await page.request.get("/api/auth/user")).json()).language)
    .toBe("pl");

  // A new browser without a local choice picks the account's language after sign-in.
  const fresh = await browser.newContext({ locale: "ja-JP" });
  const other = await fresh.newPage();
  const login = await other.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(200);
  await other.goto("/");
  await expect(other.locator("html")).toHaveAttribute("lang", "pl");
  await fresh.close();
});

test("every open tab follows a language change", async ({ page, context }) => {
  await page.goto("/auth");
  const second = await context.newPage();
  await second.goto("/__health");
  await expect(second.locator("html")).toHaveAttribute("lang", "ja");
  await chooseLanguage(page, "English");
  await expect(second.locator("html")).toHaveAttribute("lang", "en");
});

test("the browser's language is used when nothing was chosen", async ({ browser }) => {
  const context = await browser.newContext({ locale: "id-ID" });
  const page = await context.newPage();
  await page.goto("/__health");
  await expect(page.locator("html")).toHaveAttribute("lang", "id");
  await context.close();
});
