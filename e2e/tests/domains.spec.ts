import type { Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, registerThroughApi, test } from "./fixtures";

/** With SCREENSHOT_DIR set, keeps a picture of the screen at this point (looked at by people). */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

// Domains against the local Gandi-compatible registrar and the local Stripe test server that
// start-server.mjs runs beside the product: the trial cannot buy; on Business, search, confirm the
// tax-inclusive price, pay on Stripe's page, see the domain registered and its receipt, and connect
// a host name to a generated website (its record set at the registrar by Shobai).
test("on a paid plan: search a domain, confirm, pay at Stripe, see it registered with its receipt, connect a site", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await registerThroughApi(page);
  const name = `sakura-${Date.now().toString(36)}.jp`;

  // The trial cannot buy domains: the register tab says so.
  await page.goto("/domain-management");
  await expect(page.getByTestId("domain-service-state")).toBeVisible();
  await page.getByTestId("domain-tab-register").click();
  await expect(page.getByTestId("domain-purchase-refused")).toContainText(
    "無料トライアル中はドメインを購入できません",
  );
  await expect(page.getByTestId("domain-register-submit")).toBeDisabled();

  // Business through Stripe Checkout (the local test server; no money moves).
  await page.goto("/pricing");
  await page.getByTestId("plan-select-business").click();
  await page.waitForURL(/127\.0\.0\.1:\d+\/pay\/cs_test_/);
  await page.getByRole("button", { name: /Pay/ }).click();
  await page.waitForURL((url) => url.pathname === "/subscription");
  await expect(page.getByTestId("current-plan-name")).toContainText("ビジネス");

  await page.goto("/domain-management");
  await expect(page.getByTestId("domain-service-state")).toBeVisible();
  await expect(page.getByTestId("domain-register-disabled")).toHaveCount(0);

  // A taken name says so; a free one shows its price in yen and fills the register form.
  await page.getByTestId("domain-search-input").fill("taken.jp");
  await page.getByTestId("domain-search-submit").click();
  await expect(page.getByTestId("toast").filter({ hasText: "ドメイン利用不可" })).toBeVisible();
  await page.getByTestId("domain-search-input").fill(name.toUpperCase());
  await page.getByTestId("domain-search-submit").click();
  await expect(page.getByTestId("toast").filter({ hasText: "ドメイン利用可能" })).toBeVisible();
  await expect(page.getByTestId("domain-search-result")).toContainText(name);
  await expect(page.getByTestId("domain-search-price")).toContainText(/[¥￥]\d/);

  await page.getByTestId("domain-tab-register").click();
  const form = page.getByTestId("domain-register-form");
  await expect(form.getByLabel("ドメイン名")).toHaveValue(name);
  await form.getByLabel("姓", { exact: true }).fill("山田");
  await form.getByLabel("名", { exact: true }).fill("太郎");
  await form.getByLabel("メールアドレス").fill("taro@sakura.example.jp");
  await form.getByLabel("電話番号").fill("03-1234-5678");
  await form.getByLabel("郵便番号").fill("150-0001");
  await form.getByLabel("都道府県").click();
  await page.getByRole("option", { name: "東京都" }).click();
  await form.getByLabel("市区町村").fill("渋谷区神宮前");
  await form.getByLabel("番地・建物名").fill("1-2-3");
  await page.getByTestId("domain-register-submit").click();

  // The purchase to confirm: tax-inclusive price with the tax beside it, who pays, the renewal.
  const confirm = page.getByTestId("purchase-confirm-dialog");
  await expect(confirm.getByTestId("purchase-price")).toContainText(/[¥￥][\d,]+（税込）/);
  await expect(confirm.getByTestId("purchase-price-breakdown")).toContainText("消費税（10%）");
  await expect(confirm.getByTestId("purchase-payer")).toContainText("Stripe");
  await expect(confirm.getByTestId("purchase-auto-renew")).toBeChecked();
  await shot(page, "domain-confirm-1440");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "domain-confirm-375");
  await page.setViewportSize({ width: 1440, height: 900 });
  const price = (await confirm.getByTestId("purchase-price").textContent())?.match(/[\d,]+/)?.[0] ?? "";
  await confirm.getByTestId("purchase-confirm").click();

  // Stripe's payment page, then back: the domain is registered only once the payment is made.
  await page.waitForURL(/127\.0\.0\.1:\d+\/pay\/cs_test_/);
  await expect(page.getByText(`¥${price} (tax incl.)`)).toBeVisible();
  expect((await (await page.request.get("/api/domain/domains")).json()).domains).toEqual([]);
  await page.getByRole("button", { name: /Pay/ }).click();
  await page.waitForURL((url) => url.pathname === "/domain-management" && url.searchParams.has("order"));
  const status = page.getByTestId("order-status");
  await expect(status).toHaveAttribute("data-status", "registered", { timeout: 20_000 });
  await expect(status).toContainText(`¥${price}（税込）`);
  await shot(page, "domain-registered-1440");

  // The new domain is the owner's, active, with its expiry in a year.
  const owned = page.getByTestId("owned-domain").filter({ hasText: name });
  await expect(owned).toBeVisible();
  await expect(owned.getByTestId("owned-domain-status")).toBeVisible();
  await expect(owned.getByTestId("owned-domain-expires")).toContainText(String(new Date().getFullYear() + 1));
  const listed = await (await page.request.get("/api/domain/domains")).json();
  expect(listed.domains.map((d: { domain: string }) => d.domain)).toEqual([name]);

  // Put a generated website on www.<name>: the screen shows the DNS record, which Shobai set itself.
  const created = await page.request.post("/api/websites/generate", {
    data: { businessDescription: "渋谷の小さなラーメン店です。醤油ラーメンと餃子が自慢です。" },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await page.getByTestId("connect-open").click();
  const dialog = page.getByTestId("connect-domain-dialog");
  await dialog.getByTestId("connect-hostname").fill(`www.${name}`);
  await dialog.getByTestId("connect-website").click();
  await page.getByRole("option").first().click();
  await dialog.getByTestId("connect-submit").click();
  const connection = page.getByTestId("connection").filter({ hasText: `www.${name}` });
  await expect(connection).toBeVisible();
  await expect(connection.getByTestId("connection-status")).toBeVisible();
  await expect(connection.getByTestId("dns-record").first()).toContainText("CNAME");
  // Bought here with the registrar's default name servers: Shobai set the record at the registrar.
  await expect(connection.getByTestId("connection-dns-managed")).toContainText("Shobai");

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await shot(page, "domain-management-375");

  // The receipt: a qualified invoice with the customer, the item, the total and the tax.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/receipts");
  const receipt = page.getByTestId("receipt").filter({ hasText: name });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByTestId("receipt-total")).toHaveText(`¥${price}`);
  await expect(receipt.getByTestId("receipt-rate")).toContainText("うち消費税（10%）");
  await expect(receipt.getByTestId("receipt-customer")).toContainText("様");
  await shot(page, "receipts-1440");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await shot(page, "receipts-375");
});
