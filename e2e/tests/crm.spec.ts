import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { clickExpectingBriefToast, expect, registerThroughApi, test } from "./fixtures";

let serial = 0;
/** An email no other test uses. */
function uniqueEmail(name: string): string {
  serial += 1;
  return `${name}-${process.pid}-${Date.now()}-${serial}@example.jp`;
}

async function addThroughApi(
  page: Page,
  contact: { firstName: string; lastName?: string; email: string; company?: string; status?: string },
) {
  const res = await page.request.post("/api/contacts", { data: contact });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

function row(page: Page, email: string): Locator {
  return page.locator(`[data-testid="crm-row"][data-contact-email="${email}"]`);
}

function card(page: Page, email: string): Locator {
  return page.locator(`[data-testid="crm-card"][data-contact-email="${email}"]`);
}

async function statusOnServer(page: Page, email: string): Promise<string | undefined> {
  const res = await page.request.get(`/api/contacts?q=${encodeURIComponent(email)}`);
  const [contact] = (await res.json()) as { status: string }[];
  return contact?.status;
}

test.describe("CRM", () => {
  test("signed-out visitors see sample contacts; adding asks them to log in", async ({ page }) => {
    const dataCalls: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/contacts")) dataCalls.push(r.url());
    });
    await page.goto("/crm");
    await expect(page.getByTestId("crm-demo-banner")).toBeVisible();
    await expect(page.getByTestId("crm-row").first()).toBeVisible();
    expect(await page.getByTestId("crm-row").count()).toBeGreaterThanOrEqual(5);
    await clickExpectingBriefToast(page, "ログインが必要です", () =>
      page.getByTestId("crm-add-open").click(),
    );
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(dataCalls).toEqual([]);
  });

  test("add a contact through the dialog, then find it by search", async ({ page }) => {
    await registerThroughApi(page);
    await page.goto("/crm");
    await expect(page.getByTestId("crm-empty")).toContainText("まだコンタクトがありません");

    await page.getByTestId("crm-add-open").click();
    await page.getByTestId("crm-add-company").fill("森の木工房");
    await page.getByTestId("crm-add-submit").click();
    await expect(page.getByText("名前とメールアドレスは必須です。").first()).toBeVisible();

    const email = uniqueEmail("mori");
    await page.getByTestId("crm-add-first-name").fill("一郎");
    await page.getByTestId("crm-add-last-name").fill("森");
    await page.getByTestId("crm-add-email").fill(email);
    await page.getByTestId("crm-add-phone").fill("090-1234-5678");
    await page.getByTestId("crm-add-submit").click();
    await expect(page.getByText("コンタクト追加完了").first()).toBeVisible();
    await expect(row(page, email)).toContainText("森 一郎");
    await expect(row(page, email)).toContainText("森の木工房");

    // The same email again: the server refuses, the dialog keeps the input.
    await page.getByTestId("crm-add-open").click();
    await page.getByTestId("crm-add-first-name").fill("二郎");
    await page.getByTestId("crm-add-email").fill(email);
    await page.getByTestId("crm-add-submit").click();
    await expect(page.getByText("コンタクトの追加に失敗しました。").first()).toBeVisible();
    await expect(page.getByTestId("crm-add-first-name")).toHaveValue("二郎");
    await page.keyboard.press("Escape");

    const other = uniqueEmail("sato");
    await addThroughApi(page, { firstName: "花子", lastName: "佐藤", email: other, company: "Sato Flowers" });
    await page.reload();
    await expect(page.getByTestId("crm-row")).toHaveCount(2);

    await page.getByTestId("crm-search").fill("木工房");
    await expect(page.getByTestId("crm-row")).toHaveCount(1);
    await expect(row(page, email)).toBeVisible();
    await page.getByTestId("crm-search").fill("FLOWERS");
    await expect(page.getByTestId("crm-row")).toHaveCount(1);
    await expect(row(page, other)).toBeVisible();
  });

  test("change a status from the row and by dragging a card on the board", async ({ page }) => {
    await registerThroughApi(page);
    const email = uniqueEmail("drag");
    await addThroughApi(page, { firstName: "美咲", lastName: "高橋", email, company: "さくらカフェ" });
    await page.goto("/crm");

    await row(page, email).getByTestId("crm-row-status").click();
    await page.getByTestId("crm-status-option-active").click();
    await expect(page.getByText("更新完了").first()).toBeVisible();
    await expect(row(page, email).getByTestId("crm-row-status")).toHaveAttribute("data-status", "active");
    await expect.poll(() => statusOnServer(page, email)).toBe("active");
    await expect(page.getByTestId("crm-count-active")).toHaveText("1");

    await page.getByTestId("crm-view-board").click();
    const active = page.getByTestId("crm-board-column-active");
    const qualified = page.getByTestId("crm-board-column-qualified");
    await expect(card(page, email)).toBeVisible();
    await expect(active.getByTestId("crm-card")).toHaveCount(1);

    await card(page, email).dragTo(qualified);
    await expect(qualified.locator(`[data-contact-email="${email}"]`)).toBeVisible();
    await expect(active.getByTestId("crm-card")).toHaveCount(0);
    await expect(page.getByTestId("crm-board-count-qualified")).toHaveText("1");
    await expect.poll(() => statusOnServer(page, email)).toBe("qualified");

    // The card's own select moves it too (keyboard and phone users).
    await card(page, email).getByTestId("crm-card-status").click();
    await page.getByTestId("crm-status-option-converted").click();
    await expect(
      page.getByTestId("crm-board-column-converted").locator(`[data-contact-email="${email}"]`),
    ).toBeVisible();
    await expect.poll(() => statusOnServer(page, email)).toBe("converted");
  });

  test("open the drawer and add a note to the timeline", async ({ page }) => {
    await registerThroughApi(page);
    const email = uniqueEmail("note");
    await addThroughApi(page, { firstName: "健一", lastName: "中村", email });
    await page.goto("/crm");

    await row(page, email).getByTestId("crm-row-open").click();
    const drawer = page.getByTestId("crm-drawer");
    await expect(drawer).toContainText("中村 健一");
    await expect(drawer.getByTestId("crm-timeline-item")).toHaveCount(1);
    await expect(drawer.getByTestId("crm-timeline-item").first()).toContainText("手動で登録");

    await drawer.getByTestId("crm-note-input").fill("来週火曜 14時に現地で打ち合わせ");
    await drawer.getByTestId("crm-note-submit").click();
    await expect(drawer.getByTestId("crm-timeline-item")).toHaveCount(2);
    await expect(drawer.getByTestId("crm-timeline-item").first()).toContainText(
      "来週火曜 14時に現地で打ち合わせ",
    );
    await expect(drawer.getByTestId("crm-note-input")).toHaveValue("");

    await drawer.getByTestId("crm-drawer-status").click();
    await page.getByTestId("crm-status-option-qualified").click();
    await expect(drawer.getByTestId("crm-timeline-item").first()).toContainText(
      "ステータスを 新規 → 見込み に変更",
    );

    // (Escape would first dismiss the toast, which is the topmost layer.)
    await drawer.getByRole("button", { name: "閉じる" }).click();
    await expect(drawer).toBeHidden();
    await expect(row(page, email).getByTestId("crm-row-status")).toHaveAttribute("data-status", "qualified");
  });

  test("export downloads every contact as CSV", async ({ page }) => {
    await registerThroughApi(page);
    const email = uniqueEmail("export");
    await addThroughApi(page, { firstName: "陽子", lastName: "鈴木", email, company: "鈴木税理士事務所" });
    await page.goto("/crm");
    await expect(row(page, email)).toBeVisible();

    await page.getByTestId("crm-export").click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("crm-export-ja").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile(await download.path(), "utf8");
    expect(csv).toContain(email);
    expect(csv).toContain("鈴木税理士事務所");
    // Japanese headers and labels for the Japanese interface.
    expect(csv).toContain("姓,名,セイ,メイ");
    expect(csv).toContain("新規");
  });

  test("import a CSV file and see the report", async ({ page }) => {
    await registerThroughApi(page);
    const existing = uniqueEmail("existing");
    await addThroughApi(page, { firstName: "既存", email: existing });
    await page.goto("/crm");
    await expect(row(page, existing)).toBeVisible();

    const fresh = uniqueEmail("imported");
    const csv = [
      "姓,名,メールアドレス,会社名",
      `池田,三郎,${fresh},池田屋`,
      `既存,太郎,${existing},`,
      ",,,",
    ].join("\n");
    await page.getByTestId("crm-import-input").setInputFiles({
      name: "contacts.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv, "utf8"),
    });
    // The file's consent basis is asked first (issue 22); this file records none.
    const basis = page.getByTestId("crm-import-basis");
    await expect(basis).toBeVisible();
    await basis.getByTestId("crm-import-basis-consented").check();
    await page.screenshot({ path: "test-results/lawful-email-import-basis-1440.png" });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: "test-results/lawful-email-import-basis-375.png" });
    await page.setViewportSize({ width: 1440, height: 900 });
    await basis.getByTestId("crm-import-basis-none").check();
    await basis.getByTestId("crm-import-confirm").click();

    const report = page.getByTestId("crm-import-report");
    await expect(report).toBeVisible();
    await expect(report.getByTestId("crm-import-imported")).toHaveText("1");
    const skipped = report.getByTestId("crm-import-skip");
    await expect(skipped.first()).toContainText(existing);
    await expect(skipped.first()).toContainText("3行目");
    await report.getByTestId("crm-import-close").click();

    await expect(row(page, fresh)).toContainText("池田 三郎");
    await expect(page.getByTestId("crm-count-all")).toHaveText("2");
  });

  test("a phone shows cards without sideways scrolling @phone", async ({ page }) => {
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    await page.goto("/crm");
    await expect(page.getByTestId("crm-demo-banner")).toBeVisible();
    await expect(page.getByTestId("crm-row").first()).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);

    await registerThroughApi(page);
    const email = uniqueEmail("phone");
    await addThroughApi(page, {
      firstName: "さくら",
      lastName: "渡辺",
      email,
      company: "渡辺デザイン室 ウェブ制作とブランディングのご相談",
    });
    await page.goto("/crm");
    await expect(row(page, email)).toBeVisible();
    // Cards, not a table, at 375 px.
    await expect(page.locator("table")).toHaveCount(0);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await row(page, email).getByTestId("crm-row-status").click();
    await page.getByTestId("crm-status-option-active").click();
    await expect(row(page, email).getByTestId("crm-row-status")).toHaveAttribute("data-status", "active");

    await page.getByTestId("crm-view-board").click();
    await expect(card(page, email)).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);

    await card(page, email).getByRole("button", { name: "渡辺 さくら" }).click();
    await expect(page.getByTestId("crm-drawer")).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
