import { beforeEach, describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatJpy,
  formatNumber,
  formatPercent,
  formatShortDate,
  formatTime,
} from "./format";
import { i18n } from "./i18n";

describe("format", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("ja");
  });

  it("shows dates in ja-JP format in Tokyo time for Japanese", () => {
    expect(formatDate("2025-01-15T00:00:00Z")).toBe("2025年1月15日");
    // 23:30 UTC is already the next day in Tokyo.
    expect(formatDate("2025-01-15T23:30:00Z")).toBe("2025年1月16日");
    expect(formatDateTime("2025-01-15T00:00:05Z")).toBe("2025/01/15 09:00:05");
    expect(formatDate("not a date")).toBe("");
  });

  it("writes dates the way each interface language does, still in Tokyo time", () => {
    const renewal = "2026-12-24T15:30:00Z"; // 25 December in Tokyo
    expect(formatDate(renewal, "ja")).toBe("2026年12月25日");
    expect(formatDate(renewal, "en")).toBe("25 December 2026");
    expect(formatDate(renewal, "pl")).toBe("25 grudnia 2026");
    expect(formatDate(renewal, "ro")).toBe("25 decembrie 2026");
    expect(formatDate(renewal, "ms")).toBe("25 Disember 2026");
    expect(formatDate(renewal, "id")).toBe("25 Desember 2026");
    expect(formatDateTime(renewal, "en")).toBe("25/12/2026, 00:30:00");
    expect(formatShortDate("2025-01-05", "en")).toBe("05/01");
    expect(formatShortDate("2025-01-05", "pl")).toBe("5.01");
  });

  it("follows the interface language when none is given", async () => {
    await i18n.changeLanguage("en");
    try {
      expect(formatDate("2026-12-24T15:30:00Z")).toBe("25 December 2026");
      expect(formatNumber(12345)).toBe("12,345");
      await i18n.changeLanguage("pl");
      expect(formatDate("2026-12-24T15:30:00Z")).toBe("25 grudnia 2026");
      // Polish groups with a no-break space.
      expect(formatNumber(12345)).toBe("12\u00a0345");
    } finally {
      await i18n.changeLanguage("ja");
    }
    expect(formatDate("2026-12-24T15:30:00Z")).toBe("2026年12月25日");
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
