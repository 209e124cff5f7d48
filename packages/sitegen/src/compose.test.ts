import { LANGUAGES } from "@shobai/shared";
import { describe, expect, it } from "vitest";
import { composeSite } from "./compose.ts";
import { ZGenerationInput, ZSiteContent } from "./content-model.ts";

const RAMEN =
  "渋谷で20年続く家族経営のラーメン店です。醤油ラーメンと餃子が人気、営業は11時〜22時、水曜定休。";

function allText(value: unknown): string {
  return JSON.stringify(value);
}

describe("ZGenerationInput", () => {
  it("applies the spec defaults and rejects blank descriptions", () => {
    expect(ZGenerationInput.parse({ businessDescription: " x " })).toEqual({
      businessDescription: "x",
      businessType: "",
      targetMarket: "japan",
      languages: ["ja"],
    });
    expect(ZGenerationInput.safeParse({ businessDescription: "   " }).success).toBe(false);
    expect(ZGenerationInput.safeParse({ businessDescription: "x", languages: ["fr"] }).success).toBe(false);
  });
});

describe("composeSite", () => {
  it("is deterministic", () => {
    const input = { businessDescription: RAMEN, languages: [...LANGUAGES] };
    expect(composeSite(input)).toEqual(composeSite(input));
    expect(allText(composeSite(input))).toBe(allText(composeSite(input)));
  });

  it("keeps the language order, the first being the default", () => {
    const site = composeSite({ businessDescription: RAMEN, languages: ["en", "ja", "pl"] });
    expect(site.languages).toEqual(["en", "ja", "pl"]);
    expect(Object.keys(site.content).sort()).toEqual(["en", "ja", "pl"]);
    expect(site.tagline).toBe(site.content.en?.hero.headline);
    expect(ZSiteContent.parse(site)).toEqual(site);
  });

  it("uses the extracted facts", () => {
    const site = composeSite({
      businessDescription:
        "「さくら歯科」は世田谷区の歯科医院です。一般歯科と小児歯科に対応しています。診療時間 9:00-18:00、日曜休診。電話 03-1234-5678",
      languages: ["ja", "en"],
    });
    expect(site.industry).toBe("healthcare");
    expect(site.businessName).toBe("さくら歯科");
    expect(site.place).toBe("世田谷区");
    expect(site.contact.phone).toBe("03-1234-5678");
    expect(site.contact.hours).toEqual({
      ranges: [{ opens: "09:00", closes: "18:00" }],
      closedDays: [0],
      openEveryDay: false,
    });
    const ja = site.content.ja!;
    expect(ja.offerings.items.map((i) => i.name)).toEqual(["一般歯科", "小児歯科"]);
    expect(allText(ja)).toContain("世田谷区");
    expect(allText(ja)).toContain("9:00〜18:00");
    expect(site.content.en?.hero.headline).toContain("Setagaya");
  });

  it("names the business from the description when it has no name", () => {
    const site = composeSite({ businessDescription: RAMEN });
    expect(site.businessName).toBe("渋谷のラーメン店");
    expect(site.industry).toBe("restaurant");
    expect(site.content.ja?.offerings.title).toBe("メニュー");
  });

  it("invents nothing: no prices, awards, years, reviews or phone numbers", () => {
    for (const businessType of ["", "legal", "creative", "finance", "retail"] as const) {
      const site = composeSite({
        businessDescription: "小さなお店をやっています",
        businessType,
        languages: [...LANGUAGES],
      });
      const text = allText(site.content);
      for (const banned of [
        "¥",
        "円",
        "賞",
        "受賞",
        "award",
        "years",
        "年の実績",
        "No.1",
        "★",
        "reviews",
        "口コミ",
        "certified",
        "%",
      ]) {
        expect(text.toLowerCase()).not.toContain(banned.toLowerCase());
      }
      expect(site.contact).toEqual({});
      expect(text).not.toMatch(/\d{2,}-\d{3,}/);
      expect(site.content.ja?.contact.intro).toContain("お気軽に");
    }
  });

  it("respects the chosen business type over inference", () => {
    expect(composeSite({ businessDescription: RAMEN, businessType: "legal" }).industry).toBe("legal");
  });

  it("names offerings after the trade", () => {
    const title = (businessType: "legal" | "healthcare" | "education" | "real-estate" | "retail") =>
      composeSite({ businessDescription: "テスト", businessType, languages: ["ja", "en"] }).content.en
        ?.offerings.title;
    expect(title("legal")).toBe("Practice areas");
    expect(title("education")).toBe("Courses & programs");
    expect(title("real-estate")).toBe("Properties & services");
    expect(title("retail")).toBe("Products");
  });

  it("welcomes international customers only outside a Japan-only market", () => {
    const japan = composeSite({ businessDescription: RAMEN, targetMarket: "japan" });
    const asia = composeSite({ businessDescription: RAMEN, targetMarket: "asia" });
    expect(allText(japan.content.ja)).not.toContain("海外");
    expect(allText(asia.content.ja)).toContain("海外からのお客さま");
  });

  it("keeps SEO text within limits in every language", () => {
    const site = composeSite({
      businessDescription: `「${"とても長い名前の会社".repeat(10)}」です。`,
      languages: [...LANGUAGES],
    });
    for (const lang of LANGUAGES) {
      const seo = site.content[lang]!.seo;
      expect(Array.from(seo.title).length).toBeLessThanOrEqual(60);
      expect(Array.from(seo.description).length).toBeLessThanOrEqual(160);
    }
  });
});
