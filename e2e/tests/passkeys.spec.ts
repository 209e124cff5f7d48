import type { CDPSession, Page } from "@playwright/test";
import {
  expect,
  expectNoSidewaysScroll,
  linkFromOutbox,
  newAccount,
  registerThroughApi,
  test,
} from "./fixtures";

// Issue 24, passkeys (decision 0052): a passkey added on /profile signs in on its own (it is two
// factors), counts as the second factor of an owner who must use one, and is the second step
// after a password sign-in. Chromium's virtual authenticator plays the device: a platform
// authenticator with resident keys and user verification (fingerprint or PIN) that succeeds.

/** A virtual platform authenticator on this page's browser tab (it keeps its passkeys across navigations). */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * A browser without passkey autofill (conditional UI): the virtual authenticator answers the email
 * field's autofill request at once, as if the person had picked the passkey, so the tests of the
 * button and of the password path turn autofill off; its own test below keeps it.
 */
async function withoutAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window.PublicKeyCredential, "isConditionalMediationAvailable", {
      value: async () => false,
    });
  });
}

async function shot(page: Page, name: string, width: number, fullPage = true) {
  await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
  if (width < 600) await expectNoSidewaysScroll(page, width);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage });
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId("user-menu").click();
  await page.getByTestId("logout").click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
}

test("a passkey added on /profile signs in on its own, without password or code", async ({ page }) => {
  test.slow();
  await withoutAutofill(page);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const account = await registerThroughApi(page);
  await page.goto("/profile");
  const card = page.getByTestId("passkeys-card");
  await expect(card.getByTestId("passkeys-none")).toBeVisible();
  await card.getByTestId("passkey-add").click();
  const dialog = page.getByTestId("passkey-dialog");
  await dialog.getByTestId("passkey-add-name").fill("");
  await dialog.getByTestId("passkey-add-submit").click();
  await expect(dialog.getByTestId("passkey-add-error")).toHaveText("名前を入力してください。");
  await dialog.getByTestId("passkey-add-name").fill("仕事用 MacBook");
  await dialog.getByTestId("passkey-add-submit").click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("passkey-name")).toHaveText(["仕事用 MacBook"]);
  await expect(card.getByTestId("passkey-last-used")).toHaveText("未使用");
  // The browser holds the passkey (a resident key), for this site's host.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(credentials[0]?.rpId).toBe("localhost");

  // Rename it.
  await card.getByTestId("passkey-rename").click();
  await dialog.getByTestId("passkey-rename-name").fill("MacBook Pro");
  await dialog.getByTestId("passkey-rename-submit").click();
  await expect(card.getByTestId("passkey-name")).toHaveText(["MacBook Pro"]);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    if (width < 600) await expectNoSidewaysScroll(page, width);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: test.info().outputPath(`passkeys-profile-card-${width}.png`) });
  }
  await shot(page, "passkeys-profile", 375);
  await page.setViewportSize({ width: 1440, height: 900 });
  // The add dialog, on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await card.getByTestId("passkey-add").click();
  await expect(dialog.getByTestId("passkey-add-name")).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath("passkeys-add-dialog-375.png"),
    animations: "disabled",
  });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });

  // Signed out, the passkey alone signs in: the app opens, no code asked.
  await signOut(page);
  await page.goto("/auth");
  const button = page.getByTestId("passkey-sign-in");
  await expect(button).toHaveText("パスキーでログイン");
  await shot(page, "passkeys-sign-in", 1440, false);
  await shot(page, "passkeys-sign-in", 375, false);
  await page.setViewportSize({ width: 1440, height: 900 });
  await button.click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(page.getByTestId("second-factor-screen")).toHaveCount(0);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { email: string };
  expect(me.email).toBe(account.email);

  // /profile says when it was last used; deleting it (a sensitive action, the proof is fresh) works.
  await page.goto("/profile");
  await expect(card.getByTestId("passkey-last-used")).not.toHaveText("未使用");
  await card.getByTestId("passkey-delete").click();
  await dialog.getByTestId("passkey-delete-confirm").click();
  await expect(card.getByTestId("passkeys-none")).toBeVisible();

  // A passkey the server no longer knows signs nobody in.
  await signOut(page);
  await page.goto("/auth");
  await page.getByTestId("passkey-sign-in").click();
  await expect(page.getByTestId("passkey-sign-in-error")).toHaveText(
    "このパスキーは使えませんでした。もう一度試すか、別の方法でログインしてください。",
  );
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
});

test("an owner who must use two-factor sign-in enrols with a passkey, which is then the second step after a password", async ({
  page,
  browser,
}) => {
  test.slow();
  await withoutAutofill(page);
  await virtualAuthenticator(page);
  const owner = await registerThroughApi(page);
  // A second member makes the workspace shared: its owner must use two-factor sign-in.
  const member = newAccount();
  const invited = await page.request.post("/api/team/invitations", {
    data: { email: member.email, role: "editor" },
  });
  expect(invited.status()).toBe(201);
  const link = await linkFromOutbox(page, member.email, /\/invite\?token=[\w%-]+/);
  const token = decodeURIComponent(new URL(link, "http://x").searchParams.get("token") ?? "");
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const memberPage = await other.newPage();
  await registerThroughApi(memberPage, member, { confirm: false });
  expect(
    (await memberPage.request.post(`/api/invitations/${encodeURIComponent(token)}/accept`)).status(),
  ).toBe(200);
  await other.close();

  await page.goto("/");
  const enrol = page.getByTestId("second-factor-enrol-screen");
  await expect(enrol).toBeVisible();
  await enrol.getByTestId("enrol-passkey-name").fill("iPhone");
  await shot(page, "passkeys-enrol", 375);
  await page.setViewportSize({ width: 1440, height: 900 });
  await enrol.getByTestId("enrol-passkey-submit").click();
  // The passkey is the second factor: the app appears.
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(enrol).toHaveCount(0);

  // A password sign-in now waits for the second step, which the passkey gives.
  await signOut(page);
  await page.goto("/auth");
  await page.getByTestId("auth-email").fill(owner.email);
  await page.getByTestId("auth-password").fill(owner.password);
  await page.getByTestId("auth-submit").click();
  const screen = page.getByTestId("second-factor-screen");
  await expect(screen).toBeVisible();
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
  // No authenticator app: no code field, only the passkey.
  await expect(screen.getByTestId("second-factor-code")).toHaveCount(0);
  await shot(page, "passkeys-second-step", 375);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screen.getByTestId("second-factor-passkey-button").click();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await page.goto("/team");
  await expect(page.getByTestId("team-members")).toContainText(member.email);
});

test("the email field's autofill offers the passkey: picking it signs in", async ({ page }) => {
  // A sign-up, a passkey, a sign-out and a sign-in: more than one ordinary journey's time.
  test.slow();
  await virtualAuthenticator(page);
  const account = await registerThroughApi(page);
  await page.goto("/profile");
  const card = page.getByTestId("passkeys-card");
  await card.getByTestId("passkey-add").click();
  await page.getByTestId("passkey-add-name").fill("Pixel");
  await page.getByTestId("passkey-add-submit").click();
  await expect(card.getByTestId("passkey-name")).toHaveText(["Pixel"]);
  await signOut(page);
  // The sign-in form asks the browser for passkeys in the email field's autofill; the virtual
  // authenticator picks the only one, as the person would.
  await page.goto("/auth");
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("user-menu")).toBeVisible();
  const me = (await (await page.request.get("/api/auth/user")).json()) as { email: string };
  expect(me.email).toBe(account.email);
});
