import { describe, expect, it } from "vitest";
import {
  canSelectPlan,
  isUpgrade,
  PLANS,
  PURCHASABLE_PLANS,
  planAccess,
  planAllowsCustomDomain,
} from "./plans.ts";

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

describe("plan access (spec FAQ rules)", () => {
  const now = new Date("2026-11-23T00:00:00Z");
  const before = "2026-11-22T23:59:59Z";
  const after = "2026-11-23T00:00:01Z";

  it("a running trial works; an ended one keeps data but is blocked", () => {
    const trial = { plan: "trial", subscriptionStatus: "trialing", subscriptionEndsAt: null };
    expect(planAccess({ ...trial, trialEndsAt: after }, now)).toBe("ok");
    expect(planAccess({ ...trial, trialEndsAt: before }, now)).toBe("trial_ended");
  });

  it("past_due keeps working; canceled works until its period ends", () => {
    const paid = { plan: "business", trialEndsAt: before };
    expect(planAccess({ ...paid, subscriptionStatus: "active", subscriptionEndsAt: null }, now)).toBe("ok");
    expect(planAccess({ ...paid, subscriptionStatus: "past_due", subscriptionEndsAt: null }, now)).toBe("ok");
    expect(planAccess({ ...paid, subscriptionStatus: "canceled", subscriptionEndsAt: after }, now)).toBe(
      "ok",
    );
    expect(planAccess({ ...paid, subscriptionStatus: "canceled", subscriptionEndsAt: before }, now)).toBe(
      "subscription_ended",
    );
    expect(planAccess({ ...paid, subscriptionStatus: "canceled", subscriptionEndsAt: null }, now)).toBe(
      "subscription_ended",
    );
  });

  it("Select Plan goes upwards only, unless nothing runs any more", () => {
    expect(canSelectPlan("business", "ok", "business")).toBe(false);
    expect(canSelectPlan("business", "ok", "starter")).toBe(false);
    expect(canSelectPlan("business", "ok", "white_label")).toBe(true);
    expect(canSelectPlan("business", "subscription_ended", "business")).toBe(true);
    expect(canSelectPlan("trial", "trial_ended", "starter")).toBe(true);
    expect(canSelectPlan("starter", "ok", "trial")).toBe(false);
  });
});

describe("custom domains by plan (decision 0010)", () => {
  it("are a Business-and-up feature that the trial may try", () => {
    expect(planAllowsCustomDomain("trial")).toBe(true);
    expect(planAllowsCustomDomain("starter")).toBe(false);
    expect(planAllowsCustomDomain("business")).toBe(true);
    expect(planAllowsCustomDomain("enterprise")).toBe(true);
    expect(planAllowsCustomDomain("white_label")).toBe(true);
    expect(planAllowsCustomDomain("unknown")).toBe(false);
    expect(PLANS.business.features).toContain("custom_domain");
  });
});
