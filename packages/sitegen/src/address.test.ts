import { describe, expect, it } from "vitest";
import { extractAddress, formatPostalAddress, normalizeAddress } from "./address.ts";
import { readDescription } from "./facts/extract-facts.ts";

describe("extractAddress: Japanese formats", () => {
  it.each([
    ["〒150-0001 東京都渋谷区神宮前1-2-3 ○○ビル2F", "〒150-0001 東京都渋谷区神宮前1-2-3 ○○ビル2F"],
    ["〒1500001 東京都渋谷区神宮前1-2-3", "〒150-0001 東京都渋谷区神宮前1-2-3"],
    ["〒150-0001　東京都渋谷区神宮前１－２－３", "〒150-0001 東京都渋谷区神宮前1-2-3"],
    ["〒１５０－０００１ 東京都渋谷区神宮前１ー２ー３", "〒150-0001 東京都渋谷区神宮前1-2-3"],
    ["〒150‐0001 東京都渋谷区神宮前1‐2‐3", "〒150-0001 東京都渋谷区神宮前1-2-3"],
    ["〒150−0001 東京都渋谷区神宮前1−2−3", "〒150-0001 東京都渋谷区神宮前1-2-3"],
    ["150-0001 東京都渋谷区神宮前1-2-3", "〒150-0001 東京都渋谷区神宮前1-2-3"],
    ["東京都渋谷区神宮前1-2-3", "東京都渋谷区神宮前1-2-3"],
    ["大阪府大阪市北区梅田1丁目2番3号", "大阪府大阪市北区梅田1丁目2番3号"],
    ["大阪市北区梅田1丁目2-3 梅田スカイタワー15階", "大阪市北区梅田1丁目2-3 梅田スカイタワー15階"],
    ["京都市中京区河原町通三条上る恵比須町123", "京都市中京区河原町通三条上る恵比須町123"],
    ["京都府京都市東山区祇園町南側570番地の8", "京都府京都市東山区祇園町南側570番地の8"],
    ["北海道札幌市中央区北1条西2丁目1番地", "北海道札幌市中央区北1条西2丁目1番地"],
    ["北海道虻田郡倶知安町字山田123-4", "北海道虻田郡倶知安町字山田123-4"],
    ["福岡県福岡市博多区博多駅前2-1-1 3F", "福岡県福岡市博多区博多駅前2-1-1 3F"],
    ["神奈川県横浜市西区みなとみらい2-3-1", "神奈川県横浜市西区みなとみらい2-3-1"],
    [
      "埼玉県さいたま市大宮区桜木町1-7-5 ソニックシティビル",
      "埼玉県さいたま市大宮区桜木町1-7-5 ソニックシティビル",
    ],
    ["渋谷区神宮前三丁目5番2号", "渋谷区神宮前三丁目5番2号"],
    ["東京都港区六本木6-10-1 六本木ヒルズ森タワー 40F", "東京都港区六本木6-10-1 六本木ヒルズ森タワー 40F"],
    ["東京都千代田区丸の内1-1-1 101号室", "東京都千代田区丸の内1-1-1 101号室"],
  ])("%s", (text, expected) => {
    expect(extractAddress(text)).toBe(expected);
  });

  it("reads addresses inside sentences and after labels", () => {
    expect(extractAddress("当店は東京都渋谷区神宮前1-2-3にあります。")).toBe("東京都渋谷区神宮前1-2-3");
    expect(extractAddress("住所：〒150-0001 東京都渋谷区神宮前1-2-3 ○○ビル2F TEL 03-1234-5678")).toBe(
      "〒150-0001 東京都渋谷区神宮前1-2-3 ○○ビル2F",
    );
    expect(extractAddress("所在地 大阪府大阪市北区梅田1-2-3 営業時間 10:00〜19:00")).toBe(
      "大阪府大阪市北区梅田1-2-3",
    );
    expect(extractAddress("本社所在地：渋谷区神宮前1-2-3")).toBe("渋谷区神宮前1-2-3");
    expect(extractAddress("アクセス: 〒530-0001 大阪市北区梅田1-2-3、梅田駅から徒歩5分")).toBe(
      "〒530-0001 大阪市北区梅田1-2-3",
    );
    expect(extractAddress("お店は渋谷区神宮前1-2-3 にあるビルの2階です")).toBe("渋谷区神宮前1-2-3");
  });

  it("reads romanised English addresses", () => {
    expect(extractAddress("Visit us at 1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001.")).toBe(
      "1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001",
    );
    expect(extractAddress("Address: 2-3-1 Umeda, Kita-ku, Osaka-shi, Osaka 530-0001, Japan")).toBe(
      "2-3-1 Umeda, Kita-ku, Osaka-shi, Osaka 530-0001, Japan",
    );
    expect(extractAddress("1 Chome-2-3 Jingumae, Shibuya City, Tokyo 150-0001, Japan")).toBe(
      "1 Chome-2-3 Jingumae, Shibuya City, Tokyo 150-0001, Japan",
    );
    expect(extractAddress("Sakura Bldg. 2F, 1-2-3 Jingumae, Shibuya-ku, Tokyo")).toBe(
      "Sakura Bldg. 2F, 1-2-3 Jingumae, Shibuya-ku, Tokyo",
    );
    expect(extractAddress("１－２－３ Jingumae, Shibuya-ku, Tokyo １５０－０００１")).toBe(
      "1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001",
    );
  });

  it("keeps the other languages' labelled addresses", () => {
    expect(extractAddress("Adres: ul. Floriańska 15, Kraków. Tel. +48 12 345 67 89")).toBe(
      "ul. Floriańska 15, Kraków",
    );
    expect(extractAddress("Alamat: Jalan Sultan 12, Kuala Lumpur")).toBe("Jalan Sultan 12, Kuala Lumpur");
  });
});

describe("extractAddress: text that is not an address", () => {
  it.each([
    "電話 03-1234-5678",
    "お問い合わせは090-1234-5678まで",
    "フリーダイヤル 0120-123-456",
    "TEL:03ー1234ー5678",
    "価格 1,500-2,000円",
    "ランチ 980円、ディナー 150-300円追加",
    "2024-01-15 営業開始",
    "2024年1月15日オープン",
    "営業時間 11:00-22:00",
    "商品番号 123-4567",
    "ISBN 978-4-123-45678-9",
    "渋谷区で20年続くお店です",
    "東京都内で10年営業しています",
    "大阪市の法律事務所です。相続、離婚のご相談を承ります。",
    "Open 9:00-17:00, 3-5 people",
    "Call 150-0001 today",
    "Founded 2010-2020 in Tokyo",
    "Rooms 1-2-3 Available, Book now",
  ])("%s", (text) => {
    expect(extractAddress(text)).toBeUndefined();
  });
});

describe("normalizeAddress and formatPostalAddress", () => {
  it("puts 〒 and the half-width postal code first", () => {
    expect(normalizeAddress("東京都渋谷区神宮前１－２－３ 〒１５０－０００１")).toBe(
      "〒150-0001 東京都渋谷区神宮前1-2-3",
    );
    expect(normalizeAddress("  住所：〒150-0001\n東京都渋谷区神宮前1-2-3  ")).toBe(
      "〒150-0001 東京都渋谷区神宮前1-2-3",
    );
  });

  it("formats schema.org PostalAddress parts", () => {
    expect(
      formatPostalAddress({
        postalCode: "150-0001",
        addressRegion: "東京都",
        addressLocality: "渋谷区",
        streetAddress: "神宮前1-2-3 ○○ビル2F",
        addressCountry: "JP",
      }),
    ).toBe("〒150-0001 東京都渋谷区神宮前1-2-3 ○○ビル2F");
    expect(
      formatPostalAddress({
        postalCode: "１５００００１",
        addressRegion: "東京都",
        addressLocality: "渋谷区",
        streetAddress: "東京都渋谷区神宮前1-2-3",
      }),
    ).toBe("〒150-0001 東京都渋谷区神宮前1-2-3");
    expect(
      formatPostalAddress({
        postalCode: "150-0001",
        addressRegion: "Tokyo",
        addressLocality: "Shibuya-ku",
        streetAddress: "1-2-3 Jingumae",
        addressCountry: "JP",
      }),
    ).toBe("1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001, Japan");
    expect(formatPostalAddress({ postalCode: "150-0001" })).toBeUndefined();
  });

  it("is what the description reader reports", () => {
    expect(
      readDescription("「みなと歯科」は港区の歯科医院です。住所：〒106-0032 東京都港区六本木6-10-1").facts
        .address,
    ).toBe("〒106-0032 東京都港区六本木6-10-1");
    expect(readDescription("渋谷で20年続くラーメン店です。").facts.address).toBeNull();
  });
});
