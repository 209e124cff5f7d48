import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatJpy,
  formatNumber,
  formatPercent,
  formatShortDate,
  formatTime,
} from "./format";

describe("format", () => {
  it("shows dates in ja-JP format in Tokyo time", () => {
    expect(formatDate("2025-01-15T00:00:00Z")).toBe("2025年1月15日");
    // 23:30 UTC is already the next day in Tokyo.
    expect(formatDate("2025-01-15T23:30:00Z")).toBe("2025年1月16日");
    expect(formatDateTime("2025-01-15T00:00:05Z")).toBe("2025/01/15 09:00:05");
    expect(formatDate("not a date")).toBe("");
  });

  it("formats integer yen", () => {
    expect(formatJpy(4980)).toBe("¥4,980");
    expect(formatJpy(39800)).toBe("¥39,800");
    expect(formatJpy(0)).toBe("¥0");
  });

  it("shows chart days as short ja-JP dates, the Tokyo calendar day given", () => {
    expect(formatShortDate("2025-01-05")).toBe("1/5");
    expect(formatShortDate("2025-12-31")).toBe("12/31");
    expect(formatTime("2025-01-15T00:00:05Z")).toBe("09:00:05");
  });

  it("groups numbers and writes percentages the way the interface language does", () => {
    expect(formatNumber(12345, "ja")).toBe("12,345");
    expect(formatNumber(12345, "id")).toBe("12.345");
    expect(formatPercent(3.2, "ja")).toBe("3.2%");
    expect(formatPercent(3.2, "pl")).toBe("3,2%");
    expect(formatPercent(80, "en", 0)).toBe("80%");
  });
});
