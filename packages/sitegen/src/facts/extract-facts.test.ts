import { describe, expect, it } from "vitest";
import { priceText } from "../copy/facts-text.ts";
import { readDescription } from "./extract-facts.ts";
import { extractFounded } from "./founded.ts";
import { detectLanguage } from "./language.ts";
import { extractPrices } from "./money.ts";
import { extractPhone } from "./phone.ts";
import { placeIn } from "./places.ts";
import { normalizeText } from "./text.ts";

const read = (text: string) => readDescription(text).facts;
const items = (text: string) => read(text).items.map((i) => i.name);

describe("founding year", () => {
  it.each([
    ["創業明治四十二年の老舗です", 1909],
    ["大正元年創業", 1912],
    ["昭和四十五年に開業しました", 1970],
    ["平成15年設立", 2003],
    ["令和元年オープン", 2019],
    ["2012年開業", 2012],
    ["Since 1999 we bake bread", 1999],
    ["Działamy od 1995 roku", 1995],
    ["Firmă fondată în 2004", 2004],
    ["Beroperasi sejak 1980", 1980],
  ])("%s", (text, year) => {
    expect(extractFounded(normalizeText(text))?.year).toBe(year);
  });

  it("is not a duration, a price or a future year", () => {
    for (const text of ["開業して二十年になります", "2,000円のコース", "since 2999"]) {
      expect(extractFounded(normalizeText(text)), text).toBeUndefined();
    }
  });
});

describe("phone numbers", () => {
  it.each([
    ["お電話は03-5555-0123まで", ["JP"], "03-5555-0123", "+81355550123"],
    ["フリーダイヤル0120-000-111", ["JP"], "0120-000-111", "+81120000111"],
    ["携帯 080-1111-2222", ["JP"], "080-1111-2222", "+818011112222"],
    ["tel. 22 123 45 67", ["PL"], "22 123 45 67", "+48221234567"],
    ["Telefon: 0722 111 222", ["RO"], "0722 111 222", "+40722111222"],
    ["Hubungi 03-7956 1234", ["MY"], "03-7956 1234", "+60379561234"],
    ["WA 0811-2222-3333", ["ID"], "0811-2222-3333", "+6281122223333"],
    ["Call +81 6-6666-7777", ["MY"], "+81 6-6666-7777", "+81666667777"],
  ] as const)("%s", (text, countries, written, e164) => {
    expect(extractPhone(normalizeText(text), [...countries])).toMatchObject({ text: written, e164 });
  });

  it("reads a Japanese number in an English text about Tokyo, a Malaysian one about Penang", () => {
    expect(read("Small bar in Shibuya, Tokyo. Call 03-1234-0000.").phone).toBe("03-1234-0000");
    expect(read("Nasi kandar shop in Penang. Call 04-226 1111.").phone).toBe("04-226 1111");
  });

  it("does not take prices, postal codes or years for phone numbers", () => {
    expect(read("〒150-0001 渋谷区神宮前1-2-3。コース 12,800円。2019年開業").phone).toBeNull();
  });
});

describe("prices", () => {
  const prices = (text: string) =>
    extractPrices(normalizeText(text)).map((p) => [
      p.label,
      p.price.amount,
      p.price.currency,
      p.price.taxIncluded,
      p.price.from,
    ]);
  it.each([
    ["ランチセット 1,200円", [["ランチセット", 1200, "JPY", true, false]]],
    ["カット ¥4,000〜", [["カット", 4000, "JPY", true, true]]],
    ["体験は2,000円（税抜）です", [["体験", 2000, "JPY", false, false]]],
    [
      "パーマ 8,000円／カラー 6,000円（すべて税抜）",
      [
        ["パーマ", 8000, "JPY", false, false],
        ["カラー", 6000, "JPY", false, false],
      ],
    ],
    ["初回カウンセリングは無料です", [["初回カウンセリング", 0, "JPY", true, false]]],
    ["Lunch set ¥1,500", [["Lunch set", 1500, "JPY", true, false]]],
    ["Zestaw obiadowy: 1500 jenów", [["Zestaw obiadowy", 1500, "JPY", true, false]]],
    // "60 min" is what the price is for: the unit, apart from the name.
    ["Masaż 60 min – 200 zł", [["Masaż", 200, "PLN", true, false]]],
    ["Meniul zilei costă 45 lei", [["Meniul zilei", 45, "RON", true, false]]],
    ["Nasi lemak RM8", [["Nasi lemak", 8, "MYR", true, false]]],
    ["Paket hemat Rp25.000", [["Paket hemat", 25000, "IDR", true, false]]],
  ])("%s", (text, expected) => {
    expect(prices(text)).toEqual(expected);
  });

  // A recurring fee keeps its period (shown per language), and 万 amounts are read.
  it.each([
    ["法人顧問 月額 30,000円〜（税抜）", ["法人顧問", 30000, "month"]],
    ["記帳代行：月額20,000円", ["記帳代行", 20000, "month"]],
    ["顧問料 月額3万円", ["顧問料", 30000, "month"]],
    ["決算申告 15万円〜", ["決算申告", 150000, undefined]],
    ["相続税申告 32万5000円", ["相続税申告", 325000, undefined]],
    ["保守契約 年額 120,000円", ["保守契約", 120000, "year"]],
    ["Bookkeeping 20,000 yen per month", ["Bookkeeping", 20000, "month"]],
    ["Payroll ¥5,000/month", ["Payroll", 5000, "month"]],
  ])("%s", (text, [label, amount, period]) => {
    const [found] = extractPrices(normalizeText(text));
    expect([found?.label, found?.price.amount, found?.price.period]).toEqual([label, amount, period]);
  });
});

describe("prices as each language shows them", () => {
  const monthly = {
    amount: 30000,
    currency: "JPY",
    taxIncluded: false,
    from: true,
    period: "month",
  } as const;
  it.each([
    ["ja", "月額 33,000円〜（税込）（税抜 30,000円）"],
    ["en", "from ¥33,000 (tax incl.) (¥30,000 before tax) per month"],
    ["pl", "miesięcznie"],
    ["ro", "pe lună"],
    ["ms", "sebulan"],
    ["id", "per bulan"],
  ] as const)("%s", (lang, expected) => {
    expect(priceText(monthly, lang)).toContain(expected);
  });
});

describe("names, places and items in six languages", () => {
  it("ja: terse notes with ／ and 、", () => {
    const facts = read(
      "焼き菓子の店 ミモザ／吉祥寺／フィナンシェ、マドレーヌ、季節のタルト／10時〜18時／月曜休み",
    );
    expect(facts).toMatchObject({ name: "焼き菓子の店 ミモザ", place: "吉祥寺" });
    expect(facts.items.map((i) => i.name)).toEqual(["フィナンシェ", "マドレーヌ", "季節のタルト"]);
  });

  it("ja: polite sentences, a name before です and the owner's own trade word", () => {
    const facts = read(
      "はじめまして。名古屋市千種区で小さな鍼灸院を営んでおります、はり灸 しずく庵です。肩こり、腰痛、冷え性のご相談に対応しております。",
    );
    expect(facts).toMatchObject({ name: "はり灸 しずく庵", place: "名古屋市千種区", trade: "鍼灸院" });
    expect(facts.items.map((i) => i.name)).toEqual(["肩こり", "腰痛", "冷え性のご相談"]);
  });

  it("ja: a postal address", () => {
    expect(read("〒530-0001 大阪府大阪市北区梅田1-2-3 梅田ビル2F　TEL 06-1111-2222").address).toBe(
      "〒530-0001 大阪府大阪市北区梅田1-2-3 梅田ビル2F",
    );
  });

  it("en: name before a dash, a place after 'in', a list after 'we offer'", () => {
    const facts = read(
      "Blue Door Bakery – a neighbourhood bakery in Ebisu, Tokyo. We offer sourdough, bagels and cinnamon buns.",
    );
    expect(facts).toMatchObject({ name: "Blue Door Bakery", place: "Ebisu, Tokyo" });
    expect(
      items(
        "Blue Door Bakery – a neighbourhood bakery in Ebisu, Tokyo. We offer sourdough, bagels and cinnamon buns.",
      ),
    ).toEqual(["sourdough", "bagels", "cinnamon buns"]);
  });

  it("pl: a declined city is written in its dictionary form", () => {
    const facts = read("Kwiaciarnia Różany Ogród we Wrocławiu. Bukiety, wieńce i kwiaty cięte.");
    expect(facts.place).toBe("Wrocław");
    expect(facts.items.map((i) => i.name)).toEqual(["Bukiety", "wieńce", "kwiaty cięte"]);
  });

  it("ro: a list after 'Oferim'", () => {
    expect(
      items("Cabinet veterinar Labuș, Cluj-Napoca. Oferim consultații, vaccinări și deparazitări."),
    ).toEqual(["consultații", "vaccinări", "deparazitări"]);
  });

  it("ms: a list joined with 'dan'", () => {
    const facts = read("Kedai Roti Mak Som, Ipoh. Roti canai, roti telur dan teh tarik.");
    expect(facts).toMatchObject({ name: "Kedai Roti Mak Som", place: "Ipoh" });
    expect(facts.items.map((i) => i.name)).toEqual(["Roti canai", "roti telur", "teh tarik"]);
  });

  it("id: a list after 'Layanan:'", () => {
    expect(items("Salon Cantik di Bogor. Layanan: potong rambut, creambath, dan smoothing.")).toEqual([
      "potong rambut",
      "creambath",
      "smoothing",
    ]);
  });

  it("a one-line description gives no invented items, name or contact", () => {
    expect(read("Kwiaciarnia w Gdańsku.")).toMatchObject({ name: null, phone: null, email: null, items: [] });
    expect(read("鎌倉で小さな雑貨屋をしています。")).toMatchObject({ name: null, items: [], place: "鎌倉" });
  });
});

describe("language and places", () => {
  it.each([
    ["渋谷のカフェです。", "ja"],
    ["A small cafe in Shibuya with the best coffee.", "en"],
    ["Mała kawiarnia w Krakowie, czynne codziennie.", "pl"],
    ["O cafenea mică în Iași, deschis zilnic.", "ro"],
    ["Kedai kopi kecil di Ipoh, buka setiap hari kecuali Isnin.", "ms"],
    ["Kedai kopi kecil di Bogor, buka jam 7 pagi, libur hari Senin.", "id"],
  ] as const)("%s is %s", (text, lang) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it("writes a place in each site language, or leaves it out", () => {
    expect(placeIn("en", "東京")).toBe("Tokyo");
    expect(placeIn("pl", "東京")).toBe("Tokio");
    expect(placeIn("en", "渋谷区")).toBe("Shibuya");
    expect(placeIn("ja", "Kuala Lumpur")).toBe("クアラルンプール");
    expect(placeIn("en", "Krakowie")).toBe("Kraków");
    // No safe romanisation of an unknown town: generated sentences leave it out.
    expect(placeIn("en", "東御市")).toBeUndefined();
    expect(placeIn("ja", "Cimanggis")).toBeUndefined();
  });
});

describe("industry", () => {
  it.each([
    ["ヨガスタジオ「ナギ」です。ハタヨガ、産後ヨガ。", "healthcare"],
    ["自動車の修理工場です。車検、板金。", "retail"],
    ["Family-run inn in Hakone with hot springs.", "restaurant"],
    ["Biuro rachunkowe w Łodzi, pełna księgowość.", "finance"],
    ["Kelas memasak untuk kanak-kanak di Shah Alam.", "education"],
    ["Jasa desain logo untuk UMKM.", "creative"],
  ])("%s → %s", (text, industry) => {
    expect(readDescription(text).industry).toBe(industry);
  });
});
