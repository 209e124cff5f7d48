import { test as base, expect, type Page } from "@playwright/test";

let counter = 0;
/** A unique, valid new account for one test. */
export function newAccount() {
  counter += 1;
  return {
    email: `e2e-${process.pid}-${Date.now()}-${counter}@example.jp`,
    password: "e2e-password-123",
    firstName: "花子",
    lastName: "佐藤",
  };
}

export type Account = ReturnType<typeof newAccount>;

/** Registers through the real /auth page, ending on the signed-in home. */
export async function registerThroughUi(page: Page, account: Account): Promise<void> {
  await page.goto("/auth");
  await page.getByTestId("auth-mode-toggle").click();
  await page.getByTestId("auth-first-name").fill(account.firstName);
  await page.getByTestId("auth-last-name").fill(account.lastName);
  await page.getByTestId("auth-email").fill(account.email);
  await page.getByTestId("auth-password").fill(account.password);
  await page.getByTestId("auth-submit").click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("user-menu")).toBeVisible();
}

/**
 * Registers through the API (faster), leaving the browser signed in. The address is confirmed as
 * its owner would (the link from the sign-up mail in the outbox), unless `confirm: false`.
 */
export async function registerThroughApi(
  page: Page,
  account: Account = newAccount(),
  { confirm = true }: { confirm?: boolean } = {},
): Promise<Account> {
  const res = await page.request.post("/api/auth/register", { data: account });
  expect(res.status()).toBe(201);
  if (confirm) await confirmEmailThroughOutbox(page, account.email);
  return account;
}

/** The link of a mail in the signed-in account's outbox (the default provider keeps mail there). */
export async function linkFromOutbox(page: Page, to: string, path: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get("/api/email/outbox")).json()) as {
        to: string;
        text: string;
      }[];
      link = mails
        .filter((m) => m.to === to)
        .map((m) => m.text.match(path)?.[0])
        .find(Boolean);
      return Boolean(link);
    })
    .toBe(true);
  return link as string;
}

/** Opens the sign-up confirmation link from the outbox, as the owner would from the mail. */
export async function confirmEmailThroughOutbox(page: Page, email: string): Promise<void> {
  const link = await linkFromOutbox(page, email, /\/api\/auth\/verify-email\?token=[\w%-]+/);
  const res = await page.request.get(link, { maxRedirects: 0 });
  expect(res.headers().location).toBe("/?emailVerified=1");
}

/**
 * Prerendered public pages show their text before the script runs; a click in that moment does
 * nothing. After each navigation, wait until React has taken over (html[data-hydrated]) on app pages.
 */
const hydrated = base.extend({
  page: async ({ page }, use) => {
    const settle = () =>
      page.waitForFunction(
        () => !document.getElementById("root") || document.documentElement.dataset.hydrated !== undefined,
        undefined,
        { timeout: 20_000 },
      );
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await settle();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await settle();
      return response;
    };
    await use(page);
  },
});

/**
 * Journeys about other things start as a visitor who already answered the cookie banner (Necessary
 * Only), so the banner never covers what they click. widgets.spec.ts tests the banner itself with
 * `testWithoutConsent`.
 */
export const test = hydrated.extend({
  context: async ({ context, baseURL }, use) => {
    // The same answer as a cookie, as the app sets it: the server then sends pages without the banner.
    if (baseURL) await context.addCookies([{ name: "cookie_consent", value: "000", url: baseURL }]);
    await context.addInitScript(() => {
      if (window.localStorage.getItem("cookie_consent")) return;
      window.localStorage.setItem(
        "cookie_consent",
        JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }),
      );
      window.localStorage.setItem("cookie_consent_date", new Date().toISOString());
    });
    await use(context);
  },
});
/** A fresh browser with no cookie choice stored: the banner shows. */
export const testWithoutConsent = hydrated;
export { expect };

/**
 * Clicks, and checks a toast that shows only briefly (the app navigates away 500 ms later): the
 * wait starts before the click, so a busy machine cannot make the check miss it.
 */
export async function clickExpectingBriefToast(
  page: Page,
  text: string,
  click: () => Promise<void>,
): Promise<void> {
  const seen = page.getByText(text).first().waitFor({ state: "attached", timeout: 15_000 });
  await click();
  await seen;
}

/**
 * No sideways scrolling on a phone. Measured against the layout viewport (clientWidth): on an
 * emulated phone `innerWidth` grows with overflowing content, so it cannot catch an overflow.
 */
export async function expectNoSidewaysScroll(page: Page, width = 375): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(client).toBe(width);
  expect(scroll).toBeLessThanOrEqual(client);
}
