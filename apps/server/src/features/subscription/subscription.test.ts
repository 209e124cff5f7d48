import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe("subscription", () => {
  it("lists the four plans with integer JPY prices and site limits, to anyone", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/subscription/plans" });
    expect(res.statusCode).toBe(200);
    const plans = res.json() as { id: string; priceJpy: number; websiteLimit: number; features: string[] }[];
    expect(plans.map((p) => [p.id, p.priceJpy, p.websiteLimit])).toEqual([
      ["starter", 4980, 1],
      ["business", 14980, 3],
      ["enterprise", 19980, 5],
      ["white_label", 39800, 20],
    ]);
    for (const p of plans) expect(p.features.length).toBeGreaterThan(0);
  });

  it("shows a new account's trial and needs sign-in", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/subscription/status" })).statusCode).toBe(401);
    const { client, user } = await signedInClient(ctx.app);
    const res = await client.get("/api/subscription/status");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plan: "trial",
      subscriptionStatus: "trialing",
      websiteCount: 0,
      websiteLimit: 1,
      trialEndsAt: user.trialEndsAt,
      subscriptionEndsAt: null,
    });
  });

  it("reflects a plan set by an operator", async () => {
    const { client, email } = await signedInClient(ctx.app);
    await ctx.app.services.auth.setPlan(email, "business");
    expect((await client.get("/api/subscription/status")).json()).toMatchObject({
      plan: "business",
      subscriptionStatus: "active",
      websiteLimit: 3,
    });
  });
});
