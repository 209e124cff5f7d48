import type { Page } from "@playwright/test";
import { APP_SCREEN_PATHS, LANGUAGES } from "@shobai/shared/constants";
import { expect, registerThroughApi, test } from "./fixtures";

// Every app screen in all six languages at phone (375 px) and desktop (1440 px) width: no sideways
// scroll, no text cut off by its box. One signed-in account per language with a site, a contact and
// a campaign, each screen opened once and re-laid out at the second width in place.

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

/**
 * What is wrong with the page's layout at its current width, one line per fault:
 * - the document is wider than the viewport (sideways scroll);
 * - an element holding text is narrower or shorter than its text and hides the rest (overflow
 *   hidden or clip, without an ellipsis or a line clamp that says text goes on), or its text spills
 *   out of it into its neighbours (overflow visible).
 * Deliberate truncation (`truncate`: ellipsis) and scrolling boxes (tables on a phone) are not faults.
 */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      faults.push(`sideways scroll: ${root.scrollWidth - root.clientWidth}px`);

    const describe = (element: Element) => {
      const id = element.getAttribute("data-testid");
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `${element.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ""} "${text}"`;
    };
    const ownText = (element: Element) =>
      Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );

    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      if (!(element instanceof HTMLElement) || !ownText(element)) continue;
      if (element.closest("svg, [data-layout-ignore], .sr-only, script, style, template, iframe")) continue;
      const style = getComputedStyle(element);
      if (style.display === "inline" || style.display === "none" || style.visibility === "hidden") continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none") continue;
      const scrolls = (value: string) => value === "auto" || value === "scroll";
      const wide = element.scrollWidth - element.clientWidth;
      const tall = element.scrollHeight - element.clientHeight;
      if (wide > 1 && !scrolls(style.overflowX))
        faults.push(`text cut or spilling sideways (${wide}px): ${describe(element)}`);
      else if (tall > 2 && (style.overflowY === "hidden" || style.overflowY === "clip"))
        faults.push(`text cut at the bottom (${tall}px): ${describe(element)}`);
      else {
        // Whole but sticking out of a box further up that hides what overflows it.
        for (let box2 = element.parentElement; box2 && box2 !== document.body; box2 = box2.parentElement) {
          const outer = getComputedStyle(box2);
          if (outer.overflowX === "visible" && outer.overflowY === "visible") continue;
          if (scrolls(outer.overflowX) || scrolls(outer.overflowY) || outer.textOverflow === "ellipsis")
            break;
          const edge = box2.getBoundingClientRect();
          const cut = Math.max(box.right - edge.right, edge.left - box.left);
          if (cut > 1) faults.push(`text cut by its box (${Math.round(cut)}px): ${describe(element)}`);
          break;
        }
      }
    }
    return faults;
  });
}

async function seed(page: Page): Promise<{ siteId: string }> {
  await registerThroughApi(page);
  const site = await page.request.post("/api/websites/generate", {
    data: {
      businessDescription: "「さくら食堂」は渋谷の定食屋です。季節の定食を出しています。",
      languages: ["ja", "en"],
    },
  });
  expect(site.status()).toBe(201);
  const { id } = (await site.json()) as { id: string };
  const contact = await page.request.post("/api/contacts", {
    data: {
      firstName: "Bartłomiej",
      lastName: "Wiśniewski-Kowalczyk",
      email: "bartlomiej.wisniewski@example.pl",
    },
  });
  expect(contact.status()).toBe(201);
  const campaign = await page.request.post("/api/email-campaigns", {
    data: { name: "Sezonowe menu na jesień", subject: "Nowe menu na jesień", content: "Zapraszamy!" },
  });
  expect(campaign.status()).toBe(201);
  return { siteId: id };
}

/**
 * Two frames after a resize, so that what reacts to it has rendered before measuring (the measuring
 * itself forces layout). Bounded: a renderer busy with a long page on a loaded machine may not give
 * a frame for a long time (CI once waited out the test's 3 minutes here), and a late frame changes
 * nothing the measurement reads.
 */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise((done) => {
        setTimeout(done, 1000);
        requestAnimationFrame(() => requestAnimationFrame(done));
      }),
  );
}

for (const language of LANGUAGES) {
  test(`every app screen lays out without sideways scroll or cut text (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page
      .context()
      .addInitScript((lang) => window.localStorage.setItem("user_language", lang), language);
    const found: string[] = [];
    /** Opens `url` and measures it at both widths, adding what is wrong to `found`. */
    async function measure(url: string, path: string) {
      await page.setViewportSize(WIDTHS[0] as { width: number; height: number });
      await page.goto(url);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      // The API reference lays out a 1.5 MB document: longer on a busy CI machine.
      await expect(page.locator(".animate-pulse")).toHaveCount(0, {
        timeout: path === "/api-docs" ? 60_000 : 15_000,
      });
      // The API reference's operations are the same English text from the OpenAPI document in every
      // language, and hundreds of them: all are measured in Japanese, the first few elsewhere.
      if (path === "/api-docs" && language !== "ja")
        await page.evaluate(() => {
          const cards = Array.from(document.querySelectorAll("[data-testid=api-operation]"));
          for (const card of cards.slice(6)) card.setAttribute("data-layout-ignore", "");
        });
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await settle(page);
        for (const fault of await layoutFaults(page))
          found.push(`${language} ${size.width}px ${url}: ${fault}`);
      }
    }

    // The sign-in screens as a visitor sees them (signed in, /auth goes on to the app).
    const signedOut = APP_SCREEN_PATHS.filter((path) => path.startsWith("/auth"));
    for (const path of signedOut) await measure(path === "/auth/reset" ? `${path}?token=x` : path, path);
    const { siteId } = await seed(page);
    for (const path of APP_SCREEN_PATHS.filter((p) => !signedOut.includes(p)))
      await measure(path.replace(":id", siteId), path);

    // The support chat, open over a screen, with two answers in one reply (the longest it gives).
    await page.goto("/dashboard");
    await page.getByTestId("chat-button").click();
    await page.getByTestId("chat-quick-pricing").click();
    await page.getByTestId("chat-input").fill("料金はいくらですか？クレジットカードは必要ですか？");
    await page.getByTestId("chat-input").press("Enter");
    await expect(page.getByTestId("chat-message")).toHaveCount(5);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await settle(page);
      for (const fault of await layoutFaults(page))
        found.push(`${language} ${size.width}px support chat: ${fault}`);
    }
    expect(found).toEqual([]);
  });
}
