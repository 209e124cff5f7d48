import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { APP_SCREEN_PATHS, LANGUAGES } from "@shobai/shared/constants";
import { expect, registerThroughApi, test, testWithoutConsent } from "./fixtures";

// axe-core over every public page and every signed-in screen, at phone and desktop width, in
// Japanese and Polish (whose sign-in screen falls back to English), and every signed-in screen at
// phone width in the other four languages: no critical or serious violation of WCAG 2.0, 2.1 and
// 2.2 A/AA.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/features",
  "/about",
  "/faq",
  "/contact",
  "/help",
  "/case-studies",
  "/tutorials",
  "/sitemap",
  "/terms",
  "/privacy",
  "/security",
  "/cookies",
  "/commercial-law",
  "/auth",
  "/auth/forgot",
  "/auth/reset?token=x",
  "/no-such-page",
];

/** Every app screen (APP_SCREEN_PATHS) signed in, and the signed-in home; the API reference has its own test below. */
const SIGNED_IN_SCREENS = [
  "/",
  ...APP_SCREEN_PATHS.filter((path) => path !== "/api-docs").map((path) =>
    path === "/auth/reset" ? "/auth/reset?token=x" : path,
  ),
];

/** Each serious or critical violation on the page, as one readable line per element. */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself, without a second page per run to join frames: the app
  // has no iframes, and this halves the time.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .flatMap((v) => v.nodes.map((n) => `${label}: ${v.id} (${v.impact}) at ${n.target.join(" ")}`));
}

/** Opens each path and checks it at both widths (resized in place: the same page, re-laid out). */
async function sweep(
  page: Page,
  paths: string[],
  language: string,
  widths = WIDTHS,
  settleMs = 10_000,
): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.setViewportSize(widths[0] as { width: number; height: number });
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    // Lists and charts settle (skeletons give way to content) before axe looks.
    await expect(page.locator(".animate-pulse")).toHaveCount(0, { timeout: settleMs });
    for (const size of widths) {
      await page.setViewportSize(size);
      found.push(...(await seriousViolations(page, `${language} ${size.width}px ${path}`)));
    }
  }
  return found;
}

async function useLanguage(page: Page, language: string) {
  await page.context().addInitScript((lang) => window.localStorage.setItem("user_language", lang), language);
}

/** `list` in groups of `size`: one test each, so they share out among workers and each stays short. */
const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

for (const language of LANGUAGES) {
  // Japanese and Polish (the longest words) at both widths; the others' markup only differs in text.
  const widths = language === "ja" || language === "pl" ? WIDTHS : WIDTHS.slice(1);
  for (const [index, pages] of (widths === WIDTHS ? chunks(PUBLIC_PAGES, 5) : []).entries()) {
    testWithoutConsent(
      `public pages have no serious axe violations (${language}, with the cookie banner, part ${index + 1})`,
      async ({ page }) => {
        testWithoutConsent.setTimeout(120_000);
        await useLanguage(page, language);
        expect(await sweep(page, pages, language)).toEqual([]);
      },
    );
  }

  for (const [index, screens] of chunks(SIGNED_IN_SCREENS, 6).entries()) {
    test(`signed-in screens have no serious axe violations (${language}, part ${index + 1})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await useLanguage(page, language);
      await registerThroughApi(page);
      const site = await page.request.post("/api/websites/generate", {
        data: { businessDescription: "「さくら食堂」は渋谷の定食屋です。", languages: ["ja"] },
      });
      expect(site.status()).toBe(201);
      const { id } = (await site.json()) as { id: string };
      const contact = await page.request.post("/api/contacts", {
        data: { firstName: "太郎", lastName: "山田", email: "taro@example.jp" },
      });
      expect(contact.status()).toBe(201);
      expect(
        await sweep(
          page,
          screens.map((path) => path.replace(":id", id)),
          language,
          widths,
        ),
      ).toEqual([]);
    });
  }
}

// The API reference renders every operation (a very large page, half a minute for axe on a small
// machine): once, in Japanese at desktop width; it is the same markup in the other languages.
testWithoutConsent("the API reference has no serious axe violations", async ({ page }) => {
  testWithoutConsent.setTimeout(180_000);
  // The document (1.5 MB of JSON, every operation) takes a while to fetch and lay out on a busy CI machine.
  expect(await sweep(page, ["/api-docs"], "ja", WIDTHS.slice(0, 1), 60_000)).toEqual([]);
});
