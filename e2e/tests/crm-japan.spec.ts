import { expect, registerThroughApi, test } from "./fixtures";

const people = [
  {
    lastName: "佐々木",
    firstName: "花子",
    lastNameKana: "ササキ",
    firstNameKana: "ハナコ",
    company: "株式会社みどり",
    companyKana: "カブシキガイシャミドリ",
    email: "hanako@midori.example.jp",
    phone: "090-1234-5678",
    tags: ["常連", "VIP"],
  },
  {
    firstName: "John",
    lastName: "Smith",
    email: "john.smith@example.com",
    company: "Harbour Cafe",
    tags: ["英語対応"],
  },
  {
    company: "山田工務店",
    companyKana: "ヤマダコウムテン",
    email: "info@yamada-koumuten.example.jp",
    phone: "03-5701-2231",
    tags: [],
  },
];

test.describe("CRM for Japanese names", () => {
  test("finds 佐々木 by her reading, shows Latin names in their order, and looks right at 375 and 1440 px", async ({
    page,
  }, testInfo) => {
    await registerThroughApi(page);
    const field = await page.request.post("/api/contact-fields", {
      data: { label: "来店回数", type: "number" },
    });
    expect(field.status()).toBe(201);
    for (const { tags, ...person } of people) {
      const res = await page.request.post("/api/contacts", { data: person });
      expect(res.status()).toBe(201);
      const { id } = (await res.json()) as { id: string };
      if (tags.length > 0) await page.request.put(`/api/contacts/${id}/tags`, { data: { tags } });
    }
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      await page.goto("/crm");
      await expect(page.getByText("John Smith").first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`crm-list-${width}.png`), fullPage: true });
      await page.getByTestId("crm-search").fill("ささき");
      await expect(page.getByText("John Smith")).toHaveCount(0);
      await expect(page.getByText("佐々木 花子").first()).toBeVisible();
      await page.getByTestId("crm-search").fill("");
      if (width > 400) {
        await page.getByTestId("crm-row-open").first().click();
      } else {
        await page.getByText("佐々木 花子").first().click();
      }
      const drawer = page.getByTestId("crm-drawer");
      await expect(drawer.getByTestId("crm-drawer-name")).toBeVisible();
      await expect(drawer.getByLabel("来店回数")).toBeVisible();
      // The drawer slides in: wait until it has stopped before the picture.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      await page.screenshot({ path: testInfo.outputPath(`crm-drawer-${width}.png`) });
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
    }
  });
});
