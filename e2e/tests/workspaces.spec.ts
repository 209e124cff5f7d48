import type { Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, registerThroughApi, test } from "./fixtures";

// Issue 24, workspaces: a person creates a second workspace from the header's switcher (it becomes
// the one they work in), switches back to their own and again, then deletes it on /team by typing
// its name; the personal workspace cannot be deleted there and says where to go instead.

async function shot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
  if (width < 600) await expectNoSidewaysScroll(page, width);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
}

test("creates a workspace from the switcher, switches, and deletes it with its name typed", async ({
  page,
}) => {
  test.slow();
  await registerThroughApi(page);
  await page.goto("/");
  const switcher = page.getByTestId("workspace-switcher");
  await expect(switcher).toContainText("自分のワークスペース");

  // New workspace: the dialog refuses an empty name beside the field.
  await switcher.click();
  await page.getByTestId("workspace-new").click();
  const dialog = page.getByTestId("new-workspace-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("new-workspace-submit").click();
  await expect(dialog.getByTestId("new-workspace-name-error")).toBeVisible();
  await expect(dialog.getByTestId("new-workspace-name")).toBeFocused();
  await shot(page, "workspace-new-error", 375);
  await dialog.getByTestId("new-workspace-name").fill("京都支店");
  await shot(page, "workspace-new", 1440);
  await shot(page, "workspace-new", 375);
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByTestId("new-workspace-submit").click();
  await expect(dialog).toBeHidden();
  await expect(switcher).toContainText("京都支店");

  // A contact made here belongs to the new workspace only.
  const contact = await page.request.post("/api/contacts", {
    data: { lastName: "京都", email: `kyoto-${Date.now()}@example.jp` },
  });
  expect(contact.status()).toBe(201);
  const contactId = ((await contact.json()) as { id: string }).id;

  // Switch to the personal workspace and back.
  await switcher.click();
  await page.getByRole("menuitem", { name: /自分のワークスペース/ }).click();
  await expect(switcher).toContainText("自分のワークスペース");
  expect((await page.request.get(`/api/contacts/${contactId}`)).status()).toBe(404);
  await page.goto("/team");
  await expect(page.getByTestId("team-delete-personal")).toBeVisible();
  await switcher.click();
  await page.getByRole("menuitem", { name: /京都支店/ }).click();
  await expect(switcher).toContainText("京都支店");

  // Delete it: the button waits for the name typed exactly.
  await expect(page.getByTestId("team-delete-card")).toBeVisible();
  await page.getByTestId("team-delete").click();
  const confirm = page.getByTestId("team-delete-dialog");
  await expect(confirm).toBeVisible();
  await confirm.getByTestId("team-delete-name").fill("京都");
  await expect(confirm.getByTestId("team-delete-confirm")).toBeDisabled();
  await shot(page, "workspace-delete", 1440);
  await shot(page, "workspace-delete", 375);
  await page.setViewportSize({ width: 1440, height: 900 });
  await confirm.getByTestId("team-delete-name").fill("京都支店");
  await expect(confirm.getByTestId("team-delete-confirm")).toBeEnabled();
  await confirm.getByTestId("team-delete-confirm").click();
  await expect(confirm).toBeHidden();
  await expect(switcher).toContainText("自分のワークスペース");
  await expect(page.getByTestId("team-delete-personal")).toBeVisible();
  await switcher.click();
  await expect(page.getByRole("menuitem", { name: /京都支店/ })).toHaveCount(0);
  await page.keyboard.press("Escape");
  expect((await page.request.get(`/api/contacts/${contactId}`)).status()).toBe(404);
});
