import { describe, expect, it } from "vitest";
import { linksIn, toUri } from "./render";

describe("finding the owner's addresses in a text", () => {
  it.each([
    ["メニューは https://shop.example.jp/menuをご覧ください。", ["https://shop.example.jp/menu"]],
    ["https://shop.example.jp/menu。次の行", ["https://shop.example.jp/menu"]],
    [
      "（https://shop.example.jp/a）と【https://shop.example.jp/b】",
      ["https://shop.example.jp/a", "https://shop.example.jp/b"],
    ],
    ["予約は https://例え.jp/予約 から", ["https://例え.jp/予約"]],
    ["See https://shop.example/page.", ["https://shop.example/page"]],
    ["See (https://en.wikipedia.org/wiki/Foo_(bar)).", ["https://en.wikipedia.org/wiki/Foo_(bar)"]],
    ["https://shop.example/{{firstName}}", ["https://shop.example/"]],
    ["検索 https://shop.example/?q=ラーメン&page=2、どうぞ", ["https://shop.example/?q=ラーメン&page=2"]],
    ["http:// だけ", []],
  ])("%s", (text, expected) => {
    expect(linksIn(text)).toEqual(expected);
  });

  it("turns an address as written into a URI a Location header takes", () => {
    expect(toUri("https://例え.jp/予約?日=土曜")).toBe(
      "https://xn--r8jz45g.jp/%E4%BA%88%E7%B4%84?%E6%97%A5=%E5%9C%9F%E6%9B%9C",
    );
    expect(toUri("javascript:alert(1)")).toBeNull();
    expect(toUri("not a url")).toBeNull();
  });
});
