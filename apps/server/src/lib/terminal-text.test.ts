import { describe, expect, it } from "vitest";
import { terminalSafe } from "./terminal-text";

describe("terminalSafe", () => {
  it("shows escape sequences, line breaks and tabs as text instead of obeying them", () => {
    expect(terminalSafe("Ken\u001b]0;pwned\u0007\u001b[2J")).toBe("Ken\\u{1b}]0;pwned\\u{7}\\u{1b}[2J");
    expect(terminalSafe("a\r\nb\tc")).toBe("a\\u{d}\\u{a}b\\u{9}c");
    expect(terminalSafe("\u009b31m")).toBe("\\u{9b}31m");
    expect(terminalSafe("evil\u202egnp.exe")).toBe("evil\\u{202e}gnp.exe");
  });

  it("keeps ordinary text, Japanese included, as it is", () => {
    expect(terminalSafe("佐藤 花子 <hana@example.jp> 〒150-0002")).toBe(
      "佐藤 花子 <hana@example.jp> 〒150-0002",
    );
    expect(terminalSafe(null)).toBe("");
  });
});
