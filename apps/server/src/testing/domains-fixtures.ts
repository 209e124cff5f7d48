import type { TOwnerContactInput } from "@shobai/shared";
import { expect } from "vitest";
import { signedInClient, type TestContext } from "./test-app";

/** Fixtures shared by the domain, custom-domain and registrar tests. */

export const SITES_DOMAIN = "sites.shobai.jp";
export const PLATFORM_IP = "203.0.113.10";

/** A business description the website generator accepts. */
export const RAMEN = {
  businessDescription:
    "「Sakura Ramen」は渋谷の家族経営のラーメン店です。醤油ラーメンと餃子が人気。営業は11時〜22時、水曜定休。",
  languages: ["ja", "en"],
};

/** A domain owner contact as the registration form sends it (mixed-case email, full-width postal code). */
export const ownerContact = (overrides: Partial<TOwnerContactInput> = {}) => ({
  firstName: "花子",
  lastName: "佐藤",
  email: "Hanako@Example.jp",
  phone: "03-1234-5678",
  address: "渋谷1-2-3",
  city: "渋谷区",
  state: "東京都",
  postalCode: "１５０－０００２",
  ...overrides,
});

export type TestSite = { id: string; slug: string; name: string };

/** Lets an owner register domains without Stripe: a paid plan, billed on the operator's invoice. */
export async function mayBuyDomains(ctx: TestContext, email: string) {
  await ctx.app.services.auth.setPlan(email, "business");
  await ctx.app.services.purchases.setInvoiceBilled(email, true);
}

/** A new signed-in owner with one generated website, on `plan` (the site is made on business). */
export async function ownerWithSite(ctx: TestContext, plan: "trial" | "starter" | "business" = "business") {
  const owner = await signedInClient(ctx.app);
  await ctx.app.services.auth.setPlan(owner.email, "business");
  const res = await owner.client.post("/api/websites/generate", RAMEN);
  expect(res.statusCode).toBe(201);
  if (plan !== "business") await ctx.app.services.auth.setPlan(owner.email, plan);
  // Domains are bought (decision 0042); these tests register on the operator's invoice (no Stripe).
  await ctx.app.services.purchases.setInvoiceBilled(owner.email, true);
  return { ...owner, site: res.json() as TestSite };
}
