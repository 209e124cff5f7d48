import { describe, expect, it } from "vitest";
import { toAsciiHostname, toUnicodeHostname } from "./domains";

describe("toUnicodeHostname", () => {
  it("shows internationalised names in Unicode, the way the URL parser encodes them", () => {
    for (const name of ["日本語.jp", "www.さくら.jp", "bücher.de", "münchen.example.com", "☕.example"]) {
      const ascii = toAsciiHostname(name) as string;
      expect(ascii).toMatch(/xn--/);
      expect(toUnicodeHostname(ascii)).toBe(name);
    }
    expect(toUnicodeHostname("xn--wgv71a119e.jp")).toBe("日本語.jp");
    expect(toUnicodeHostname("sakura-ramen.jp")).toBe("sakura-ramen.jp");
  });

  it("shows a name that is not valid punycode or IDNA as it is stored, without throwing", () => {
    for (const name of [
      "xn--a:b.jp",
      "xn--99999999a.jp",
      "xn--zzzzzzzzzzzzzzzzzzzzzzzzzzz.jp",
      "xn--.jp",
      "xn--a-.jp",
      "xn--ls8h-.jp",
      "xn--abc-!!.com",
      // Decodes, but the URL parser encodes the result differently (it lower-cases the A).
      "xn--A-ufa.jp",
    ]) {
      expect(() => toUnicodeHostname(name)).not.toThrow();
      expect(toUnicodeHostname(name)).toBe(name);
    }
  });
});
