import { expect, registerThroughApi, test } from "./fixtures";

test("profile: rename, then delete the account with the password", async ({ page }) => {
  const account = await registerThroughApi(page);
  await page.goto("/profile");
  await page.getByTestId("profile-first-name").fill("一郎");
  await page.getByTestId("profile-save").click();
  await expect
    .poll(async () => (await (await page.request.get("/api/auth/user")).json()).firstName)
    .toBe("一郎");
  // The save is confirmed beside the button, which is off again: the confirmation has the focus.
  await expect(page.getByTestId("profile-saved")).toBeFocused();

  await page.getByTestId("profile-delete-open").click();
  await page.getByTestId("delete-account-password").fill("wrong-password");
  await page.getByTestId("delete-account-confirm").click();
  await expect(page.getByText("パスワードが正しくありません")).toBeVisible();
  // The dialog keeps what was typed so the user can correct it.
  await expect(page.getByTestId("delete-account-password")).toHaveValue("wrong-password");
  await expect(page.getByTestId("delete-account-password")).toBeFocused();
  await expect(page.getByTestId("delete-account-password")).toHaveAttribute("aria-invalid", "true");

  await page.getByTestId("delete-account-password").fill(account.password);
  await page.getByTestId("delete-account-confirm").click();
  await page.waitForURL((url) => url.pathname === "/");
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  const login = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(401);
});
