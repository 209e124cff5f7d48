import {
  expect,
  expectNoSidewaysScroll,
  newAccount,
  registerThroughApi,
  registerThroughUi,
  test,
} from "./fixtures";

test.describe("sign-up and sign-in", () => {
  test("register → signed-in layout → reload stays signed in → logout", async ({ page }) => {
    const account = newAccount();
    await registerThroughUi(page, account);
    await expect(page.getByText(account.firstName).first()).toBeVisible();
    await expect(page.getByTestId("nav-crm")).toBeVisible();

    await page.reload();
    await expect(page.getByTestId("user-menu")).toBeVisible();
    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(200);
    expect((await me.json()).email).toBe(account.email);

    await page.getByTestId("user-menu").click();
    await page.getByTestId("logout").click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByTestId("user-menu")).toHaveCount(0);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("signs in with the right password, refuses a wrong one", async ({ page, browser }) => {
    const account = newAccount();
    const other = await browser.newContext();
    await registerThroughApi(await other.newPage(), account);
    await other.close();

    await page.goto("/auth");
    await page.getByTestId("auth-email").fill(account.email);
    await page.getByTestId("auth-password").fill("not-the-password");
    await page.getByTestId("auth-submit").click();
    await expect(page.getByText("ログイン失敗").first()).toBeVisible();
    await expect(page.getByText("メールアドレスまたはパスワードが正しくありません").first()).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/auth");

    await page.getByTestId("auth-password").fill(account.password);
    await page.getByTestId("auth-submit").click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByTestId("user-menu")).toBeVisible();
  });

  test("register without a first name sends nothing and says why", async ({ page }) => {
    let posted = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/auth/register")) posted = true;
    });
    await page.goto("/auth");
    await page.getByTestId("auth-mode-toggle").click();
    await page.getByTestId("auth-email").fill("nofirst@example.jp");
    await page.getByTestId("auth-password").fill("longenough");
    await page.getByTestId("auth-submit").click();
    await expect(page.getByText("名前を入力してください").first()).toBeVisible();
    expect(posted).toBe(false);
  });

  test("a signed-in visitor of /auth is sent home; /dashboard leads to /", async ({ page }) => {
    await registerThroughApi(page);
    await page.goto("/auth");
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByTestId("user-menu")).toBeVisible();
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/");
  });

  test("Google sign-in: no button here, and an old link explains that it is not configured", async ({
    page,
  }) => {
    await page.goto("/auth");
    await expect(page.getByTestId("auth-form")).toBeVisible();
    // Issue 20: the button shows only where Google sign-in is configured.
    await expect(page.getByTestId("google-signin")).toHaveCount(0);
    await page.goto("/api/auth/google");
    await page.waitForURL(
      (url) => url.pathname === "/auth" && url.searchParams.get("error") === "google_not_configured",
    );
    await expect(page.getByRole("status").or(page.getByRole("alert")).first()).toBeVisible();
  });

  test("phone layout: the navigation opens from the menu @phone", async ({ page }) => {
    await registerThroughApi(page);
    await page.goto("/");
    await expect(page.getByTestId("user-menu")).toBeVisible();
    await expect(page.getByTestId("nav-crm")).toBeHidden();
    await page.getByTestId("mobile-nav-toggle").click();
    await expect(page.getByTestId("nav-crm")).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test("the pricing page's signup dialog carries its details into sign-up, which opens the websites screen", async ({
  page,
}) => {
  const account = newAccount();
  await page.goto("/pricing");
  await page.getByTestId("pricing-signup").click();
  const dialog = page.getByTestId("signup-dialog");
  await dialog.getByTestId("signup-name").fill("佐藤 花子");
  await dialog.getByTestId("signup-email").fill(account.email);
  await dialog.getByTestId("signup-submit").click();
  await expect(dialog.getByTestId("signup-done")).toBeVisible();

  await page.waitForURL((url) => url.pathname === "/auth");
  await expect(page.getByTestId("auth-first-name")).toHaveValue("花子");
  await expect(page.getByTestId("auth-last-name")).toHaveValue("佐藤");
  await expect(page.getByTestId("auth-email")).toHaveValue(account.email);
  await page.getByTestId("auth-password").fill(account.password);
  await page.getByTestId("auth-submit").click();
  await page.waitForURL((url) => url.pathname === "/websites");
  await expect(page.getByTestId("user-menu")).toBeVisible();
});
