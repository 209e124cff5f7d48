import { describe, expect, it } from "vitest";
import { extractFacts } from "./extract.ts";

describe("extractFacts", () => {
  it("reads a typical Japanese restaurant description", () => {
    const f = extractFacts(
      "渋谷で20年続く家族経営のラーメン店です。醤油ラーメンと餃子が人気、営業は11時〜22時、水曜定休。",
    );
    expect(f.place).toBe("渋谷");
    expect(f.services).toEqual(["醤油ラーメン", "餃子"]);
    expect(f.hours).toEqual([{ opens: "11:00", closes: "22:00" }]);
    expect(f.closedDays).toEqual([3]);
    expect(f.name).toBeUndefined();
    expect(f.tradeNoun).toBe("ラーメン店");
  });

  it("reads quoted names, wards, lists and phone numbers", () => {
    const f = extractFacts(
      "「さくら法律事務所」は大阪市北区の法律事務所です。相続、離婚、企業法務のご相談を承ります。電話 06-1234-5678",
    );
    expect(f.name).toBe("さくら法律事務所");
    expect(f.place).toBe("大阪市北区");
    expect(f.services).toEqual(["相続", "離婚", "企業法務"]);
    expect(f.phone).toBe("06-1234-5678");
  });

  it("reads English descriptions", () => {
    const f = extractFacts(
      "Blue Door Bakery is a small bakery in Kyoto. We sell sourdough, croissants and coffee. Open 8:00-17:00, closed on Mondays. Mail hello@bluedoor.jp or call +81 75 123 4567.",
    );
    expect(f.name).toBe("Blue Door Bakery");
    expect(f.place).toBe("Kyoto");
    expect(f.services).toEqual(["sourdough", "croissants", "coffee"]);
    expect(f.hours).toEqual([{ opens: "08:00", closes: "17:00" }]);
    expect(f.closedDays).toEqual([1]);
    expect(f.email).toBe("hello@bluedoor.jp");
    expect(f.phone).toBe("+81 75 123 4567");
  });

  it("reads 店名, 時半, mobile numbers and 年中無休", () => {
    const f = extractFacts("店名は喫茶みどりです。10時半〜18時、年中無休。090-1234-5678");
    expect(f.name).toBe("喫茶みどり");
    expect(f.hours).toEqual([{ opens: "10:30", closes: "18:00" }]);
    expect(f.openEveryDay).toBe(true);
    expect(f.phone).toBe("090-1234-5678");
  });

  it("never invents what is not there", () => {
    const f = extractFacts("小さなお店をやっています");
    expect(f).toMatchObject({
      name: undefined,
      place: undefined,
      phone: undefined,
      email: undefined,
      services: [],
      hours: [],
    });
  });

  it("does not read years or ranges as opening hours", () => {
    expect(extractFacts("Founded 2010-2020 by 3-5 people").hours).toEqual([]);
  });

  it.each([
    [
      "pl",
      "Kancelaria Nowak to kancelaria adwokacka w Krakowie. Zajmujemy się prawem rodzinnym, spadkami i umowami. Tel. +48 12 345 67 89, czynne 9:00-17:00.",
      {
        name: "Kancelaria Nowak",
        place: "Kraków",
        services: ["prawem rodzinnym", "spadkami", "umowami"],
        phone: "+48 12 345 67 89",
      },
    ],
    [
      "ro",
      "Cabinetul Popescu este un cabinet de avocatură în Cluj-Napoca. Program 9:00-17:00, închis sâmbătă și duminică.",
      { name: "Cabinetul Popescu", place: "Cluj-Napoca", closedDays: [0, 6] },
    ],
    [
      "ms",
      "Kedai Makan Ali ialah restoran keluarga di Kuala Lumpur. Kami menyediakan nasi lemak, mee goreng dan teh tarik. Buka 7:00-22:00, tutup hari Isnin.",
      {
        name: "Kedai Makan Ali",
        place: "Kuala Lumpur",
        services: ["nasi lemak", "mee goreng", "teh tarik"],
        closedDays: [1],
      },
    ],
    [
      "id",
      "Toko Bunga Melati adalah toko bunga di Bandung. Kami menjual buket bunga, tanaman hias dan kado. Buka setiap hari 8:00-20:00.",
      {
        name: "Toko Bunga Melati",
        place: "Bandung",
        services: ["buket bunga", "tanaman hias", "kado"],
        openEveryDay: true,
      },
    ],
  ])("reads a %s description", (_lang, text, expected) => {
    expect(extractFacts(text)).toMatchObject(expected);
  });
});
