import { describe, expect, it } from "vitest";
import { scoreItem, summarize, type TEvalItem } from "./measure.ts";

const item: TEvalItem = {
  id: "t-1",
  lang: "en",
  description:
    "Kopi Lane Café – George Town, Penang. Kaya toast and nasi lemak. Open 8am–6pm, closed Tuesdays. Tel +60 4-261 2345",
  facts: {
    name: "Kopi Lane Café",
    place: "George Town, Penang",
    services: ["Kaya toast", "nasi lemak"],
    phone: "+60 4-261 2345",
    email: null,
    hours: [{ opens: "08:00", closes: "18:00" }],
    closedDays: [2],
    prices: [],
    founded: null,
    industry: ["restaurant"],
  },
};

describe("scoreItem", () => {
  it("finds every stated fact on a faithful page and nothing invented", () => {
    const page =
      "Kopi Lane Café\nKaya toast\nNasi lemak\nGeorge Town, Penang\n8:00–18:00\nClosed: Tuesday\n+60 4‑261 2345";
    const score = scoreItem(item, page.replace(/\u2011/g, "-"), "restaurant");
    expect(score.missing).toEqual([]);
    expect(score.invented).toEqual([]);
    expect(score.industryFirst).toBe(true);
  });

  it("counts what is missing and what the owner never wrote", () => {
    const page = "Kopi Lane\nKaya toast\nOpen 9:00–18:00\nCall 04-999 0000\nSet lunch RM 25\nSince 1999.";
    const score = scoreItem(item, page, "retail");
    expect(score.missing).toEqual([
      "services: nasi lemak",
      "name: Kopi Lane Café",
      "place: George Town, Penang",
      "phone: +60 4-261 2345",
      'hours: [{"opens":"08:00","closes":"18:00"}]',
      "closedDays: 2",
    ]);
    expect(score.invented).toEqual(["phone 04-999 0000", "price 25", "time 9:00", "year 1999"]);
    expect(score.industryAny).toBe(false);
    const summary = summarize([score]);
    expect(summary.facts.services).toEqual({ found: 1, asked: 2 });
    expect(summary.invented).toBe(4);
  });
});
