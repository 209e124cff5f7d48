import { expect, expectNoSidewaysScroll, registerThroughApi, test } from "./fixtures";

// Domains against the local Gandi-compatible registrar that start-server.mjs runs beside the
// product: search, register with a Japanese owner contact, see the domain in "my domains" and
// connect a host name to a generated website (its record set at the registrar by Shobai, pending
// until checked).
test("search a domain, register it, find it in my domains and connect a site to it", async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughApi(page);
  const name = `sakura-${Date.now().toString(36)}.jp`;

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
  await expect(page.getByTestId("toast").filter({ hasText: "ドメイン登録完了" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(form.getByLabel("姓", { exact: true })).toHaveValue("");

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
});
