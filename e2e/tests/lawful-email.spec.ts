import { expect, linkFromOutbox, registerThroughApi, test } from "./fixtures";

type Mail = { to: string; subject: string; text: string; html: string; headers: Record<string, string> };

/** Screenshots of the new screens, for people to look at (not compared). */
const shot = (name: string) => `test-results/lawful-email-${name}.png`;

// Issue 22, the whole way: a visitor opts in on a site form (double opt-in), the owner fills in the
// sender details and schedules a newsletter, it arrives with the full footer, one click
// unsubscribes, and the contact's timeline shows all of it.
test("a contact opts in on a site form, gets a scheduled campaign with the full footer, unsubscribes in one click", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await registerThroughApi(page);

  // The sender: verified through the emailed link; the sender details filled in.
  const sender = `news${test.info().retry || ""}@sakura.example.jp`;
  expect((await page.request.post("/api/email/verify-sender", { data: { email: sender } })).status()).toBe(
    200,
  );
  const verify = await linkFromOutbox(page, sender, /\/api\/email\/verify-sender\/confirm\?token=[\w-]+/);
  await page.goto(verify);
  await expect(page.getByTestId("sender-verified-banner")).toContainText(sender);
  await expect(page.locator(`[data-testid="sender-row"][data-sender-email="${sender}"]`)).toContainText(
    "認証済み",
  );
  await page.getByTestId("senders-card").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("senders-1440") });
  await page.goto("/email");
  await page.getByTestId("email-tab-settings").click();
  await page.getByTestId("email-settings-senderName").fill("さくらラーメン");
  await page.getByTestId("email-settings-postalAddress").fill("〒150-0001 東京都渋谷区神宮前1-2-3");
  await page.getByTestId("email-settings-contactPoint").fill("https://sakura.example.jp/contact");
  await page.getByTestId("email-settings-save").click();
  await expect(page.getByText("設定を保存しました").first()).toBeVisible();
  await page.getByTestId("email-settings-sender-details").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("settings-1440") });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId("email-settings-sender-details").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("settings-375") });
  await page.setViewportSize({ width: 1440, height: 900 });

  // A visitor ticks the consent box on the generated site's form and confirms by the mailed link.
  const generated = await page.request.post("/api/websites/generate", {
    data: {
      businessDescription:
        "「Sakura Ramen」は渋谷の家族経営のラーメン店です。醤油ラーメンと餃子が人気。営業は11時〜22時、水曜定休。",
      businessType: "restaurant",
      languages: ["ja"],
    },
  });
  expect(generated.status()).toBe(201);
  const site = await generated.json();
  const visitorContext = await browser.newContext({ javaScriptEnabled: false, locale: "ja-JP" });
  const visitor = await visitorContext.newPage();
  await visitor.goto(site.url);
  await visitor.getByLabel("お名前").fill("山田 花子");
  await visitor.getByLabel("メールアドレス", { exact: true }).fill("hanako@example.com");
  await visitor.getByLabel("お問い合わせ内容").fill("新メニューのお知らせがほしいです。");
  await visitor.locator("#f-consent").check();
  await visitor.getByRole("button", { name: "送信する" }).click();
  await visitor.waitForURL((url) => url.pathname.endsWith("/thanks/"));
  const confirm = await linkFromOutbox(page, "hanako@example.com", /http:\/\/[^\s]+\/e\/k\/[\w-]+/);
  await visitor.goto(confirm);
  await visitor.getByRole("button").first().click();
  await expect(visitor.locator("body")).toContainText("登録が完了しました");
  await visitorContext.close();

  // The owner creates a newsletter and schedules it for the next minutes, in Tokyo time.
  const created = await page.request.post("/api/email-campaigns", {
    data: {
      name: "春の新メニュー",
      type: "newsletter",
      subject: "{{lastName}}様 春の新メニュー",
      content: "{{lastName}} {{firstName}}様\n\n春限定の醤油ラーメンを始めました。",
      fromEmail: sender,
    },
  });
  expect(created.status()).toBe(201);
  await page.goto("/email");
  const row = page.locator('[data-testid="campaign-row"][data-campaign-name="春の新メニュー"]');
  await row.getByTestId("campaign-toggle").click();
  const dialog = page.getByTestId("campaign-send-dialog");
  await expect(dialog.getByTestId("campaign-audience-included")).toContainText("1人");
  await expect(dialog.getByTestId("campaign-preview-frame")).toBeVisible();
  await expect(dialog.frameLocator('[data-testid="campaign-preview-frame"]').locator("body")).toContainText(
    "住所: 〒150-0001",
  );
  await page.screenshot({ path: shot("send-dialog-1440") });
  await dialog.getByTestId("campaign-preview-phone").click();
  await dialog.getByTestId("campaign-send-later").click();
  // Two minutes ahead in Tokyo (the inputs take Tokyo's wall clock).
  const at = new Date(Date.now() + 2 * 60_000 + 9 * 3_600_000).toISOString();
  await dialog.getByTestId("campaign-schedule-date").fill(at.slice(0, 10));
  await dialog.getByTestId("campaign-schedule-time").fill(at.slice(11, 16));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: shot("send-dialog-375") });
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByTestId("campaign-send-confirm").click();
  await expect(page.getByText("配信を予約しました").first()).toBeVisible();
  await expect(row.getByTestId("campaign-state")).toHaveAttribute("data-state", "scheduled");
  await expect(row.getByTestId("campaign-cancel-schedule")).toBeVisible();

  // Nothing before its time; then exactly one email with the full footer.
  const toHanako = async () =>
    ((await (await page.request.get("/api/email/outbox")).json()) as Mail[]).filter(
      (m) => m.to === "hanako@example.com" && m.subject.includes("春の新メニュー"),
    );
  expect(await toHanako()).toHaveLength(0);
  await expect.poll(async () => (await toHanako()).length, { timeout: 200_000, intervals: [5_000] }).toBe(1);
  const [mail] = await toHanako();
  expect(mail?.subject).toBe("山田様 春の新メニュー");
  expect(mail?.text).toContain("送信者: さくらラーメン");
  expect(mail?.text).toContain("住所: 〒150-0001 東京都渋谷区神宮前1-2-3");
  expect(mail?.text).toContain("お問い合わせ: https://sakura.example.jp/contact");
  expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

  // One click: the mail client posts List-Unsubscribe=One-Click to the header's address (RFC 8058).
  const unsubscribe = String(mail?.headers["List-Unsubscribe"]).replace(/^<|>$/g, "");
  const posted = await page.request.post(unsubscribe, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(posted.status()).toBeLessThan(400);

  // The timeline: consent asked and given, the email sent, the unsubscribe.
  await page.goto("/crm");
  await page.locator('[data-testid="crm-row"][data-contact-email="hanako@example.com"]').click();
  const drawer = page.getByTestId("crm-drawer");
  await expect(drawer.getByTestId("crm-consent-state")).toHaveAttribute("data-consent", "opted_out");
  await expect(drawer).toContainText("確認リンクからお知らせメールの受け取りに同意");
  await expect(drawer).toContainText("「山田様 春の新メニュー」");
  await expect(drawer).toContainText("配信停止");
  await page.screenshot({ path: shot("contact-1440") });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: shot("contact-375"), fullPage: true });
});
