import { expect, test } from "./fixtures";

// The browser speaks Japanese (playwright.config.ts), the product's default.
const PAGES = [
  { path: "/contact", heading: "お問い合わせ" },
  { path: "/faq", heading: "よくあるご質問" },
  { path: "/about", heading: "街のお店に、頼れる仕事道具を" },
  { path: "/features", heading: "ネット集客に必要なものを、ひとつの場所に" },
  { path: "/sitemap", heading: "サイトマップ" },
  { path: "/help", heading: "ヘルプセンター" },
];

for (const { path, heading } of PAGES) {
  test(`${path} renders its heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  });
}

test("the FAQ opens an answer, and the sitemap shows its four badges", async ({ page }) => {
  await page.goto("/faq");
  await page.getByRole("button", { name: "返信までどのくらいかかりますか？" }).click();
  await expect(page.getByText(/スターターは48時間以内/)).toBeVisible();
  await page.goto("/sitemap");
  for (const access of ["public", "login", "enterprise", "external"]) {
    await expect(page.getByTestId(`access-${access}`).first()).toBeVisible();
  }
});

test("the contact form checks its fields, saves a message and clears", async ({ page }) => {
  await page.goto("/contact");
  await page.getByTestId("contact-submit").click();
  await expect(page.getByText("お名前を入力してください。")).toBeVisible();

  await page.getByTestId("contact-name").fill("佐藤 花子");
  await page.getByTestId("contact-email").fill(`e2e-contact-${Date.now()}@example.jp`);
  await page.getByTestId("contact-company").fill("さとう生花店");
  await page.getByTestId("contact-message").fill("ホームページの取り込みについて教えてください。");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/contact-messages"));
  await page.getByTestId("contact-submit").click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByTestId("toast").getByText("お問い合わせありがとうございます")).toBeVisible();
  await expect(page.getByTestId("contact-name")).toHaveValue("");
  await expect(page.getByTestId("contact-message")).toHaveValue("");
});

test("the contact API refuses bad input with a message naming the field", async ({ request }) => {
  const res = await request.post("/api/contact-messages", {
    data: { name: "Ken", email: "not-an-email", message: "hi" },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toMatch(/email/);
});
