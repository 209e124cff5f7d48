import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import {
  expect,
  expectNoSidewaysScroll,
  linkFromOutbox,
  newAccount,
  registerThroughApi,
  test,
} from "./fixtures";

// Issue 24, teams: an owner invites an editor by email; the editor signs up from the link in the
// outbox, works on a contact, and cannot open billing; the owner of the now shared workspace must
// turn on two-factor sign-in before going on.

const codeFor = (key: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 }).generate();

async function shot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
  if (width < 600) await expectNoSidewaysScroll(page, width);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
}

test("an owner invites an editor, who signs up from the email, edits a contact and cannot open billing", async ({
  page,
  browser,
}) => {
  // Two people, two sign-ups, an enrolment and five screenshots: more than one journey's time.
  test.slow();
  const owner = await registerThroughApi(page);
  const contactEmail = `guest-${process.pid}-${Date.now()}@example.jp`;
  const created = await page.request.post("/api/contacts", {
    data: { firstName: "健一", lastName: "中村", email: contactEmail },
  });
  expect(created.status()).toBe(201);

  await page.goto("/team");
  await expect(page.getByTestId("team-members")).toContainText(owner.email);
  const invited = newAccount();
  await page.getByTestId("team-invite-email").fill(invited.email);
  await page.getByTestId("team-invite-role").selectOption("editor");
  await page.getByTestId("team-invite-submit").click();
  await expect(page.getByText("招待を送りました").first()).toBeVisible();
  await expect(page.getByTestId("team-invitations")).toContainText(invited.email);
  await shot(page, "team-owner", 1440);
  await shot(page, "team-owner", 375);

  // The invitation in the workspace's outbox, opened by the new person on their own device.
  const link = await linkFromOutbox(page, invited.email, /\/invite\?token=[\w%-]+/);
  const device = await browser.newContext();
  const editor = await device.newPage();
  await editor.goto(link);
  await expect(editor.getByTestId("invite")).toContainText(invited.email);
  await shot(editor, "team-invite", 375);
  await editor.getByTestId("invite-signup").click();
  await editor.waitForURL((url) => url.pathname === "/auth");
  await expect(editor.getByTestId("auth-email")).toHaveValue(invited.email);
  await editor.getByTestId("auth-first-name").fill("健");
  await editor.getByTestId("auth-last-name").fill("田中");
  await editor.getByTestId("auth-password").fill(invited.password);
  await editor.getByTestId("auth-submit").click();
  await editor.waitForURL((url) => url.pathname === "/invite");
  await editor.getByTestId("invite-accept").click();
  await editor.waitForURL((url) => url.pathname === "/");
  await expect(editor.getByTestId("workspace-switcher")).toBeVisible();
  // The invitation link proved the address: no confirmation banner.
  await expect(editor.getByTestId("verify-email-banner")).toHaveCount(0);

  // The editor works on the owner's contacts.
  await editor.goto("/crm");
  const row = editor.locator(`[data-testid="crm-row"][data-contact-email="${contactEmail}"]`);
  await row.getByTestId("crm-row-open").click();
  const drawer = editor.getByTestId("crm-drawer");
  await drawer.getByTestId("crm-note-input").fill("田中が電話で確認しました");
  await drawer.getByTestId("crm-note-submit").click();
  await expect(drawer.getByTestId("crm-timeline-item").first()).toContainText("田中が電話で確認しました");

  // Billing is the owner's: the screen says so and the API refuses.
  await editor.goto("/subscription");
  await expect(editor.getByTestId("billing-owner-only")).toBeVisible();
  expect((await editor.request.get("/api/billing/receipts")).status()).toBe(403);

  // The editor sees the team without the controls an editor may not use.
  await editor.goto("/team");
  await expect(editor.getByTestId("team-members")).toContainText(invited.email);
  await expect(editor.getByTestId("team-invite-email")).toHaveCount(0);
  await shot(editor, "team-editor", 1440);
  await device.close();

  // The workspace is shared now: its owner must turn on two-factor sign-in before anything else.
  await page.goto("/team");
  const enrol = page.getByTestId("second-factor-enrol-screen");
  await expect(enrol).toBeVisible();
  await expect(page.getByTestId("team-members")).toHaveCount(0);
  await enrol.getByTestId("two-factor-start").click();
  const key = ((await enrol.getByTestId("two-factor-key").textContent()) ?? "").replace(/\s+/g, "");
  await enrol.getByTestId("two-factor-enable-code").fill(codeFor(key));
  await enrol.getByTestId("two-factor-enable-code-submit").click();
  await expect(page.getByTestId("backup-code")).toHaveCount(10);
  await page.getByTestId("backup-codes-done").click();

  // Then the owner sees the new member and the audit log, with the 2FA entry.
  await page.goto("/team");
  await expect(page.getByTestId("team-members")).toContainText(invited.email);
  await expect(page.getByTestId("team-audit")).toContainText(invited.email);
  await expect(page.getByTestId("team-audit")).toContainText("2段階認証をオンにしました");
});
