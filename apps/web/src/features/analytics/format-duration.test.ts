import { describe, expect, it } from "vitest";
import { formatDuration } from "./format-duration";

describe("formatDuration", () => {
  it("writes minutes and seconds the Japanese way", () => {
    expect(formatDuration(65, "ja")).toBe("1分5秒");
    expect(formatDuration(45, "ja")).toBe("45秒");
    expect(formatDuration(3725, "ja")).toBe("1時間2分5秒");
  });

  it("writes m:ss (h:mm:ss past an hour) in the other languages", () => {
    expect(formatDuration(65, "en")).toBe("1:05");
    expect(formatDuration(0, "pl")).toBe("0:00");
    expect(formatDuration(3725, "id")).toBe("1:02:05");
    expect(formatDuration(Number.NaN, "en")).toBe("0:00");
  });
});
