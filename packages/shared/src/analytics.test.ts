import { describe, expect, it } from "vitest";
import { collectEventOf, ZCollectEvent } from "./analytics.ts";

/** Values of every JSON type, edge lengths, control characters, surrogates, edge numbers. */
const TEXTS = [
  "",
  "/",
  "/ja/",
  "x".repeat(35),
  "x".repeat(36),
  "x".repeat(500),
  "x".repeat(501),
  "x".repeat(2000),
  "x".repeat(2001),
  "/メニュー/",
  "a\u0000b",
  "a\u001fb",
  "a\u007fb",
  "a\tb",
  "a\nb",
  "😀",
  "a\ud83d",
  "\ude00a",
  "ja-JP",
  "https://www.google.co.jp/",
];
const NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  390,
  100_000,
  100_001,
  86_400_000,
  86_400_001,
  2 ** 53,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.NaN,
];
const OTHERS: unknown[] = [null, true, false, [], ["pageview"], {}, { k: "pageview" }];
const ANY: unknown[] = [...TEXTS, ...NUMBERS, ...OTHERS];

function sameAnswer(input: unknown) {
  const zod = ZCollectEvent.safeParse(input);
  expect(collectEventOf(input), JSON.stringify(input)).toStrictEqual(zod.success ? zod.data : null);
}

describe("collectEventOf", () => {
  it("answers as ZCollectEvent does, for every field and value tried", () => {
    const valid = { k: "leave", p: "/ja/", r: "https://example.jp/", w: 390, l: "ja-JP", d: 42_000 };
    for (const input of ANY) sameAnswer(input);
    for (const key of ["k", "p", "r", "w", "l", "d", "x", "__proto__"]) {
      const { [key as keyof typeof valid]: _left, ...without } = valid;
      sameAnswer(without);
      for (const value of [...ANY, "pageview", "leave", "PAGEVIEW"]) {
        sameAnswer({ ...valid, [key]: value });
        sameAnswer({ k: "pageview", p: "/", [key]: value });
      }
    }
    // As the endpoint meets them: parsed from JSON, with keys it does not know.
    sameAnswer(JSON.parse('{"k":"pageview","p":"/","extra":1,"__proto__":{"w":5}}'));
    sameAnswer(JSON.parse('{"k":"pageview","p":"/","w":1e2}'));
    expect(collectEventOf({ ...valid, extra: 1 })).toStrictEqual(valid);
  });
});
