import { expect, registerThroughApi, test } from "./fixtures";

// The spec's email loop on the default outbox provider: verify a sender by the emailed link, send a
// newsletter to new contacts, and find it in the outbox and in the campaign's figures.
test("verify a sender through the outbox, send a newsletter, see it in the outbox and the stats", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // One verification mail per address and hour: a retry asks for another address.
  const sender = `shop${test.info().retry || ""}@sakura.example.jp`;
  await registerThroughApi(page);
  for (const [firstName, email] of [
    ["太郎", "taro@example.jp"],
    ["花子", "hanako@example.jp"],
  ]) {
    expect(
      (
        await page.request.post("/api/contacts", {
          data: { firstName, lastName: "山田", email, consentText: "店頭の申込書で同意" },
        })
      ).status(),
    ).toBe(201);
  }

  await page.goto("/email-management");
  // The owner sees the sending status in plain words, never the operator's provider settings.
  await expect(page.getByTestId("email-service-status")).toContainText("テストモード");
  await expect(page.getByTestId("email-service-status")).not.toContainText("SMTP");
  await page.getByTestId("email-tab-verify").click();
  await page.getByTestId("verify-sender-email").fill(sender);
  await page.getByTestId("verify-sender-submit").click();
  // The account's own sign-up confirmation is already there; the sender's mail arrives on top.
  await expect
    .poll(async () => (await (await page.request.get("/api/email/outbox")).json()).length, {
      timeout: 10_000,
    })
    .toBe(2);
  await page.reload();

  // The verification email sits in the outbox; its link verifies the sender.
  await page.getByTestId("outbox-item").first().click();
  const link = page
    .getByTestId("outbox-message")
    .getByRole("link", { name: /verify-sender\/confirm/ })
    .first();
  const href = await link.getAttribute("href");
  expect(href).toContain("/api/email/verify-sender/confirm?token=");
  const confirm = await context.newPage();
  await confirm.goto(String(href));
  await confirm.close();
  await page.getByTestId("email-tab-status").click();
  await page.getByTestId("check-status-email").fill(sender);
  await page.getByTestId("check-status-submit").click();
  await expect(page.getByTestId("check-status-result")).toContainText(/verified|認証済み/i);

  // The sender details every marketing email carries (特定電子メール法).
  expect(
    (
      await page.request.put("/api/email/settings", {
        data: {
          senderName: "さくら食堂",
          senderEmail: "",
          replyTo: "",
          postalAddress: "〒150-0001 東京都渋谷区神宮前1-2-3",
          contactPoint: "https://sakura.example.jp/contact",
        },
      })
    ).status(),
  ).toBe(200);

  // A newsletter to the new contacts.
  await page.goto("/email");
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await page.getByTestId("campaign-create-open").click();
  await page.getByTestId("campaign-name").fill("春の新メニュー");
  await page.getByTestId("campaign-type").click();
  await page.getByRole("option", { name: /ニュースレター|newsletter/i }).click();
  await page.getByTestId("campaign-subject").fill("{{firstName}}様 春の新メニューのお知らせ");
  await page
    .getByTestId("campaign-content")
    .fill("{{lastName}} {{firstName}}様\n\n春限定のメニューを始めました。");
  await page.getByTestId("campaign-audience-new").check({ force: true });
  await page.getByTestId("campaign-from-email").fill(sender);
  await page.getByTestId("campaign-submit").click();
  const row = page.locator('[data-testid="campaign-row"][data-campaign-name="春の新メニュー"]');
  await expect(row).toBeVisible();
  await row.getByTestId("campaign-toggle").click();
  // The send dialog names the audience before anything goes out.
  const dialog = page.getByTestId("campaign-send-dialog");
  await expect(dialog.getByTestId("campaign-audience-included")).toContainText("2");
  await dialog.getByTestId("campaign-send-confirm").click();

  // The engine sends within a round or two; the list shows it once read again.
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get("/api/email-campaigns")).json()) as {
          name: string;
          stats: { emailsSent: number };
        }[];
        return list.find((c) => c.name === "春の新メニュー")?.stats.emailsSent;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  await page.reload();
  await expect(row.getByTestId("campaign-sent")).toContainText("2");

  await page.goto("/email-management");
  await expect(page.getByTestId("outbox-list")).toContainText("太郎様 春の新メニューのお知らせ");
  await expect(page.getByTestId("outbox-list")).toContainText("花子様 春の新メニューのお知らせ");
});
