import type { Page } from "@playwright/test";
import { expect, registerThroughApi, test } from "./fixtures";

// Issue 18: the owner changes the generated site in the editor and publishes when ready.

type Site = { id: string; url: string; slug: string };

async function generateWagashiSite(page: Page): Promise<Site> {
  const res = await page.request.post("/api/websites/generate", {
    data: {
      businessDescription:
        "「京菓子 つるや」は京都市上京区の和菓子店です。上生菓子 450円、わらび餅 600円、どら焼き 280円。営業は9時〜18時、水曜定休。",
      languages: ["ja", "en"],
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Site;
}

const preview = (page: Page) => page.frameLocator('[data-testid="editor-preview"]');

async function openEditor(page: Page, site: Site) {
  await page.goto(`/websites/${site.id}/edit`);
  await expect(page.getByTestId("site-editor")).toBeVisible();
  await expect(preview(page).locator(".hero h1[contenteditable]")).toBeVisible();
}

async function waitSaved(page: Page) {
  await expect(page.getByTestId("editor-save-state")).toHaveAttribute("data-status", "saved", {
    timeout: 15_000,
  });
}

const sectionOrder = (page: Page) =>
  preview(page)
    .locator("main > section")
    .evaluateAll((sections) => sections.map((s) => s.id));

test("an owner edits the site in place, reorders, restyles, publishes, undoes and restores", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerThroughApi(page);
  const site = await generateWagashiSite(page);

  // From the website card's Edit.
  await page.goto("/websites");
  await page
    .locator(`[data-testid="website-card"][data-website-id="${site.id}"]`)
    .getByTestId("website-edit")
    .click();
  await page.waitForURL((url) => url.pathname === `/websites/${site.id}/edit`);
  await expect(preview(page).locator(".hero h1[contenteditable]")).toBeVisible();
  const originalHeadline = (await preview(page).locator(".hero h1").textContent()) ?? "";

  // The headline, typed in place in the preview.
  const h1 = preview(page).locator(".hero h1");
  await h1.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("季節の上生菓子をどうぞ");
  await expect(page.getByTestId("editor-headline")).toHaveValue("季節の上生菓子をどうぞ");

  // A menu item's price, as data (tax-inclusive yen).
  const offerings = page.locator('[data-testid="editor-section"][data-section="offerings"]');
  await offerings.getByTestId("editor-section-open").click();
  const firstPrice = offerings.getByTestId("editor-item-price").first();
  await firstPrice.fill("520");
  await expect(preview(page).locator("#offerings .price").first()).toContainText("520");

  // Two sections swap places (keyboard-accessible buttons).
  const before = await sectionOrder(page);
  await page.locator('[data-testid="editor-section"]').first().getByTestId("editor-section-down").click();
  await expect.poll(() => sectionOrder(page)).toEqual([before[1], before[0], ...before.slice(2)]);

  // Another template and palette.
  await page.getByTestId("editor-tab-design").click();
  await page.getByTestId("editor-template-creative").click();
  await page.getByTestId("editor-palette-creative-2").click();
  await expect(preview(page).locator("body")).toHaveClass(/t-creative/);
  await page.screenshot({ path: "test-results/site-editor-desktop.png" });

  await waitSaved(page);
  // Visitors still see the generated site until the owner publishes.
  const visitor = await page.context().newPage();
  await visitor.goto(`${site.url}ja/`);
  await expect(visitor.locator(".hero h1")).toHaveText(originalHeadline);

  await page.getByTestId("editor-publish").click();
  await expect(page.getByText("公開しました").first()).toBeVisible();
  await visitor.reload();
  await expect(visitor.locator(".hero h1")).toHaveText("季節の上生菓子をどうぞ");
  await expect(visitor.locator("body")).toHaveClass(/t-creative/);
  await expect(visitor.locator("#offerings .price").first()).toContainText("520");
  expect(await visitor.locator("main > section").evaluateAll((s) => s.map((x) => x.id))).toEqual([
    before[1],
    before[0],
    ...before.slice(2),
  ]);

  // Undo (Ctrl+Z) takes back the last change.
  await page.getByTestId("editor-tab-sections").click();
  const headlineField = page.getByTestId("editor-headline");
  await headlineField.fill("取り消す見出し");
  await expect(preview(page).locator(".hero h1")).toHaveText("取り消す見出し");
  await page.keyboard.press("Control+Z");
  await expect(headlineField).toHaveValue("季節の上生菓子をどうぞ");
  await expect(preview(page).locator(".hero h1")).toHaveText("季節の上生菓子をどうぞ");
  await page.keyboard.press("Control+Shift+Z");
  await expect(headlineField).toHaveValue("取り消す見出し");
  await page.keyboard.press("Control+Z");
  await waitSaved(page);

  // Restore the generated version from the history, then publish it.
  await page.getByTestId("editor-tab-history").click();
  await expect(page.getByTestId("editor-revision")).toHaveCount(2);
  // An old version is shown read-only first, to compare.
  await page.getByTestId("editor-revision").last().getByTestId("editor-revision-preview").click();
  await expect(page.getByTestId("editor-revision-banner")).toBeVisible();
  await expect(preview(page).locator(".hero h1")).toHaveText(originalHeadline);
  await expect(preview(page).locator("[contenteditable]")).toHaveCount(0);
  await page.getByTestId("editor-revision").last().getByTestId("editor-revision-restore").click();
  await expect(page.getByTestId("editor-revision-banner")).toHaveCount(0);
  await expect(preview(page).locator(".hero h1[contenteditable]")).toHaveText(originalHeadline);
  await page.getByTestId("editor-publish").click();
  await expect(page.getByTestId("editor-unpublished")).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.locator(".hero h1")).toHaveText(originalHeadline);
  await visitor.close();
});

test("a second tab's stale save gets the conflict dialog, and nothing is overwritten silently", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerThroughApi(page);
  const site = await generateWagashiSite(page);
  await openEditor(page, site);
  const second = await page.context().newPage();
  await openEditor(second, site);

  await page.getByTestId("editor-headline").fill("一つ目のタブの見出し");
  await waitSaved(page);

  await second.getByTestId("editor-headline").fill("二つ目のタブの見出し");
  await expect(second.getByTestId("editor-conflict")).toBeVisible({ timeout: 15_000 });
  const draft = (await (await page.request.get(`/api/websites/${site.id}/draft`)).json()) as {
    content: { content: { ja: { hero: { headline: string } } } };
  };
  expect(draft.content.content.ja.hero.headline).toBe("一つ目のタブの見出し");

  // Reload takes the other tab's text; keeping one's own would save over it knowingly.
  await second.getByTestId("editor-conflict-reload").click();
  await expect(second.getByTestId("editor-conflict")).toHaveCount(0);
  await expect(second.getByTestId("editor-headline")).toHaveValue("一つ目のタブの見出し");
  await expect(preview(second).locator(".hero h1")).toHaveText("一つ目のタブの見出し");

  await second.getByTestId("editor-headline").fill("二つ目のタブで続ける");
  await waitSaved(second);
  await page.getByTestId("editor-headline").fill("一つ目のタブで続ける");
  await expect(page.getByTestId("editor-conflict")).toBeVisible({ timeout: 15_000 });
  await page.getByTestId("editor-conflict-keep").click();
  await waitSaved(page);
  const kept = (await (await page.request.get(`/api/websites/${site.id}/draft`)).json()) as typeof draft;
  expect(kept.content.content.ja.hero.headline).toBe("一つ目のタブで続ける");
});

test("@phone the editor works at phone width: edit, save, publish", async ({ page }) => {
  test.setTimeout(60_000);
  await registerThroughApi(page);
  const site = await generateWagashiSite(page);
  await openEditor(page, site);
  await expect(page.getByTestId("editor-preview")).toHaveAttribute("data-device", "phone");
  await page.getByTestId("editor-headline").fill("スマホから直しました");
  await expect(preview(page).locator(".hero h1")).toHaveText("スマホから直しました");
  await waitSaved(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: "test-results/site-editor-phone.png", fullPage: true });
  await page.getByTestId("editor-publish").click();
  await expect(page.getByText("公開しました").first()).toBeVisible();
  const visitor = await page.context().newPage();
  await visitor.goto(`${site.url}ja/`);
  await expect(visitor.locator(".hero h1")).toHaveText("スマホから直しました");
});

test("no keystroke is lost on a reload or a dropped connection", async ({ page, context }) => {
  test.setTimeout(90_000);
  await registerThroughApi(page);
  const site = await generateWagashiSite(page);
  await openEditor(page, site);
  page.on("dialog", (dialog) => void dialog.accept());

  // Reloaded before the autosave ran: this browser's backup brings the text back and saves it.
  await page.getByTestId("editor-headline").fill("再読み込みしても残る見出し");
  await page.reload();
  await expect(page.getByTestId("editor-headline")).toHaveValue("再読み込みしても残る見出し");
  await waitSaved(page);

  // Offline: the state says so and retries; back online, the draft is saved.
  await context.setOffline(true);
  await page.getByTestId("editor-headline").fill("圏外で書いた見出し");
  await expect(page.getByTestId("editor-save-state")).toHaveAttribute("data-status", "offline", {
    timeout: 10_000,
  });
  await context.setOffline(false);
  await waitSaved(page);
  const draft = (await (await page.request.get(`/api/websites/${site.id}/draft`)).json()) as {
    content: { content: { ja: { hero: { headline: string } } } };
  };
  expect(draft.content.content.ja.hero.headline).toBe("圏外で書いた見出し");
});

test("a change in the first language marks the others outdated until they are filled or checked", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerThroughApi(page);
  const site = await generateWagashiSite(page);
  await openEditor(page, site);
  await page.getByTestId("editor-tab-languages").click();
  const english = page.getByTestId("editor-language-en");
  await expect(english).toHaveAttribute("data-outdated", "0");
  // The owner's items keep their Japanese names on the English page until translated: listed.
  await expect(page.getByTestId("editor-untranslated-en")).toContainText("上生菓子");

  // The Japanese headline and FAQ change: English lags behind in those two sections.
  await page.getByTestId("editor-tab-sections").click();
  await page.getByTestId("editor-headline").fill("季節の上生菓子を京都から");
  const faq = page.locator('[data-testid="editor-section"][data-section="faq"]');
  await faq.getByTestId("editor-section-open").click();
  await faq.getByRole("textbox").first().fill("予約はできますか？");
  await page.getByTestId("editor-tab-languages").click();
  await expect(english).toHaveAttribute("data-outdated", "2");
  await page.screenshot({ path: "test-results/site-editor-languages.png" });

  // Filled from Japanese (the built-in writer here, no AI configured): the hero is in step again.
  await page.getByTestId("editor-fill-en-hero").click();
  await expect(english).toHaveAttribute("data-outdated", "1");
  // The FAQ was checked by hand instead.
  await page.getByTestId("editor-checked-en-faq").click();
  await expect(english).toHaveAttribute("data-outdated", "0");

  // The record is part of the draft: after a reload the status is the same.
  await waitSaved(page);
  await page.reload();
  await page.getByTestId("editor-tab-languages").click();
  await expect(page.getByTestId("editor-language-en")).toHaveAttribute("data-outdated", "0");
  await page.getByTestId("editor-language-edit-en").click();
  await expect(page.getByTestId("editor-lang-en")).toHaveAttribute("aria-pressed", "true");
});

test("sections move by dragging their handle", async ({ page }) => {
  test.setTimeout(60_000);
  await registerThroughApi(page);
  const site = await generateWagashiSite(page);
  await openEditor(page, site);
  const before = await sectionOrder(page);
  const rows = page.locator('[data-testid="editor-section"]');
  const handle = rows.nth(0).getByTestId("editor-section-drag");
  const target = rows.nth(1);
  const from = await handle.boundingBox();
  const row = await rows.nth(0).boundingBox();
  const to = await target.boundingBox();
  if (!from || !row || !to) throw new Error("the section rows are not laid out");
  // A pointer drag as a person makes it: press, move in steps until the dragged row's middle is
  // just past the next row's middle (not further, or the row after it is the closer one), release.
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  const shift = to.y + to.height / 2 - (row.y + row.height / 2) + 6;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 12, { steps: 4 });
  await page.mouse.move(x, y + shift, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
  await expect.poll(() => sectionOrder(page)).toEqual([before[1], before[0], ...before.slice(2)]);
  await waitSaved(page);
});
