import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, testWithoutConsent as test } from "./fixtures";

// The cookie banner and the support chat, on every page (spec §2, §4, §5, §8). These tests start
// without a stored cookie choice, unlike the other journeys.

async function storedConsent(page: Page) {
  return page.evaluate(() => ({
    consent: JSON.parse(window.localStorage.getItem("cookie_consent") ?? "null"),
    date: window.localStorage.getItem("cookie_consent_date"),
  }));
}

function expectIsoDate(date: string | null) {
  expect(date).not.toBeNull();
  expect(new Date(date ?? "").toISOString()).toBe(date);
}

test.describe("cookie banner", () => {
  test("a first visit gets the banner in the page itself; once answered, the server leaves it out", async ({
    page,
    context,
  }) => {
    await page.goto("/faq");
    await expect(page.locator("#root[data-consent-banner]")).toHaveCount(1);
    await page.getByRole("button", { name: "すべて許可" }).click();
    const cookie = (await context.cookies()).find((c) => c.name === "cookie_consent");
    expect(cookie?.value).toBe("111");
    await page.reload();
    await expect(page.locator("#root[data-consent-banner]")).toHaveCount(0);
    await expect(page.getByTestId("cookie-settings-button")).toBeVisible();
  });

  test("shows on a first visit, links to the cookie policy; Accept All stores every category", async ({
    page,
  }) => {
    await page.goto("/");
    const banner = page.getByRole("dialog", { name: "Cookieについて" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "Cookieポリシー" })).toHaveAttribute("href", "/cookies");
    await expect(page.getByTestId("cookie-settings-button")).toHaveCount(0);

    await banner.getByRole("button", { name: "すべて許可" }).click();
    await expect(banner).toBeHidden();
    const { consent, date } = await storedConsent(page);
    expect(consent).toEqual({ necessary: true, analytics: true, marketing: true, functional: true });
    expectIsoDate(date);

    // The choice holds on the next page and after a reload.
    await page.goto("/pricing");
    await expect(page.getByTestId("cookie-settings-button")).toBeVisible();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  });

  test("Necessary Only stores only the necessary category", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "必須のみ" }).click();
    await expect(page.getByTestId("cookie-banner")).toBeHidden();
    const { consent, date } = await storedConsent(page);
    expect(consent).toEqual({ necessary: true, analytics: false, marketing: false, functional: false });
    expectIsoDate(date);
  });

  test("Customize, then Save Preferences; the settings button reopens it with the choice", async ({
    page,
  }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "カスタマイズ" }).click();
    const banner = page.getByRole("dialog", { name: "Cookieの設定" });
    await expect(banner.getByRole("switch", { name: "必須" })).toBeDisabled();
    await expect(banner.getByRole("switch", { name: "必須" })).toBeChecked();
    await banner.getByRole("switch", { name: "分析" }).click();
    await expect(banner.getByRole("switch", { name: "分析" })).toBeChecked();
    await banner.getByRole("button", { name: "設定を保存" }).click();
    await expect(banner).toBeHidden();
    expect((await storedConsent(page)).consent).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      functional: false,
    });

    // Bottom left, and it brings the banner back with the current choice filled in.
    const settings = page.getByRole("button", { name: "Cookie設定" });
    const box = await settings.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.x < viewport.width / 2 && box.y > viewport.height / 2).toBe(true);
    await settings.click();
    await page.getByRole("button", { name: "カスタマイズ" }).click();
    await expect(page.getByRole("switch", { name: "分析" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "マーケティング" })).not.toBeChecked();
    await page.getByRole("switch", { name: "マーケティング" }).click();
    await page.getByRole("button", { name: "設定を保存" }).click();
    expect((await storedConsent(page)).consent).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      functional: false,
    });
  });

  test("the close button means Necessary Only", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "閉じる（必須のCookieのみ）" }).click();
    expect((await storedConsent(page)).consent).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
  });

  test("fits a 375 px phone without horizontal scroll @phone", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
    await page.getByTestId("cookie-customize").click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

test.describe("support chat", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "必須のみ" }).click();
  });

  test("is closed at first; answers a known topic and apologises for nonsense", async ({ page }) => {
    await expect(page.getByTestId("chat-panel")).toHaveCount(0);
    const button = page.getByRole("button", { name: "サポートチャットを開く" });
    await button.click();
    const panel = page.getByRole("dialog", { name: "Shobai サポートボット" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("24時間");
    const size = await panel.boundingBox();
    expect(size).toMatchObject({ width: 320, height: 384 });

    const input = panel.getByRole("textbox", { name: "質問を入力" });
    // Empty and blank messages are ignored.
    await input.press("Enter");
    await input.fill("   ");
    await input.press("Enter");
    await expect(panel.getByTestId("chat-message")).toHaveCount(1);

    await input.fill("料金はいくらですか");
    await input.press("Enter");
    await expect(panel.getByTestId("chat-message")).toHaveCount(3);
    await expect(panel.getByTestId("chat-message").nth(2)).toContainText("¥4,980");
    await expect(input).toHaveValue("");

    await input.fill("How do I cancel?");
    await input.press("Enter");
    await expect(panel.getByTestId("chat-message").last()).toContainText("全額返金");

    // Two questions in one message get both answers; a photo question the photo answer (issue 20).
    await input.fill("料金はいくらですか？クレジットカードは必要ですか？");
    await input.press("Enter");
    await expect(panel.getByTestId("chat-message").last()).toContainText("¥4,980");
    await expect(panel.getByTestId("chat-message").last()).toContainText("トライアルにカードは不要です");
    await input.fill("写真を変えたい");
    await input.press("Enter");
    await expect(panel.getByTestId("chat-message").last()).toContainText("イラスト");
    const axe = await new AxeBuilder({ page })
      .include("[data-testid=chat-panel]")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .setLegacyMode(true)
      .analyze();
    expect(
      axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
    ).toEqual([]);

    await input.fill("asdfghjkl qwerty");
    await input.press("Enter");
    const apology = panel.getByTestId("chat-message").last();
    await expect(apology).toContainText("答えは分かりません");
    await expect(apology.getByRole("link", { name: "お問い合わせフォーム" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(apology.getByRole("link", { name: "よくある質問" })).toHaveAttribute("href", "/faq");

    await apology.getByRole("link", { name: "お問い合わせフォーム" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("a quick question is answered in the interface language", async ({ page }) => {
    await page.evaluate(() => window.localStorage.setItem("user_language", "en"));
    await page.reload();
    await page.getByRole("button", { name: "Open support chat" }).click();
    await page.getByRole("button", { name: "How fast does support reply?" }).click();
    await expect(page.getByTestId("chat-message").last()).toContainText("4–48 hours");
  });
});
