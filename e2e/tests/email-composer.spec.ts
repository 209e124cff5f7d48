import { expect, registerThroughApi, test } from "./fixtures";

/** Screenshots of the new parts, for people to look at (not compared). */
const shot = (name: string) => `test-results/email-composer-${name}.png`;

// Issue 22: the block composer (a template, a button's address) and the segment picker (a tag,
// the count of who it reaches), then the MJML-rendered preview in the send dialog.
test("composes a newsletter from a template for a tagged segment, and previews the rendered email", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerThroughApi(page);
  const contact = async (email: string, lastName: string, consentText?: string) =>
    (
      await page.request.post("/api/contacts", {
        data: { email, lastName, firstName: "様", ...(consentText ? { consentText } : {}) },
      })
    ).json() as Promise<{ id: string }>;
  for (const [email, name, consent] of [
    ["aoki@example.com", "青木", "店頭で同意"],
    ["inoue@example.com", "井上", "店頭で同意"],
    ["ueda@example.com", "上田", undefined],
  ] as const) {
    const { id } = await contact(email, name, consent);
    await page.request.put(`/api/contacts/${id}/tags`, { data: { tags: ["常連"] } });
  }
  await contact("guest@example.com", "江藤", "店頭で同意");

  await page.goto("/email");
  await page.getByTestId("campaign-create-open").click();
  const dialog = page.getByTestId("campaign-dialog");
  await dialog.getByTestId("campaign-name").fill("冬の特典");
  await dialog.getByTestId("campaign-type").click();
  await page.getByTestId("campaign-type-newsletter").click();
  await dialog.getByTestId("campaign-subject").fill("{{lastName}}様 冬の特典のご案内");
  await dialog.getByTestId("content-mode-blocks").check();
  await dialog.getByTestId("composer-template-offer").click();
  await expect(dialog.getByTestId("composer-block")).toHaveCount(3);
  await dialog.getByTestId("composer-button-href").fill("https://sakura.example.jp/winter");

  const picker = dialog.getByTestId("segment-picker");
  await picker.getByTestId("segment-mode").selectOption("custom");
  await expect(picker.getByTestId("segment-count")).toContainText("3人に届きます");
  await picker.getByTestId("segment-tag-常連").check({ force: true });
  await expect(picker.getByTestId("segment-count")).toContainText("2人に届きます（条件に合う3人のうち");

  await dialog.getByTestId("block-composer").screenshot({ path: shot("composer-1440") });
  await picker.screenshot({ path: shot("segments-1440") });
  await page.setViewportSize({ width: 375, height: 812 });
  await dialog.getByTestId("block-composer").screenshot({ path: shot("composer-375") });
  await picker.screenshot({ path: shot("segments-375") });
  await page.setViewportSize({ width: 1440, height: 900 });

  await dialog.getByTestId("campaign-submit").click();
  await expect(dialog).toBeHidden();
  const row = page.locator('[data-testid="campaign-row"][data-campaign-name="冬の特典"]');
  await row.getByTestId("campaign-toggle").click();
  const send = page.getByTestId("campaign-send-dialog");
  await expect(send.getByTestId("campaign-audience-included")).toContainText("2人");
  const frame = send.frameLocator('[data-testid="campaign-preview-frame"]');
  await expect(frame.locator("body")).toContainText("様だけの特別なご案内");
  await expect(frame.getByRole("link", { name: "対象の商品を見る" })).toHaveAttribute(
    "href",
    "https://sakura.example.jp/winter",
  );
  await page.screenshot({ path: shot("preview-1440") });
});
