import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import vnuJar from "vnu-jar";
import { expect, registerThroughApi, test } from "./fixtures";

// Issue 18 (logo image, testimonials, the gallery as a section) and issue 30 (the form's phone
// field, the touch icon from the logo): the owner sets them in the editor, visitors get them.

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

/** Nu Html Checker errors of served pages (as html-validity.spec.ts runs it). */
async function vnuErrors(pages: string[]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-vnu-site-"));
  try {
    const files = pages.map((html, i) => {
      const file = path.join(dir, `${i}.html`);
      fs.writeFileSync(file, html);
      return file;
    });
    const { stderr } = await promisify(execFile)(
      "java",
      ["-jar", String(vnuJar), "--errors-only", "--format", "json", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? "" }));
    const { messages } = JSON.parse(stderr) as {
      messages: { type: string; subType?: string; url: string; lastLine?: number; message: string }[];
    };
    return messages
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => `${path.basename(m.url)} line ${m.lastLine}: ${m.message}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A shop's logo: a mark and the name on a transparent ground, wide like most logos. */
function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="320">
    <circle cx="160" cy="160" r="120" fill="#7c2d12"/>
    <path d="M95 185 q65 -120 130 0 z" fill="#f8e7c8"/>
    <text x="320" y="205" font-family="Noto Serif CJK JP, serif" font-size="150" font-weight="700" fill="#3b1d0e">つるや</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A photo-like JPEG for the gallery. */
function photoJpeg(hue: [number, number, number]): Promise<Buffer> {
  const [r, g, b] = hue;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <rect width="100%" height="100%" fill="rgb(${r},${g},${b})"/>
    <circle cx="900" cy="560" r="360" fill="rgb(250,236,200)"/>
    <circle cx="900" cy="560" r="240" fill="rgb(${Math.min(255, r + 50)},${Math.round(g * 0.6)},60)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const preview = (page: Page) => page.frameLocator('[data-testid="editor-preview"]');
const previewSections = (page: Page) =>
  preview(page)
    .locator("main > section")
    .evaluateAll((sections) => sections.map((s) => s.id));

async function waitSaved(page: Page) {
  await expect(page.getByTestId("editor-save-state")).toHaveAttribute("data-status", "saved", {
    timeout: 15_000,
  });
}

const sectionRow = (page: Page, id: string) =>
  page.locator(`[data-testid="editor-section"][data-section="${id}"]`);

test("an owner sets a logo, testimonials, moves the gallery and asks for a phone; visitors get them", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await registerThroughApi(page);
  const site = await generateWagashiSite(page);
  await page.goto(`/websites/${site.id}/edit`);
  await expect(preview(page).locator(".hero h1[contenteditable]")).toBeVisible();

  // Photos tab: a logo and a gallery photo.
  await page.getByTestId("editor-tab-photos").click();
  await expect(page.getByTestId("media-empty")).toBeVisible();
  await page.getByTestId("media-file-input").setInputFiles([
    { name: "logo.png", mimeType: "image/png", buffer: await logoPng() },
    { name: "namagashi.jpg", mimeType: "image/jpeg", buffer: await photoJpeg([120, 140, 70]) },
  ]);
  await expect(page.getByTestId("media-item")).toHaveCount(2, { timeout: 60_000 });
  await expect(page.getByTestId("media-uploads")).toHaveCount(0);
  const select = async (alt: string) => {
    await page.locator(`[data-testid="media-item"]:has(img[alt="${alt}"])`).click();
    await expect(page.getByTestId("media-details")).toBeVisible();
  };
  await select("logo");
  await page.getByTestId("media-place-logo").click();
  const brand = preview(page).locator(".top a.brand.logo img");
  await expect(brand).toHaveAttribute("alt", "京菓子 つるや");
  // The logo is not a text to type into.
  await expect(preview(page).locator(".top a.brand[contenteditable]")).toHaveCount(0);
  await select("namagashi");
  await page.getByTestId("media-place-gallery").click();
  await expect(preview(page).locator("#gallery picture")).toHaveCount(1);

  // The gallery is a section like the others: moved to the top, hidden, shown again.
  await page.getByTestId("editor-tab-sections").click();
  await expect(sectionRow(page, "gallery")).toBeVisible();
  const order = await previewSections(page);
  const galleryAt = order.indexOf("gallery");
  expect(order[galleryAt - 1]).toBe("about");
  for (let i = 0; i < galleryAt; i++)
    await sectionRow(page, "gallery").getByTestId("editor-section-up").click();
  await expect.poll(() => previewSections(page).then((ids) => ids[0])).toBe("gallery");
  await sectionRow(page, "gallery").getByTestId("editor-section-hide").click();
  await expect(preview(page).locator("#gallery")).toHaveCount(0);
  await sectionRow(page, "gallery").getByTestId("editor-section-hide").click();
  await expect(preview(page).locator("#gallery")).toHaveCount(1);

  // Testimonials from the add menu: nothing shows until the owner types one.
  await page.getByTestId("editor-add-testimonials").click();
  await sectionRow(page, "testimonials").getByTestId("editor-section-open").click();
  await page.getByTestId("editor-testimonial-add").click();
  await expect(preview(page).locator("#testimonials")).toHaveCount(0);
  await page
    .getByTestId("editor-testimonial-quote")
    .fill("季節ごとの上生菓子が楽しみで、毎月うかがっています。");
  await expect(preview(page).locator("#testimonials")).toHaveCount(0);
  await page.getByTestId("editor-testimonial-name").fill("山田様");
  await page.getByTestId("editor-testimonial-detail").fill("常連のお客様");
  await expect(preview(page).locator("#testimonials blockquote")).toHaveCount(1);
  await page.getByTestId("editor-testimonial-add").click();
  await page.getByTestId("editor-testimonial-quote").nth(1).fill("手土産のわらび餅が大好評でした。");
  await page.getByTestId("editor-testimonial-name").nth(1).fill("佐藤様");
  await expect(preview(page).locator("#testimonials blockquote")).toHaveCount(2);
  await sectionRow(page, "testimonials").screenshot({
    path: "test-results/site-editor-2-testimonials-fields.png",
  });
  // Before the form, where visitors read them before writing.
  const testimonialsAt = (await previewSections(page)).indexOf("testimonials");
  const contactAt = (await previewSections(page)).indexOf("contact");
  for (let i = testimonialsAt; i > contactAt; i--)
    await sectionRow(page, "testimonials").getByTestId("editor-section-up").click();
  await expect
    .poll(async () => {
      const ids = await previewSections(page);
      return ids.indexOf("testimonials") < ids.indexOf("contact");
    })
    .toBe(true);

  // The form asks for a phone number; either email or phone will do.
  await sectionRow(page, "testimonials").getByTestId("editor-section-open").click();
  await sectionRow(page, "contact").getByTestId("editor-section-open").click();
  await page.getByTestId("editor-form-required-either").check();
  await expect(page.getByTestId("editor-form-phone")).toBeChecked();
  await expect(preview(page).locator("#f-phone")).toHaveAttribute("type", "tel");
  await expect(preview(page).locator("#f-email")).not.toHaveAttribute("required", /.*/);
  await page.screenshot({ path: "test-results/site-editor-2-editor-1440.png" });

  await waitSaved(page);
  await page.getByTestId("editor-publish").click();
  await expect(page.getByTestId("editor-unpublished")).toHaveCount(0);

  // Visitors: the logo, the testimonials, the gallery first, the phone field, the touch icon.
  const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await visitor.goto(`${site.url}ja/`);
  await expect(visitor.locator(".top a.brand.logo img")).toHaveAttribute("alt", "京菓子 つるや");
  await expect
    .poll(() =>
      visitor.locator(".top a.brand.logo img").evaluate((i) => (i as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(visitor.locator("#testimonials blockquote")).toHaveCount(2);
  await expect(visitor.locator("#testimonials figcaption").first()).toContainText("山田様");
  expect(await visitor.locator("main > section").evaluateAll((s) => s[0]?.id)).toBe("gallery");
  const touchIcon = await visitor.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  // Fetched by the page itself (the site's *.localhost host resolves in the browser only).
  const icon = await visitor.evaluate(async (href) => {
    const res = await fetch(href);
    const bitmap = await createImageBitmap(await res.blob());
    return { status: res.status, type: res.headers.get("content-type"), size: [bitmap.width, bitmap.height] };
  }, touchIcon ?? "");
  expect(icon).toEqual({ status: 200, type: "image/png", size: [180, 180] });
  // The published pages (both languages) with logo, testimonials and phone field: valid HTML.
  const served = await visitor.evaluate(async () =>
    Promise.all(["/ja/", "/en/"].map(async (p) => (await fetch(p)).text())),
  );
  expect(served[0]).toContain('id="testimonials"');
  // Typed in Japanese only: the English page shows none (never a placeholder or a copy).
  expect(served[1]).not.toContain('id="testimonials"');
  expect(await vnuErrors(served)).toEqual([]);
  await visitor.screenshot({ path: "test-results/site-editor-2-own-template-1440.png", fullPage: true });
  await visitor.setViewportSize({ width: 375, height: 812 });
  await visitor.screenshot({ path: "test-results/site-editor-2-own-template-375.png", fullPage: true });
  await visitor.setViewportSize({ width: 1440, height: 900 });

  // A visitor who leaves only a phone number reaches the thank-you page.
  await visitor.locator("#f-name").fill("鈴木一郎");
  await visitor.locator("#f-phone").fill("075-123-4567");
  await visitor.locator("#f-message").fill("お盆の詰め合わせを予約できますか？");
  await visitor.locator("#contact button[type=submit]").click();
  await visitor.waitForURL(/\/ja\/thanks\/$/);
  await visitor.close();
  const contacts = (await (await page.request.get("/api/contacts")).json()) as {
    phone: string;
    email: string;
  }[];
  expect(contacts).toEqual([expect.objectContaining({ phone: "075-123-4567", email: "" })]);

  // Another template keeps all of it; the logo can be taken off again in Design.
  await page.getByTestId("editor-tab-design").click();
  await page.getByTestId("editor-template-legal").click();
  await expect(preview(page).locator("body")).toHaveClass(/t-legal/);
  await waitSaved(page);
  await page.getByTestId("editor-publish").click();
  await expect(page.getByTestId("editor-unpublished")).toHaveCount(0);
  const second = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await second.goto(`${site.url}ja/`);
  await expect(second.locator("body")).toHaveClass(/t-legal/);
  await expect(second.locator("#testimonials blockquote")).toHaveCount(2);
  await expect(second.locator(".top a.brand.logo img")).toBeVisible();
  await second.screenshot({ path: "test-results/site-editor-2-legal-1440.png", fullPage: true });
  await second.setViewportSize({ width: 375, height: 812 });
  await second.screenshot({ path: "test-results/site-editor-2-legal-375.png", fullPage: true });
  await second.close();

  await page.getByTestId("editor-logo").screenshot({ path: "test-results/site-editor-2-logo-choice.png" });
  await page.getByTestId("editor-logo-remove").click();
  await expect(preview(page).locator(".top a.brand.logo")).toHaveCount(0);
  await expect(preview(page).locator(".top a.brand")).toHaveText("京菓子 つるや");
});

test("@phone testimonials and the form's phone option at phone width", async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughApi(page);
  const site = await generateWagashiSite(page);
  await page.goto(`/websites/${site.id}/edit`);
  await expect(preview(page).locator(".hero h1[contenteditable]")).toBeVisible();
  await page.getByTestId("editor-add-testimonials").click();
  await sectionRow(page, "testimonials").getByTestId("editor-section-open").click();
  await page.getByTestId("editor-testimonial-add").click();
  await page.getByTestId("editor-testimonial-quote").fill("どら焼きの皮がふわふわです。");
  await page.getByTestId("editor-testimonial-name").fill("田中様");
  await expect(preview(page).locator("#testimonials blockquote")).toHaveCount(1);
  await sectionRow(page, "contact").getByTestId("editor-section-open").click();
  await page.getByTestId("editor-form-required-phone").check();
  await expect(preview(page).locator("#f-phone")).toHaveAttribute("required", "");
  await page.getByTestId("editor-form-options").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/site-editor-2-editor-375.png" });
  await waitSaved(page);
});
