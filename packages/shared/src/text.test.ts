import { describe, expect, it } from "vitest";
import {
  CONTROL_CHARACTER_ISSUE,
  controlCharacterProblem,
  findControlCharacter,
  stripControlCharacters,
  zText,
} from "./text.ts";

describe("zText", () => {
  const line = zText("name").trim().max(100);
  const lines = zText("note", { multiline: true }).trim();

  it("accepts ordinary text, Japanese and emoji (surrogate pairs)", () => {
    for (const text of ["Sakura Ramen", "佐藤 花子", "ラーメン🍜", "a\u00a0b", "x\u200by"]) {
      expect(line.parse(text)).toBe(text);
    }
  });

  it.each([
    ["NUL", "a\u0000b"],
    ["bell", "a\u0007b"],
    ["escape", "a\u001bb"],
    ["DEL", "a\u007fb"],
    ["a line break", "a\nb"],
    ["a tab", "a\tb"],
    ["a lone high surrogate", "a\ud83cb"],
    ["a lone low surrogate", "a\udf5cb"],
    ["a surrogate at the end", "ab\ud83c"],
  ])("refuses %s in one-line text with the control_character issue", (_name, text) => {
    const result = line.safeParse(text);
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.code).toBe("custom");
    expect((issue as { params?: { code?: string } }).params?.code).toBe(CONTROL_CHARACTER_ISSUE);
    expect(issue?.message).toMatch(/^name must not contain .* \(U\+[0-9A-F]{4} at position \d+\)$/);
  });

  it("allows line breaks and tabs only in multi-line text, never NUL", () => {
    expect(lines.parse("one\r\ntwo\tthree")).toBe("one\r\ntwo\tthree");
    expect(lines.safeParse("one\u0000two").success).toBe(false);
    expect(lines.safeParse("one\u000btwo").success).toBe(false);
  });

  it("checks the text as sent, before trimming", () => {
    expect(line.safeParse("name\u0000").success).toBe(false);
    expect(line.safeParse("\u0000").success).toBe(false);
  });

  it("names a missing field as required and another type as not text", () => {
    expect(line.safeParse(undefined).error?.issues[0]?.message).toBe("name is required");
    expect(line.safeParse(42).error?.issues[0]?.message).toBe("name must be text");
  });
});

describe("control characters", () => {
  it("finds the first refused character", () => {
    expect(findControlCharacter("abc")).toBe(-1);
    expect(findControlCharacter("ab\u0000c")).toBe(2);
    expect(findControlCharacter("🍜\n", { multiline: true })).toBe(-1);
    expect(controlCharacterProblem("q", "a\u0000")).toBe(
      "q must not contain a control character (U+0000 at position 2)",
    );
  });

  it("strips them, keeping surrogate pairs and (multi-line) line breaks", () => {
    expect(stripControlCharacters("a\u0000b\u007f🍜\ud83c\n")).toBe("ab🍜");
    expect(stripControlCharacters("a\u0000\r\nb\t", { multiline: true })).toBe("a\r\nb\t");
    const plain = "nothing to strip";
    expect(stripControlCharacters(plain)).toBe(plain);
  });
});
