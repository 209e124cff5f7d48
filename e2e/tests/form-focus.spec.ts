import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, registerThroughApi, test } from "./fixtures";

// Issue 20, accessibility: after a submission the focus is on its result or on the first refused
// field, which says why beside it (aria-invalid, aria-describedby) — the CRM drawer's small forms
// (tags, custom fields, consent) and the landing page's AI demo. Screenshots of each error state
// at 1440 and 375 px, in Japanese and English, for people to look at (not compared).

/** Serious or critical WCAG violations inside `selector`. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(" ")}`));
}

/** The field is refused: marked invalid, described by the error beside it, and focused. */
async function expectRefused(field: Locator, error: Locator, text: string | RegExp): Promise<void> {
  await expect(error).toHaveText(text);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAttribute("aria-describedby", (await error.getAttribute("id")) ?? "missing id");
  await expect(field).toBeFocused();
}

const shot = (name: string) => test.info().outputPath(`form-focus-${name}.png`);

const TEXT = {
  ja: {
    tooMany: "タグは1件のコンタクトに20個までです。不要なタグを外してから追加してください。",
    removed: "タグ「t0」を外しました",
    added: "タグ「VIP」を追加しました",
    controlCharacter: "制御文字を取り除いてください。",
    fieldRemoved: "この項目は削除されています。ページを再読み込みしてください。",
    fieldsSaved: "項目を保存しました。",
    howRequired: "どのように同意を得たかを入力してください（例: 店頭の申込書で記入）。",
    consentRecorded: "同意を記録しました",
    demoRequired: "お店やサービスについて、ひとことでも書いてください。",
  },
  en: {
    tooMany: "A contact can have up to 20 tags. Remove one you no longer need first.",
    removed: "Tag “t0” removed",
    added: "Tag “VIP” added",
    controlCharacter: /control character/i,
    fieldRemoved: "This field has been removed. Reload the page.",
    fieldsSaved: "Fields saved.",
    howRequired: "Say how the person agreed (for example: ticked the box on the paper form at the shop).",
    consentRecorded: "Consent recorded",
    demoRequired: "Write a few words about your business or service.",
  },
} as const;

for (const language of ["ja", "en"] as const) {
  const said = TEXT[language];

  test(`CRM drawer forms: refusals beside the field and focused, results announced or focused (${language})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page
      .context()
      .addInitScript((lang) => window.localStorage.setItem("user_language", lang), language);
    await registerThroughApi(page);
    const created = await page.request.post("/api/contacts", {
      data: { firstName: "太郎", lastName: "山田", email: "taro@example.jp" },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // As many tags as a contact may have: one more is refused by the server.
    const tags = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect((await page.request.put(`/api/contacts/${id}/tags`, { data: { tags } })).status()).toBe(200);
    const memo = await page.request.post("/api/contact-fields", { data: { label: "メモ", type: "text" } });
    const visits = await page.request.post("/api/contact-fields", {
      data: { label: "来店回数", type: "number" },
    });
    expect([memo.status(), visits.status()]).toEqual([201, 201]);
    const memoId = ((await memo.json()) as { id: string }).id;
    const visitsId = ((await visits.json()) as { id: string }).id;

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/crm");
    await page
      .locator('[data-testid="crm-row"][data-contact-email="taro@example.jp"]')
      .getByTestId("crm-row-open")
      .click();
    const drawer = page.getByTestId("crm-drawer");
    await expect(drawer.getByTestId("crm-drawer-name")).toContainText("山田 太郎");

    // Tags: the 21st is refused beside the field, which keeps the name and the focus.
    const tagInput = drawer.getByTestId("crm-tag-input");
    const tagError = drawer.getByTestId("crm-tag-error");
    await tagInput.fill("VIP");
    await tagInput.press("Enter");
    await expectRefused(tagInput, tagError, said.tooMany);
    await expect(tagInput).toHaveValue("VIP");

    // Custom fields: a control character pasted into the text field is refused beside it.
    const memoInput = drawer.getByTestId(`crm-custom-input-${memoId}`);
    const memoError = drawer.getByTestId(`crm-custom-error-${memoId}`);
    await memoInput.fill("窓際\u0007の席");
    await drawer.getByTestId("crm-custom-fields-save").click();
    await expectRefused(memoInput, memoError, said.controlCharacter);

    // Consent: recording one without saying how is refused beside the field, nothing sent.
    await drawer.getByTestId("crm-consent-record").click();
    const how = drawer.getByTestId("crm-consent-how");
    await expect(how).toBeFocused();
    await drawer.getByTestId("crm-consent-save").click();
    await expectRefused(how, drawer.getByTestId("crm-consent-how-error"), said.howRequired);

    expect(await seriousViolations(page, '[data-testid="crm-drawer"]')).toEqual([]);
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await drawer.getByTestId("crm-drawer-tags").screenshot({ path: shot(`tags-${language}-${width}`) });
      await drawer.getByTestId("crm-custom-fields").screenshot({ path: shot(`fields-${language}-${width}`) });
      await drawer.getByTestId("crm-consent").screenshot({ path: shot(`consent-${language}-${width}`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // A consent said: recorded, and what was recorded takes the focus (the form is gone).
    await how.fill("店頭の申込書で記入");
    await drawer.getByTestId("crm-consent-save").click();
    await expect(drawer.getByTestId("crm-consent-done")).toHaveText(said.consentRecorded);
    await expect(drawer.getByTestId("crm-consent-done")).toBeFocused();
    await expect(drawer.getByTestId("crm-consent-state")).toHaveAttribute("data-consent", "opted_in");

    // A tag removed with ×: announced, and the focus comes back to the tag field; then the kept
    // name is added (the field keeps the focus for the next one).
    await drawer.getByRole("button", { name: language === "ja" ? "タグ「t0」を外す" : /t0/ }).click();
    await expect(drawer.getByTestId("crm-tag-done")).toHaveText(said.removed);
    await expect(drawer.getByTestId("crm-tag-done")).toHaveAttribute("role", "status");
    await expect(tagInput).toBeFocused();
    await expect(tagInput).not.toHaveAttribute("aria-invalid");
    await expect(tagInput).toHaveValue("VIP");
    await tagInput.press("Enter");
    await expect(drawer.getByTestId("crm-tag-done")).toHaveText(said.added);
    await expect(tagInput).toBeFocused();
    await expect(tagInput).toHaveValue("");

    // A field removed meanwhile (another tab): the value for it is refused beside it, so said.
    expect((await page.request.delete(`/api/contact-fields/${visitsId}`)).status()).toBe(204);
    await memoInput.fill("窓際の席");
    const visitsInput = drawer.getByTestId(`crm-custom-input-${visitsId}`);
    await visitsInput.fill("3");
    await drawer.getByTestId("crm-custom-fields-save").click();
    await expectRefused(visitsInput, drawer.getByTestId(`crm-custom-error-${visitsId}`), said.fieldRemoved);
    await expect(memoInput).not.toHaveAttribute("aria-invalid");
    await visitsInput.fill("");
    await drawer.getByTestId("crm-custom-fields-save").click();
    const saved = drawer.getByTestId("crm-custom-fields-done");
    await expect(saved).toHaveText(said.fieldsSaved);
    await expect(saved).toBeFocused();
    const contact = (await (await page.request.get(`/api/contacts/${id}`)).json()) as {
      customFields: Record<string, unknown>;
    };
    expect(contact.customFields).toEqual({ [memoId]: "窓際の席" });
  });

  test(`landing AI demo: an empty description is refused beside it; a description leads to sign-up, which takes the focus (${language})`, async ({
    page,
  }) => {
    await page
      .context()
      .addInitScript((lang) => window.localStorage.setItem("user_language", lang), language);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    const demo = page.getByTestId("ai-demo");
    const description = demo.getByTestId("demo-description");
    // Before its script runs the form leans on the browser's own check (required); after, it
    // says so itself (novalidate).
    await expect(demo.locator("form")).toHaveAttribute("novalidate", "");
    await demo.getByTestId("demo-generate").click();
    await expectRefused(description, demo.getByTestId("demo-description-error"), said.demoRequired);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await seriousViolations(page, "#demo")).toEqual([]);
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await demo.locator("form").screenshot({ path: shot(`demo-${language}-${width}`) });
    }

    await description.fill("札幌の小さなラーメン店です。");
    await expect(demo.getByTestId("demo-description-error")).toHaveCount(0);
    await expect(description).not.toHaveAttribute("aria-invalid");
    await demo.getByTestId("demo-generate").click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await expect(page.getByTestId("auth-demo-kept")).toBeFocused();
  });
}
