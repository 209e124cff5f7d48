import { describe, expect, it } from "vitest";
import { isUpgrade, PLANS, PURCHASABLE_PLANS } from "./plans.ts";

describe("plan catalogue", () => {
  it("sells the four plans of the spec at their JPY prices and site limits", () => {
    expect(PURCHASABLE_PLANS.map((p) => [p.id, p.priceJpy, p.websiteLimit])).toEqual([
      ["starter", 4980, 1],
      ["business", 14980, 3],
      ["enterprise", 19980, 5],
      ["white_label", 39800, 20],
    ]);
    expect(PURCHASABLE_PLANS.filter((p) => p.recommended).map((p) => p.id)).toEqual(["enterprise"]);
    expect(PLANS.trial.priceJpy).toBe(0);
  });

  it("follows the upgrade order", () => {
    expect(isUpgrade("trial", "starter")).toBe(true);
    expect(isUpgrade("trial", "white_label")).toBe(true);
    expect(isUpgrade("business", "starter")).toBe(false);
    expect(isUpgrade("enterprise", "white_label")).toBe(true);
    expect(isUpgrade("white_label", "white_label")).toBe(false);
    expect(isUpgrade("starter", "trial")).toBe(false);
  });
});
