import { describe, expect, it } from "vitest";
import {
  contactSearchText,
  formatContactName,
  formatContactNameWithHonorific,
  normalizeKana,
  searchNeedles,
} from "./contact-names.ts";
import { contactMatches } from "./crm.ts";

const sasaki = {
  firstName: "花子",
  lastName: "佐々木",
  firstNameKana: "ハナコ",
  lastNameKana: "ササキ",
  company: "株式会社みどり",
  companyKana: "カブシキガイシャミドリ",
  email: "hanako@midori.example.jp",
  phone: "090-1234-5678",
  status: "new" as const,
};

describe("contact names", () => {
  it("orders a name by its script, not by the interface language", () => {
    expect(formatContactName({ firstName: "花子", lastName: "佐々木" })).toBe("佐々木 花子");
    expect(formatContactName({ firstName: "John", lastName: "Smith" })).toBe("John Smith");
    expect(formatContactName({ firstName: "", lastName: "佐々木" })).toBe("佐々木");
    expect(formatContactName({ firstName: "", lastName: "", company: "株式会社みどり" })).toBe(
      "株式会社みどり",
    );
    expect(formatContactName({ firstName: "", lastName: "", email: "a@b.jp" })).toBe("a@b.jp");
  });

  it("adds 様 to a person and 御中 to a company addressed as a whole", () => {
    expect(formatContactNameWithHonorific(sasaki)).toBe("佐々木 花子 様");
    expect(formatContactNameWithHonorific({ firstName: "John", lastName: "Smith" })).toBe("John Smith 様");
    expect(formatContactNameWithHonorific({ firstName: "", lastName: "", company: "みどり商店" })).toBe(
      "みどり商店 御中",
    );
  });

  it("stores readings as full-width katakana", () => {
    expect(normalizeKana("ささき")).toBe("ササキ");
    expect(normalizeKana("ｻｻｷ")).toBe("ササキ");
    expect(normalizeKana(" ササキ ")).toBe("ササキ");
    expect(normalizeKana("sasaki")).toBe("sasaki");
  });
});

describe("search by reading", () => {
  it.each([
    "佐々木",
    "佐々木花子",
    "佐々木 花子",
    "ささき",
    "ササキ",
    "ｻｻｷ",
    "sasaki",
    "SASAKI",
    "ｓａｓａｋｉ",
    "sasaki hanako",
    "hanako",
    "はなこ",
    "みどり",
    "midori",
    "ミドリ",
    "09012345678",
    "090-1234",
    "０９０１２３４",
    "HANAKO@MIDORI",
  ])("finds 佐々木 花子 by %s", (query) => {
    expect(contactMatches(sasaki, query, "all")).toBe(true);
  });

  it.each(["たなか", "tanaka", "佐藤", "080"])("does not find 佐々木 花子 by %s", (query) => {
    expect(contactMatches(sasaki, query, "all")).toBe(false);
  });

  it("keeps a match inside one field and gives romaji its kana as a second needle", () => {
    expect(contactSearchText(sasaki)).not.toContain("ササキ");
    expect(searchNeedles("sasaki")).toEqual(["sasaki", "ささき"]);
    expect(searchNeedles("john")).toEqual(["john"]);
    expect(searchNeedles("03-1234")).toEqual(["03-1234", "031234"]);
    expect(searchNeedles("  ")).toEqual([]);
  });
});
