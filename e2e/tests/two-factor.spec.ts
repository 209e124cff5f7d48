import type { Page, TestInfo } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { expect, registerThroughApi, test } from "./fixtures";

/** The code the authenticator app shows, `steps` periods ahead (each step's code works once). */
function codeFor(key: string, steps = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId("user-menu").click();
  await page.getByTestId("logout").click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
}

/** Signs in with the password through /auth: the app then asks for the second factor. */
async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/auth");
  await page.getByTestId("auth-email").fill(email);
  await page.getByTestId("auth-password").fill(password);
  await page.getByTestId("auth-submit").click();
  await expect(page.getByTestId("second-factor-screen")).toBeVisible();
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
}

async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByTestId("second-factor-code").fill(code);
  await page.getByTestId("second-factor-code-submit").click();
}

async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("two-factor sign-in: enable on /profile, sign in with password and code; a backup code works once", async ({
  page,
}, testInfo) => {
  // Four sign-ins and eight screenshots: more than one ordinary journey's time.
  test.slow();
  const account = await registerThroughApi(page);
  await page.goto("/profile");
  const card = page.getByTestId("two-factor-card");
  await expect(card.getByTestId("two-factor-status")).toHaveText("オフ");
  await card.getByTestId("two-factor-turn-on").click();
  await card.getByTestId("two-factor-start").click();
  await expect(card.getByTestId("two-factor-qr")).toBeVisible();
  // The key as the user would type it into the app (shown in groups of four).
  const key = ((await card.getByTestId("two-factor-key").textContent()) ?? "").replace(/\s+/g, "");
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, "two-factor-enrol");

  // A wrong code is refused and the form stays.
  await card.getByTestId("two-factor-enable-code").fill("000000");
  await card.getByTestId("two-factor-enable-code-submit").click();
  await expect(card.getByText("このコードは無効です")).toBeVisible();
  await card.getByTestId("two-factor-enable-code").fill(codeFor(key));
  await card.getByTestId("two-factor-enable-code-submit").click();
  const codes = card.getByTestId("backup-code");
  await expect(codes).toHaveCount(10);
  const backupCodes = (await codes.allTextContents()).map((c) => c.trim());
  await shoot(page, testInfo, "two-factor-backup-codes");
  await card.getByTestId("backup-codes-done").click();
  await expect(card.getByTestId("two-factor-status")).toHaveText("オン");
  await expect(card.getByTestId("two-factor-codes-left")).toContainText("10");
  await card.getByTestId("two-factor-regenerate").click();
  await expect(page.getByTestId("two-factor-dialog")).toBeVisible();
  await shoot(page, testInfo, "two-factor-regenerate-dialog", false);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("two-factor-dialog")).toBeHidden();

  // Sign out, sign in with the password: the code screen, nothing else, until the code.
  await signOut(page);
  await signInWithPassword(page, account.email, account.password);
  expect((await page.request.get("/api/contacts")).status()).toBe(403);
  await shoot(page, testInfo, "two-factor-code-screen");
  await enterCode(page, codeFor(key, 1));
  await expect(page.getByTestId("user-menu")).toBeVisible();
  expect((await page.request.get("/api/contacts")).status()).toBe(200);

  // A backup code instead of the app: once.
  const backup = backupCodes[0] ?? "";
  await signOut(page);
  await signInWithPassword(page, account.email, account.password);
  await enterCode(page, backup);
  await expect(page.getByTestId("user-menu")).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, account.email, account.password);
  await enterCode(page, backup);
  await expect(page.getByText("このコードは無効です")).toBeVisible();
  await expect(page.getByTestId("second-factor-screen")).toBeVisible();
  await enterCode(page, backupCodes[1] ?? "");
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByTestId("two-factor-codes-left")).toContainText("8");
});
