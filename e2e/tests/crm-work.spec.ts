import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, linkFromOutbox, registerThroughApi, test } from "./fixtures";

/** Serious or critical WCAG violations on what is open now (a drawer, a dialog). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(" ")}`));
}

type Mail = { to: string; subject: string; text: string };

/** Screenshots for people to look at (not compared). */
const shot = (name: string) => test.info().outputPath(`crm-work-${name}.png`);

// Issue 23, work with contacts: a visitor writes in through the site form; the owner replies from
// the contact (the enquiry quoted, the reply threaded under it), plans a follow-up that the
// dashboard lists today, sees a look-alike warned before adding, merges it choosing the values to
// keep, and shows a custom field as a list column that stays chosen.
test("reply to an enquiry, follow up from the dashboard, merge a look-alike, custom field columns", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await registerThroughApi(page);
  const sender = `replies${test.info().retry || ""}@sakura.example.jp`;
  expect((await page.request.post("/api/email/verify-sender", { data: { email: sender } })).status()).toBe(
    200,
  );
  await page.goto(await linkFromOutbox(page, sender, /\/api\/email\/verify-sender\/confirm\?token=[\w-]+/));
  await expect(page.getByTestId("sender-verified-banner")).toContainText(sender);

  // A visitor writes in through the generated site's form.
  const generated = await page.request.post("/api/websites/generate", {
    data: {
      businessDescription: "「さくら食堂」は渋谷の定食屋です。日替わり定食と唐揚げが人気。営業は11時〜21時。",
      businessType: "restaurant",
      languages: ["ja"],
    },
  });
  expect(generated.status()).toBe(201);
  const site = await generated.json();
  const visitorContext = await browser.newContext({ javaScriptEnabled: false, locale: "ja-JP" });
  const visitor = await visitorContext.newPage();
  await visitor.goto(site.url);
  await visitor.getByLabel("お名前").fill("山田 太郎");
  await visitor.getByLabel("メールアドレス", { exact: true }).fill("taro@example.com");
  await visitor.getByLabel("お問い合わせ内容").fill("土曜日のお昼に4名で予約できますか？");
  await visitor.getByRole("button", { name: "送信する" }).click();
  await visitor.waitForURL((url) => url.pathname.endsWith("/thanks/"));
  await visitorContext.close();

  // A custom field to show as a column later.
  const field = await page.request.post("/api/contact-fields", {
    data: { label: "来店回数", type: "number" },
  });
  expect(field.status()).toBe(201);
  const { id: fieldId } = (await field.json()) as { id: string };

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/crm");
  const leadRow = page.locator('[data-testid="crm-row"][data-contact-email="taro@example.com"]');
  await leadRow.getByTestId("crm-row-open").click();
  const drawer = page.getByTestId("crm-drawer");
  await expect(drawer.getByTestId("crm-drawer-name")).toContainText("山田 太郎");

  // Reply: the enquiry quoted in the composer; an empty body is refused beside the field.
  await drawer.getByTestId("crm-reply-open").click();
  const dialog = page.getByTestId("crm-reply-dialog");
  await expect(dialog).toContainText("土曜日のお昼に4名で予約できますか？");
  await dialog.getByTestId("crm-reply-text").fill("");
  await dialog.getByTestId("crm-reply-send").click();
  await expect(dialog.getByTestId("crm-reply-text-error")).toBeVisible();
  await expect(dialog.getByTestId("crm-reply-text")).toBeFocused();
  await dialog.getByTestId("crm-reply-text").fill("山田様\n\n土曜日のお昼、4名様でお席をご用意できます。");
  await page.screenshot({ path: shot("reply-1440") });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByTestId("crm-reply-send").click();
  await expect(dialog).toBeHidden();
  // The result has the focus: the timeline, with the reply under the enquiry.
  await expect(drawer.locator("#crm-drawer-timeline")).toBeFocused();
  const thread = drawer.getByTestId("crm-reply-thread");
  await expect(thread).toContainText("4名様でお席をご用意できます");
  const mails = (await (await page.request.get("/api/email/outbox")).json()) as Mail[];
  const reply = mails.find((m) => m.to === "taro@example.com");
  expect(reply?.subject).toContain("Re:");
  expect(reply?.text).toContain("> 土曜日のお昼に4名で予約できますか？");

  // A follow-up due today: refused without a title (beside the field), then listed.
  await drawer.getByTestId("crm-task-add").click();
  await expect(drawer.getByTestId("crm-task-title-error")).toBeVisible();
  await expect(drawer.getByTestId("crm-task-title")).toBeFocused();
  await drawer.getByTestId("crm-task-title").fill("予約の確認電話");
  await drawer.getByTestId("crm-task-add").click();
  await expect(drawer.getByTestId("crm-task")).toContainText("予約の確認電話");
  await drawer.getByTestId("crm-tasks").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("drawer-1440") });
  expect(await seriousViolations(page)).toEqual([]);
  await drawer.getByRole("button", { name: "閉じる", exact: true }).click();
  await expect(drawer).toBeHidden();

  // A look-alike: the same name and phone typed again is warned before it is added.
  const first = await page.request.get("/api/contacts?q=taro%40example.com");
  const [taro] = (await first.json()) as { id: string }[];
  if (!taro) throw new Error("the lead is missing");
  await page.request.patch(`/api/contacts/${taro.id}`, {
    data: { phone: "090-1234-5678", customFields: { [fieldId]: 3 } },
  });
  await page.getByTestId("crm-add-open").click();
  await page.getByTestId("crm-add-last-name").fill("山田");
  await page.getByTestId("crm-add-first-name").fill("太郎");
  await page.getByTestId("crm-add-email").fill("taro.yamada@example.jp");
  await page.getByTestId("crm-add-phone").fill("09012345678");
  await page.getByTestId("crm-add-submit").click();
  const warning = page.getByTestId("crm-add-duplicates");
  await expect(warning).toContainText("電話番号が同じ");
  await expect(warning).toBeFocused();
  await page.screenshot({ path: shot("duplicate-warning-1440") });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId("crm-add-submit").click();
  await expect(page.getByTestId("crm-add-dialog")).toBeHidden();

  // Merge it into the lead, keeping the new address.
  await leadRow.getByTestId("crm-row-open").click();
  await drawer.getByTestId("crm-merge-open").click();
  const merge = page.getByTestId("crm-merge-dialog");
  await merge.getByTestId("crm-merge-email").getByText("taro.yamada@example.jp").click();
  await page.screenshot({ path: shot("merge-1440") });
  expect(await seriousViolations(page)).toEqual([]);
  await merge.getByTestId("crm-merge-submit").click();
  await expect(merge).toBeHidden();
  await expect(drawer.locator("#crm-drawer-timeline")).toBeFocused();
  await expect(drawer.getByTestId("crm-drawer-name")).toContainText("山田 太郎");
  await expect(drawer).toContainText("taro.yamada@example.jp");
  await expect(drawer.getByTestId("crm-timeline-item").first()).toHaveAttribute("data-type", "merged");
  await drawer.getByRole("button", { name: "閉じる", exact: true }).click();
  await expect(drawer).toBeHidden();

  // The custom field as a list column, remembered after a reload.
  await page.getByTestId("crm-columns").click();
  await page.getByRole("menuitemcheckbox", { name: "来店回数" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("crm-custom-column")).toHaveText("来店回数");
  await page.reload();
  const mergedRow = page.locator('[data-testid="crm-row"][data-contact-email="taro.yamada@example.jp"]');
  await expect(mergedRow.getByTestId("crm-custom-cell")).toHaveText("3");
  await page.screenshot({ path: shot("list-columns-1440"), fullPage: true });

  // The dashboard's follow-ups for today; ticking one off empties the list.
  await page.goto("/");
  const due = page.getByTestId("dashboard-due-task");
  await expect(due).toContainText("予約の確認電話");
  await expect(due).toContainText("山田 太郎");
  await page.screenshot({ path: shot("dashboard-1440"), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(due).toBeVisible();
  await page.screenshot({ path: shot("dashboard-375"), fullPage: true });
  await page.goto("/crm");
  await expect(mergedRow.getByTestId("crm-custom-cell")).toContainText("3");
  await page.screenshot({ path: shot("list-375"), fullPage: true });
  await mergedRow.getByTestId("crm-row-open").click();
  await expect(drawer.getByTestId("crm-reply-thread")).toBeVisible();
  await drawer.getByTestId("crm-tasks").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("drawer-375") });
  await drawer.getByTestId("crm-reply-open").click();
  await expect(page.getByTestId("crm-reply-dialog")).toBeVisible();
  await page.screenshot({ path: shot("reply-375") });

  await page.goto("/");
  await due.getByTestId("dashboard-due-task-done").click();
  await expect(page.getByTestId("dashboard-due-tasks-empty")).toBeVisible();
});

test("signed-out visitors see sample follow-ups and a threaded reply; acting on them asks to log in", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/crm");
  await expect(page.getByTestId("crm-demo-banner")).toBeVisible();
  await page.getByText("高橋 美咲").first().click();
  const drawer = page.getByTestId("crm-drawer");
  await expect(drawer.getByTestId("crm-task").first()).toContainText("予約フォームの見積もりを送る");
  await expect(drawer.getByTestId("crm-reply-thread")).toContainText("来週のご都合のよい日時");
  await drawer.getByTestId("crm-tasks").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("demo-drawer-375") });
  await drawer.getByTestId("crm-reply-open").click();
  await page.waitForURL((url) => url.pathname === "/auth");
});
