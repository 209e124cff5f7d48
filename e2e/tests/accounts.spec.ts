import {
  confirmEmailThroughOutbox,
  expect,
  linkFromOutbox,
  newAccount,
  registerThroughApi,
  test,
} from "./fixtures";

// Issue 28, accounts: the sign-up confirmation and a forgotten password, on the default outbox
// provider (mail stays in the app, in the account's own outbox).

test("forgot password through the outbox: the reset signs the other device out and this one in", async ({
  page,
  browser,
}) => {
  const account = newAccount();
  // The owner is still signed in on another device, where the outbox can be read.
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await registerThroughApi(other, account);

  await page.goto("/auth");
  await page.getByTestId("auth-forgot-link").click();
  await page.waitForURL((url) => url.pathname === "/auth/forgot");
  await page.getByTestId("forgot-email").fill("not-an-address");
  await page.getByTestId("forgot-submit").click();
  await expect(page.getByTestId("forgot-email-error")).toBeVisible();
  await page.getByTestId("forgot-email").fill(account.email);
  await page.getByTestId("forgot-submit").click();
  await expect(page.getByTestId("forgot-sent")).toContainText(account.email);

  const link = await linkFromOutbox(other, account.email, /\/auth\/reset\?token=[\w-]+/);
  await page.goto(link);
  // A common password is refused next to the field, in the interface language.
  await page.getByTestId("reset-password").fill("password1");
  await page.getByTestId("reset-submit").click();
  await expect(page.getByTestId("reset-password-error")).toContainText("推測されやすい");
  await page.getByTestId("reset-password").fill("a fresh secret 2026");
  await page.getByTestId("reset-submit").click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("user-menu")).toBeVisible();

  // Every other session ended; the link works once.
  expect((await other.request.get("/api/auth/user")).status()).toBe(401);
  await otherDevice.close();
  const again = await page.request.post("/api/auth/reset-password", {
    data: { token: new URL(link, "http://x").searchParams.get("token"), password: "another secret 2026" },
  });
  expect(again.status()).toBe(400);
  expect((await again.json()).code).toBe("invalid_token");
});

test("a new account is asked to confirm its address; the outbox holds the link; sending waits for it", async ({
  page,
}) => {
  const account = newAccount();
  await registerThroughApi(page, account, { confirm: false });
  await page.goto("/crm");
  const banner = page.getByTestId("verify-email-banner");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("確認");

  // A blocked action says why, in the interface language.
  await page.goto("/email-management");
  await page.getByTestId("email-tab-verify").click();
  await page.getByTestId("verify-sender-email").fill(account.email);
  await page.getByTestId("verify-sender-submit").click();
  await expect(page.getByText("メールアドレスの確認がまだです").first()).toBeVisible();

  await page.getByTestId("verify-email-open-outbox").click();
  await page.waitForURL((url) => url.pathname === "/email-management");
  await expect(page.getByTestId("outbox-list")).toContainText("メールアドレスの確認");

  await confirmEmailThroughOutbox(page, account.email);
  await page.goto("/?emailVerified=1");
  await expect(page.getByText("メールアドレスを確認しました").first()).toBeVisible();
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
});

test("a link to /api/logout asks first; its button signs out", async ({ page }) => {
  await registerThroughApi(page);
  await page.goto("/api/logout");
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);
  await expect(page.getByText("Shobai からログアウトしますか？")).toBeVisible();
  await page.getByTestId("logout-confirm").click();
  await page.waitForURL((url) => url.pathname === "/");
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});
