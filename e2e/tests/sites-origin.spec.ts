import { expect, registerThroughApi, test } from "./fixtures";

// Sites live on their own origin (decision 0020): {slug}.localhost here, a separate registrable
// domain in production. A script on a hosted page must not reach the owner's data.

async function generateSite(page: import("@playwright/test").Page) {
  const res = await page.request.post("/api/websites/generate", {
    data: { businessDescription: "「Sakura Ramen」は渋谷のラーメン店です。", languages: ["ja"] },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; url: string; name: string; slug: string };
}

test("a page on a site host cannot read the app's API with the owner's session", async ({
  page,
  baseURL,
}) => {
  await registerThroughApi(page);
  const site = await generateSite(page);
  expect(new URL(site.url).hostname).toBe(`${site.slug}.localhost`);
  // The owner is signed in on the app…
  expect((await page.request.get("/api/contacts")).status()).toBe(200);

  // …and opens their site in the same browser.
  const sitePage = await page.context().newPage();
  await sitePage.goto(site.url);
  await sitePage.waitForURL((url) => url.href === `${site.url}ja/`);
  await expect(sitePage.locator("body")).toContainText("Sakura Ramen");

  // The session cookie is the app host's alone.
  const cookieNames = (await page.context().cookies(site.url)).map((c) => c.name);
  expect(cookieNames).not.toContain("auth_session");
  const seen = await sitePage.evaluate(async (appOrigin) => {
    const sameOrigin = await fetch("/api/contacts");
    let crossOrigin: string;
    try {
      const res = await fetch(`${appOrigin}/api/contacts`, { credentials: "include" });
      crossOrigin = `read ${res.status}: ${await res.text()}`;
    } catch {
      crossOrigin = "blocked";
    }
    return { sameOrigin: sameOrigin.status, crossOrigin, cookie: document.cookie };
  }, String(baseURL));
  expect(seen.sameOrigin).toBe(404);
  expect(seen.crossOrigin).toBe("blocked");
  expect(seen.cookie).not.toContain("auth_session");
  await sitePage.close();
});

test("an owner previews a draft through a preview link", async ({ page, browser }) => {
  await registerThroughApi(page);
  const site = await generateSite(page);
  expect(
    (await page.request.patch(`/api/websites/${site.id}`, { data: { isPublished: false } })).status(),
  ).toBe(200);

  // A visitor sees nothing of the draft.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const hidden = await visitorPage.goto(`${site.url}ja/`);
  expect(hidden?.status()).toBe(404);
  await visitor.close();

  // The owner's Preview button opens it on the site's host.
  await page.goto("/websites");
  const card = page.locator(`[data-website-id="${site.id}"]`);
  const [preview] = await Promise.all([
    page.context().waitForEvent("page"),
    card.getByTestId("website-preview").click(),
  ]);
  await preview.waitForURL((url) => url.href === `${site.url}ja/`);
  await expect(preview.locator("body")).toContainText("Sakura Ramen");
  // The token left the address bar; a host-only cookie on the site's host keeps the preview open.
  expect(new URL(preview.url()).search).toBe("");
  const cookies = await page.context().cookies(site.url);
  expect(cookies.find((c) => c.name === "shobai_preview")?.domain).toBe(`${site.slug}.localhost`);
  // No tracker on a preview: the owner is not counted as a visitor.
  await expect(preview.locator('script[src$="/_shobai/t.js"]')).toHaveCount(0);
});
