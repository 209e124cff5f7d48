import type { Page } from "@playwright/test";
import { expect, newAccount, registerThroughApi, testWithoutConsent as test } from "./fixtures";

// Keyboard only, no mouse: every step moves focus with Tab, Enter, typing or Escape, and after each
// one the focused element must be in the viewport and not entirely hidden by anything drawn over it
// (the cookie banner, a sticky header, the chat button): WCAG 2.4.3, 2.4.7, 2.4.11.

/**
 * Null when the focused element can be seen: inside the viewport and, at one of nine points across
 * its visible part at least, the topmost element is it (or inside it). Otherwise what is wrong.
 */
async function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const describe = (el: Element | null) => {
      if (!el) return "nothing";
      const testId = el.getAttribute("data-testid");
      const text = (el.textContent ?? "").trim().slice(0, 30);
      return `<${el.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ""}> "${text}"`;
    };
    const el = document.activeElement;
    if (!el || el === document.body) return "focus is on <body>";
    const box = el.getBoundingClientRect();
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, document.documentElement.clientWidth);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    if (right - left < 1 || bottom - top < 1) return `${describe(el)} is outside the viewport`;
    let cover: Element | null = null;
    for (const fx of [0.15, 0.5, 0.85]) {
      for (const fy of [0.15, 0.5, 0.85]) {
        const hit = document.elementFromPoint(left + (right - left) * fx, top + (bottom - top) * fy);
        if (hit && (el === hit || el.contains(hit))) return null;
        // A visually hidden input whose label draws the box and the focus ring (custom checkboxes).
        const labels = (el as HTMLInputElement).labels;
        if (hit && labels && Array.from(labels).some((label) => label.contains(hit))) return null;
        cover ??= hit;
      }
    }
    return `${describe(el)} is covered by ${describe(cover)}`;
  });
}

/** Waits until the element's opening animations (a dialog sliding in) have finished. */
async function settled(page: Page, testId: string): Promise<void> {
  await page
    .getByTestId(testId)
    .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/** What has focus, for messages and for matching. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      testId: el?.getAttribute("data-testid") ?? null,
      tag: el?.tagName.toLowerCase() ?? "",
      text: (el?.textContent ?? "").trim().slice(0, 40),
      inBanner: Boolean(el?.closest('[data-testid="cookie-banner"]')),
    };
  });

/**
 * Moves focus to the element `target` finds by pressing Tab (or Shift+Tab when it lies before the
 * focused element), checking every stop on the way.
 */
async function tabTo(page: Page, target: string, { max = 80 } = {}): Promise<void> {
  const locator = target.startsWith("input[") ? page.locator(target) : page.getByTestId(target);
  const isFocused = () => locator.first().evaluate((el) => el === document.activeElement);
  const backwards = await locator
    .first()
    .evaluate(
      (el) =>
        document.activeElement !== null &&
        document.activeElement !== document.body &&
        Boolean(document.activeElement.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING),
    );
  for (let i = 0; i < max; i++) {
    if (await isFocused()) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    expect(await focusProblem(page), `Tab stop ${i + 1} on the way to ${target}`).toBeNull();
  }
  if (!(await isFocused())) throw new Error(`${target} not reached in ${max} presses of Tab`);
}

/** Tabs through the whole page from the top; every stop must be visible and not covered. Returns the count. */
async function everyTabStopVisible(page: Page): Promise<number> {
  await page.locator("body").focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const seen = new Set<string>();
  const problems: string[] = [];
  let stops = 0;
  for (; stops < 200; stops++) {
    await page.keyboard.press("Tab");
    const key = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const path: string[] = [];
      for (let n: Element | null = el; n; n = n.parentElement)
        path.push(`${n.tagName}:${Array.from(n.parentElement?.children ?? []).indexOf(n)}`);
      return path.join("/");
    });
    if (key === null || seen.has(key)) break;
    seen.add(key);
    const problem = await focusProblem(page);
    if (problem) problems.push(`stop ${stops + 1}: ${problem}`);
  }
  expect(problems).toEqual([]);
  return stops;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`with the cookie banner open, it is reached first and no tab stop is hidden under it (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    for (const path of ["/", "/auth"]) {
      await page.goto(path);
      await expect(page.getByTestId("cookie-banner")).toBeVisible();
      await page.keyboard.press("Tab");
      expect((await focused(page)).inBanner, `${path}: the first Tab stop is in the banner`).toBe(true);
      expect(await everyTabStopVisible(page), path).toBeGreaterThan(path === "/" ? 30 : 8);
    }
    // Escape answers as the close button does: Necessary Only.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    const stored = await page.evaluate(() => window.localStorage.getItem("cookie_consent"));
    expect(JSON.parse(stored ?? "null")).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
  });
}

test("keyboard only: accept cookies, register, reach the CRM, add a contact; dialogs give focus back", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = newAccount();
  await page.goto("/");

  // The banner is the first stop; Accept All by keyboard.
  await tabTo(page, "cookie-accept-all", { max: 5 });
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);

  // To the sign-in page from the header, then register.
  await tabTo(page, "nav-login");
  await page.keyboard.press("Enter");
  await page.waitForURL("**/auth");
  await expect(page).toHaveTitle("ログイン — Shobai 商売");
  await tabTo(page, "auth-mode-toggle");
  await page.keyboard.press("Enter");
  // Focus stays on the toggle; the form now asks for a name.
  await expect(page.getByTestId("auth-first-name")).toBeVisible();
  for (const [testId, value] of [
    ["auth-first-name", account.firstName],
    ["auth-last-name", account.lastName],
    ["auth-email", account.email],
    ["auth-password", account.password],
  ] as const) {
    await tabTo(page, testId, { max: 15 });
    await page.keyboard.type(value);
  }
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page).toHaveTitle("ダッシュボード — Shobai 商売");

  // To the CRM by its navigation link: the new title is set and announced.
  await tabTo(page, "nav-crm");
  await page.keyboard.press("Enter");
  await page.waitForURL("**/crm");
  await expect(page).toHaveTitle("顧客管理 — Shobai 商売");
  await expect(page.getByTestId("route-announcer")).toHaveText("顧客管理 — Shobai 商売");

  // Add contact: Escape closes the dialog and focus is back on its button.
  await tabTo(page, "crm-add-open");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("crm-add-dialog")).toBeVisible();
  await settled(page, "crm-add-dialog");
  await expect.poll(() => focusProblem(page)).toBeNull();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("crm-add-dialog")).toHaveCount(0);
  await expect.poll(async () => (await focused(page)).testId).toBe("crm-add-open");

  // Again, and add one: focus moves through the fields, Enter submits, focus returns to the button.
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("crm-add-dialog")).toBeVisible();
  await settled(page, "crm-add-dialog");
  for (const [field, value] of [
    ['input[name="firstName"]', "太郎"],
    ['input[name="email"]', "taro.keyboard@example.jp"],
  ] as const) {
    await tabTo(page, field, { max: 10 });
    await page.keyboard.type(value);
  }
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("crm-add-dialog")).toHaveCount(0);
  await expect(page.getByText("taro.keyboard@example.jp").first()).toBeVisible();
  await expect.poll(async () => (await focused(page)).testId).toBe("crm-add-open");
  expect(await focusProblem(page)).toBeNull();
});

test("keyboard only: generate a site and create a campaign; the campaign dialog gives focus back", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughApi(page);
  await page.goto("/websites");
  // Escape on the banner: Necessary Only, and the page is the keyboard's again.
  await expect(page.getByTestId("cookie-banner")).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  await expect(page).toHaveTitle("ウェブサイト — Shobai 商売");

  // Generate: type the description, Tab to the button, Enter.
  await tabTo(page, "websites-description");
  await page.keyboard.type("ひまわり花店は横浜・元町の花屋です。季節のブーケと鉢植え、配達もいたします。");
  await tabTo(page, "websites-generate-submit");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("website-card").first()).toBeVisible({ timeout: 30_000 });
  // Focus goes to the result in the form (issue 20), which says what was made.
  await expect.poll(async () => (await focused(page)).testId).toBe("websites-generated");
  await expect.poll(() => focusProblem(page)).toBeNull();

  // A campaign: open the dialog, fill it by Tab and typing, submit with Enter.
  await page.goto("/email");
  await expect(page).toHaveTitle("メール — Shobai 商売");
  await tabTo(page, "campaign-create-open");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("campaign-dialog")).toBeVisible();
  await settled(page, "campaign-dialog");
  for (const [testId, value] of [
    ["campaign-name", "春のお知らせ"],
    ["campaign-subject", "{{firstName}}様 春のブーケ"],
    ["campaign-content", "{{firstName}}様\n春のブーケを始めました。"],
  ] as const) {
    await tabTo(page, testId, { max: 20 });
    await expect.poll(() => focusProblem(page)).toBeNull();
    await page.keyboard.type(value);
  }
  await tabTo(page, "campaign-submit", { max: 30 });
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("campaign-dialog")).toHaveCount(0);
  await expect(page.getByTestId("campaign-row").filter({ hasText: "春のお知らせ" })).toBeVisible();
  await expect.poll(async () => (await focused(page)).testId).toBe("campaign-create-open");
  expect(await focusProblem(page)).toBeNull();
});
