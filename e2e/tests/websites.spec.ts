import { clickExpectingBriefToast, expect, registerThroughApi, test } from "./fixtures";

test.describe("Websites", () => {
  test("signed-out visitors see sample sites; generating asks them to log in", async ({ page }) => {
    const dataCalls: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith("/api/websites") || path.startsWith("/api/subscription")) dataCalls.push(r.url());
    });
    await page.goto("/websites");
    await expect(page.getByTestId("websites-demo-banner")).toBeVisible();
    await expect(page.getByTestId("website-card")).toHaveCount(3);
    await expect(page.getByTestId("website-card").first()).toContainText("Active");

    await page.getByTestId("websites-description").fill("花屋です。");
    await clickExpectingBriefToast(page, "ログインが必要です", () =>
      page.getByTestId("websites-generate-submit").click(),
    );
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(dataCalls).toEqual([]);
  });

  test("generate a restaurant site in Japanese and English, open it, and its form brings a lead to the CRM", async ({
    page,
  }) => {
    await registerThroughApi(page);
    await page.goto("/websites");
    await expect(page.getByTestId("websites-empty")).toBeVisible();
    await expect(page.getByTestId("websites-usage")).toContainText("0 /");

    // An empty description is refused without a call.
    await page.getByTestId("websites-generate-submit").click();
    await expect(page.getByText("ビジネス内容を入力してください。").first()).toBeVisible();

    await page
      .getByTestId("websites-description")
      .fill("さくらラーメンは東京・中目黒で15年続くラーメン店です。鶏白湯スープと自家製麺が自慢です。");
    await page.getByTestId("websites-business-type").click();
    await page.getByTestId("websites-business-type-restaurant").click();
    await expect(page.getByTestId("websites-language-ja")).toBeChecked();
    await page.getByTestId("websites-language-en").check({ force: true });
    await page.getByTestId("websites-generate-submit").click();

    await expect(page.getByText("ウェブサイト生成完了").first()).toBeVisible({ timeout: 30_000 });
    const card = page.getByTestId("website-card").first();
    await expect(card).toBeVisible();
    await expect(card).toContainText("飲食店");
    await expect(card).toContainText("公開中");
    await expect(card).toContainText("日本語");
    await expect(card).toContainText("English");
    // The form starts over with Japanese only.
    await expect(page.getByTestId("websites-description")).toHaveValue("");
    await expect(page.getByTestId("websites-language-en")).not.toBeChecked();
    await expect(page.getByTestId("websites-usage")).toContainText("1 /");

    const websiteId = await card.getAttribute("data-website-id");
    expect(websiteId).toBeTruthy();
    const res = await page.request.get(`/api/websites/${websiteId}`);
    const site = (await res.json()) as { name: string; url: string; languages: string[] };
    expect(site.languages).toEqual(["ja", "en"]);

    const [preview] = await Promise.all([
      page.context().waitForEvent("page"),
      card.getByTestId("website-preview").click(),
    ]);
    // The preview opens on the site's own host, through a signed link (not the app's session).
    await preview.waitForURL((url) => url.href === `${site.url}ja/`);
    await expect(preview.locator("body")).toContainText(site.name);

    // A visitor writes through the site's own form; the lead arrives in the CRM.
    await preview.locator('input[name="name"]').fill("高橋 美咲");
    await preview.locator('input[name="email"]').fill("misaki.t@example.jp");
    await preview.locator('textarea[name="message"]').fill("土曜の夜、4名で伺えますか？");
    await preview.locator('form button[type="submit"]').click();
    await preview.waitForURL((url) => url.pathname.endsWith("/thanks/"));
    await page.goto("/crm");
    const lead = page.locator('[data-testid="crm-row"][data-contact-email="misaki.t@example.jp"]');
    await expect(lead).toBeVisible();
    await expect(lead).toContainText("高橋");
  });

  test("change a site's settings, then delete it", async ({ page }) => {
    await registerThroughApi(page);
    const res = await page.request.post("/api/websites/generate", {
      data: {
        businessDescription: "山田綜合法律事務所は大阪の法律事務所です。相続と企業法務を扱います。",
        targetMarket: "japan",
        businessType: "legal",
        languages: ["ja"],
      },
    });
    expect(res.status()).toBe(201);
    const site = (await res.json()) as { id: string };

    await page.goto("/websites");
    await page
      .locator(`[data-testid="website-card"][data-website-id="${site.id}"]`)
      .getByTestId("website-edit")
      .click();
    await page.waitForURL((url) => url.pathname === `/websites/${site.id}/edit`);
    await page.getByTestId("editor-back").click();
    await page.waitForURL((url) => url.pathname === `/websites/${site.id}`);

    await page.getByTestId("website-settings-name").fill("山田法律事務所");
    await page.getByTestId("website-settings-publish").click();
    await page.getByTestId("website-settings-save").click();
    await expect(page.getByText("保存しました").first()).toBeVisible();
    const saved = (await (await page.request.get(`/api/websites/${site.id}`)).json()) as {
      name: string;
      isPublished: boolean;
    };
    expect(saved).toMatchObject({ name: "山田法律事務所", isPublished: false });

    await page.getByTestId("website-settings-delete").click();
    await page.getByTestId("website-settings-delete-confirm").click();
    await page.waitForURL((url) => url.pathname === "/websites");
    await expect(page.getByTestId("websites-empty")).toBeVisible();
    expect((await page.request.get(`/api/websites/${site.id}`)).status()).toBe(404);
  });

  test("the websites screen works on a phone @phone", async ({ page }) => {
    await registerThroughApi(page);
    await page.goto("/websites");
    await expect(page.getByTestId("websites-empty")).toBeVisible();
    await page.getByTestId("websites-tab-import").click();
    await page.getByTestId("websites-import-read").click();
    await expect(page.getByText("インポートするサイトのURLを入力してください。").first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
