import { describe, expect, it } from "vitest";
import { inferIndustry } from "./infer-industry.ts";

describe("inferIndustry", () => {
  it.each([
    ["渋谷の小さなラーメン屋です", "restaurant"],
    ["駅前の居酒屋を営んでいます", "restaurant"],
    ["大阪の弁護士事務所です", "legal"],
    ["司法書士として相続登記を扱っています", "legal"],
    ["世田谷の歯科医院です", "healthcare"],
    ["整骨院を開業しています", "healthcare"],
    ["税理士事務所です。確定申告を承ります", "finance"],
    ["横浜の不動産会社です", "real-estate"],
    ["子ども向けの学習塾です", "education"],
    ["ロゴのデザインと写真撮影をしています", "creative"],
    ["業務システムとアプリの開発をしています", "technology"],
    ["雑貨を販売する小さなショップです", "retail"],
    ["中小企業向けのコンサルティング", "consulting"],
  ])("ja: %s → %s", (text, expected) => {
    expect(inferIndustry(text)).toBe(expected);
  });

  it.each([
    ["A family ramen restaurant in Osaka", "restaurant"],
    ["We are a small law firm helping with contracts", "legal"],
    ["A dental clinic for the whole family", "healthcare"],
    ["Bookkeeping and tax returns for freelancers", "finance"],
    ["Real estate agency for rentals in Tokyo", "real-estate"],
    ["English tutoring school for kids", "education"],
    ["Brand design and photography studio", "creative"],
    ["We build software and mobile apps", "technology"],
    ["A boutique selling handmade goods", "retail"],
  ])("en: %s → %s", (text, expected) => {
    expect(inferIndustry(text)).toBe(expected);
  });

  it.each([
    ["pl", "Rodzinna restauracja z pierogami w Krakowie", "restaurant"],
    ["pl", "Kancelaria adwokacka w Warszawie", "legal"],
    ["pl", "Biuro rachunkowe dla małych firm", "finance"],
    ["ro", "Cabinet de avocatură în București", "legal"],
    ["ro", "Clinică stomatologică în Cluj", "healthcare"],
    ["ro", "Agenție imobiliară pentru apartamente", "real-estate"],
    ["ms", "Kedai makan keluarga di Kuala Lumpur", "restaurant"],
    ["ms", "Pusat tuisyen untuk pelajar sekolah", "education"],
    ["ms", "Firma perakaunan dan cukai", "finance"],
    ["id", "Warung makan masakan Padang di Jakarta", "restaurant"],
    ["id", "Toko pakaian dan aksesori", "retail"],
    ["id", "Jasa desain grafis dan foto produk", "creative"],
  ])("%s: %s → %s", (_lang, text, expected) => {
    expect(inferIndustry(text)).toBe(expected);
  });

  it("falls back to consulting when nothing matches", () => {
    expect(inferIndustry("よろしくお願いします")).toBe("consulting");
    expect(inferIndustry("Hello there")).toBe("consulting");
  });
});
