import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StripeConfig } from "../../config";
import { createStripeGateway } from "../../providers/billing/stripe";
import { type StripePeer, startStripePeer } from "../../testing/stripe-peer";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
import { verifySenderThroughOutbox } from "../../testing/verified-sender";

type Client = Awaited<ReturnType<typeof signedInClient>>["client"];

const DAY = 24 * 60 * 60 * 1000;
const SECRET_KEY = "sk_test_local_shobai";
const WEBHOOK_SECRET = "whsec_local_shobai_test_secret";
const PRICES = {
  starter: "price_starter_jpy",
  business: "price_business_jpy",
  enterprise: "price_enterprise_jpy",
  white_label: "price_white_label_jpy",
};

const RAMEN = {
  businessDescription: "東京・中野のラーメン店「麺屋はなび」です。醤油ラーメンとつけ麺が人気です。",
  businessType: "restaurant",
  targetMarket: "japan",
  languages: ["ja"],
};

/** A campaign's deliveries by status. */
async function deliveryCounts(ctx: TestContext, campaignId: string): Promise<Record<string, number>> {
  const rows = await ctx.db.rows<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM email_deliveries WHERE campaign_id = '${campaignId}' GROUP BY status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

describe("without Stripe", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ email: { tickMs: null } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("lists the four plans with integer JPY prices, site and email limits, to anyone", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/subscription/plans" });
    expect(res.statusCode).toBe(200);
    const plans = res.json() as {
      id: string;
      priceJpy: number;
      websiteLimit: number;
      emailMonthlyLimit: number;
    }[];
    expect(plans.map((p) => [p.id, p.priceJpy, p.websiteLimit, p.emailMonthlyLimit])).toEqual([
      ["starter", 4980, 1, 3000],
      ["business", 14980, 3, 10000],
      ["enterprise", 19980, 5, 30000],
      ["white_label", 39800, 20, 100000],
    ]);
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
      access: "ok",
      cancelAtPeriodEnd: false,
      renewsAt: null,
      scheduledPlan: null,
      emailsSentThisMonth: 0,
      emailMonthlyLimit: 1000,
      emailsSentToday: 0,
      emailDailyLimit: 200,
      // Photo storage (issue 19): the trial keeps 200 MB.
      mediaUsedBytes: 0,
      mediaQuotaBytes: 200 * 1024 * 1024,
      billing: { configured: false, portal: false },
    });
    expect(Date.parse(user.trialEndsAt) - Date.now()).toBeGreaterThan(13.9 * DAY);
  });

  it("reflects a plan set by an operator", async () => {
    const { client, email } = await signedInClient(ctx.app);
    await ctx.app.services.auth.setPlan(email, "business");
    expect((await client.get("/api/subscription/status")).json()).toMatchObject({
      plan: "business",
      subscriptionStatus: "active",
      websiteLimit: 3,
      emailMonthlyLimit: 10000,
    });
  });

  it("says billing is not set up (503), validates the plan, and needs sign-in", async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/subscription/create-checkout-session", { planId: "business" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: "billing_not_configured",
      message: expect.stringContaining("not set up"),
    });
    for (const planId of ["trial", "gold", 3]) {
      expect((await client.post("/api/subscription/create-checkout-session", { planId })).statusCode).toBe(
        400,
      );
    }
    expect((await client.post("/api/subscription/portal-session")).statusCode).toBe(503);
    const anonymous = await ctx.app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout-session",
      payload: { planId: "business" },
    });
    expect(anonymous.statusCode).toBe(401);
    const hook = await ctx.app.inject({
      method: "POST",
      url: "/api/billing/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      payload: "{}",
    });
    expect(hook.statusCode).toBe(503);
  });
});

describe("with Stripe (a local server speaking its API)", () => {
  let ctx: TestContext;
  let peer: StripePeer;
  let clock = new Date();
  const nowSeconds = () => Math.floor(clock.getTime() / 1000);

  beforeAll(async () => {
    peer = await startStripePeer({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      prices: [
        { id: PRICES.starter, unitAmount: 4980, currency: "jpy" },
        { id: PRICES.business, unitAmount: 14980, currency: "jpy" },
        { id: PRICES.enterprise, unitAmount: 19980, currency: "jpy" },
        { id: PRICES.white_label, unitAmount: 39800, currency: "jpy" },
      ],
      nowSeconds,
    });
    const stripe: StripeConfig = {
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      prices: PRICES,
      apiBase: peer.url,
    };
    ctx = await createTestApp({
      stripe,
      now: () => clock,
      email: { tickMs: null },
      appUrl: "http://shobai.test",
    });
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    peer.setWebhookUrl(
      `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/billing/webhook`,
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await peer?.close();
  });

  const status = async (client: Client) => (await client.get("/api/subscription/status")).json();
  const checkout = (client: Client, planId: string) =>
    client.post("/api/subscription/create-checkout-session", { planId });

  /** Posts a signed event through a real socket, the way Stripe does. */
  async function send(event: Record<string, unknown>, sign: { timestamp?: number; secret?: string } = {}) {
    const payload = JSON.stringify(event);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/billing/webhook",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": peer.sign(payload, sign),
      },
      payload,
    });
    return { status: res.statusCode, body: res.json() as { outcome?: string; code?: string } };
  }

  /** A subscription at the peer that belongs to the user, as after a checkout (no events sent). */
  function subscriptionFor(
    userId: string,
    plan: keyof typeof PRICES,
    customer = `cus_test_${userId.slice(0, 8)}`,
  ) {
    return peer.newSubscription(customer, PRICES[plan], { userId, planId: plan });
  }

  it("opens a Checkout session in JPY for the user and the plan", async () => {
    const { client, user } = await signedInClient(ctx.app);
    const res = await checkout(client, "business");
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(new RegExp(`^${peer.url}/pay/cs_test_\\w+$`));
    const request = peer.requests.findLast((r) => r.path === "/v1/checkout/sessions");
    expect(request?.body).toMatchObject({
      mode: "subscription",
      currency: "jpy",
      client_reference_id: user.id,
      customer_email: user.email,
      locale: "ja",
      line_items: [{ price: PRICES.business, quantity: "1" }],
      metadata: { userId: user.id, planId: "business" },
      subscription_data: { metadata: { userId: user.id, planId: "business" } },
      success_url: "http://shobai.test/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://shobai.test/pricing?checkout=canceled",
    });
    expect(request?.idempotencyKey).toBeTruthy();
    // Nothing changes until Stripe says the payment went through.
    expect(await status(client)).toMatchObject({
      plan: "trial",
      billing: { configured: true, portal: false },
    });
  });

  it("names the operator's registration number (jp_trn) on Stripe's invoices; a refusal never blocks a payment", async () => {
    const warnings: string[] = [];
    const gateway = createStripeGateway(
      { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: PRICES, apiBase: peer.url },
      { invoiceNumber: "T7000012050002", warn: (m) => warnings.push(m) },
    );
    const request = {
      userId: "u1",
      email: "owner@example.jp",
      customerId: null,
      planId: "business" as const,
      language: "ja" as const,
      successUrl: "http://shobai.test/ok",
      cancelUrl: "http://shobai.test/no",
    };
    const lastCheckout = () => peer.requests.findLast((r) => r.path === "/v1/checkout/sessions")?.body;
    // Stripe is down for the tax id: the checkout goes on without it, and says why in the log.
    peer.failNext(500, "api_error", "Something went wrong", {}, 3, "/v1/tax_ids");
    await gateway.createCheckoutSession(request);
    expect(lastCheckout()?.subscription_data).toEqual({ metadata: { userId: "u1", planId: "business" } });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("T7000012050002");
    // The next checkout tries again: the tax id is made once and named on the subscription's invoices.
    await gateway.createCheckoutSession(request);
    const made = [...peer.taxIds.values()].filter((t) => t.value === "T7000012050002");
    expect(made).toMatchObject([{ type: "jp_trn", owner: { type: "self" } }]);
    expect(lastCheckout()?.subscription_data).toMatchObject({
      invoice_settings: { account_tax_ids: [made[0]?.id] },
    });
    await gateway.createCheckoutSession(request);
    // Another process (a fresh gateway) finds the same tax id instead of making a second one.
    const other = createStripeGateway(
      { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: PRICES, apiBase: peer.url },
      { invoiceNumber: "T7000012050002" },
    );
    await other.createCheckoutSession(request);
    expect([...peer.taxIds.values()].filter((t) => t.value === "T7000012050002")).toHaveLength(1);
    expect(peer.requests.filter((r) => r.method === "POST" && r.path === "/v1/tax_ids")).toHaveLength(1);
    expect(warnings).toHaveLength(1);
  });

  it("buys a plan end to end: checkout, webhooks, upgrade at once, billing portal", async () => {
    const { client, user } = await signedInClient(ctx.app);
    const { url } = (await checkout(client, "business")).json() as { url: string };
    const sessionId = url.split("/").pop() as string;
    const { subscription, successUrl } = await peer.completeCheckout(sessionId);
    expect(successUrl).toBe(`http://shobai.test/subscription?checkout=success&session_id=${sessionId}`);
    expect(peer.delivered.slice(-3).map((d) => d.status)).toEqual([200, 200, 200]);
    const periodEnd = (subscription.items as { data: { current_period_end: number }[] }).data[0]
      ?.current_period_end;
    expect(await status(client)).toMatchObject({
      plan: "business",
      subscriptionStatus: "active",
      websiteLimit: 3,
      access: "ok",
      renewsAt: new Date(Number(periodEnd) * 1000).toISOString(),
      billing: { configured: true, portal: true },
    });

    // Upgrades follow the spec's order: not the current plan, not a smaller one.
    for (const planId of ["business", "starter"]) {
      const refused = await checkout(client, planId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe("plan_not_upgrade");
    }
    const upgrade = await checkout(client, "enterprise");
    expect(upgrade.json()).toEqual({ url: "http://shobai.test/subscription?checkout=upgraded" });
    const update = peer.requests.findLast(
      (r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscription.id}`,
    );
    expect(update?.body).toMatchObject({
      proration_behavior: "always_invoice",
      items: [{ price: PRICES.enterprise }],
      metadata: { planId: "enterprise", userId: user.id },
    });
    // At once, before the webhook that follows.
    expect(await status(client)).toMatchObject({ plan: "enterprise", websiteLimit: 5 });
    await expect.poll(() => peer.delivered.at(-1)?.type).toBe("customer.subscription.updated");
    expect((await status(client)).plan).toBe("enterprise");

    const portal = await client.post("/api/subscription/portal-session");
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(new RegExp(`^${peer.url}/portal/bps_test_\\w+$`));
    expect(peer.requests.findLast((r) => r.path === "/v1/billing_portal/sessions")?.body).toMatchObject({
      customer: subscription.customer,
      return_url: "http://shobai.test/subscription",
      locale: "ja",
    });
  });

  it("a smaller plan chosen within a paid period starts at the next billing date", async () => {
    const { client, user } = await signedInClient(ctx.app);
    const sub = subscriptionFor(user.id, "enterprise");
    await send(peer.event("customer.subscription.created", structuredClone(sub)));
    const first = await status(client);
    expect(first).toMatchObject({ plan: "enterprise", scheduledPlan: null });

    await peer.changePrice(String(sub.id), PRICES.starter);
    expect(await status(client)).toMatchObject({
      plan: "enterprise",
      websiteLimit: 5,
      scheduledPlan: "starter",
      renewsAt: first.renewsAt,
    });

    await peer.renew(String(sub.id));
    const renewed = await status(client);
    expect(renewed).toMatchObject({ plan: "starter", websiteLimit: 1, scheduledPlan: null });
    expect(Date.parse(renewed.renewsAt)).toBeGreaterThan(Date.parse(first.renewsAt));
  });

  it("turns Stripe's failures into clear answers and changes nothing", async () => {
    const { client } = await signedInClient(ctx.app);
    peer.failNext(402, "card_error", "Your card was declined.", { code: "card_declined" });
    const declined = await checkout(client, "starter");
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ code: "payment_failed", message: "Your card was declined." });
    peer.failNext(500, "api_error", "Something went wrong on Stripe's end.", {}, 3);
    const down = await checkout(client, "starter");
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toContain("try again");
    peer.failNext(401, "invalid_request_error", "Invalid API Key provided.");
    const badKey = await checkout(client, "starter");
    expect(badKey.statusCode).toBe(503);
    expect(badKey.json().message).toContain("STRIPE_SECRET_KEY");
    expect(badKey.json().message).not.toContain(SECRET_KEY);
    expect((await client.post("/api/subscription/portal-session")).statusCode).toBe(409);
    expect((await status(client)).plan).toBe("trial");
  });

  it("refuses a bad signature, an old timestamp and a replay; a good event changes the plan", async () => {
    const { client, user } = await signedInClient(ctx.app);
    const sub = subscriptionFor(user.id, "starter");
    const created = peer.event("customer.subscription.created", sub);
    const wrong = await send(created, { secret: "whsec_someone_else" });
    expect(wrong.status).toBe(400);
    const old = await send(created, { timestamp: nowSeconds() - 301 });
    expect(old.status).toBe(400);
    expect(old.body.code).toBe("validation_error");
    const unsigned = await ctx.app.inject({
      method: "POST",
      url: "/api/billing/webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(created),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await status(client)).plan).toBe("trial");
    const rows = await ctx.db.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM billing_events WHERE id = '${created.id}'`,
    );
    expect(rows[0]?.n).toBe(0);

    expect(await send(created)).toEqual({ status: 200, body: { received: true, outcome: "applied" } });
    expect(await status(client)).toMatchObject({ plan: "starter", subscriptionStatus: "active" });

    // The same event again changes nothing, even after a newer one moved the state on.
    clock = new Date(clock.getTime() + 5_000);
    sub.status = "past_due";
    expect((await send(peer.event("customer.subscription.updated", sub))).body.outcome).toBe("applied");
    expect((await status(client)).subscriptionStatus).toBe("past_due");
    expect((await send(created)).body.outcome).toBe("duplicate");
    expect((await status(client)).subscriptionStatus).toBe("past_due");
    clock = new Date();
  });

  it("ends in Stripe's state whatever order the events come in", async () => {
    const { client, user } = await signedInClient(ctx.app);
    const sub = subscriptionFor(user.id, "business");
    const item = (sub.items as { data: { price: { id: string } }[] }).data[0] as { price: { id: string } };
    const created = peer.event("customer.subscription.created", structuredClone(sub));
    // The owner moves up to White Label; a payment fails and is then paid. Four events whose
    // payloads each tell an older part of the story.
    item.price.id = PRICES.white_label;
    const updated = peer.event("customer.subscription.updated", structuredClone(sub));
    sub.status = "past_due";
    const failed = peer.event("invoice.payment_failed", peer.invoiceFor(sub, "open"));
    sub.status = "active";
    const paid = peer.event("invoice.paid", peer.invoiceFor(sub, "paid"));
    for (const event of [paid, failed, created, updated])
      expect((await send(event)).body.outcome).toBe("applied");
    expect(await status(client)).toMatchObject({ plan: "white_label", subscriptionStatus: "active" });
    expect((await send(failed)).body.outcome).toBe("duplicate");

    // A renewal fails: past_due, and the account keeps working while Stripe retries.
    await peer.failPayment(String(sub.id));
    expect(await status(client)).toMatchObject({ subscriptionStatus: "past_due", access: "ok" });
    // An old "active" payload arriving late does not hide that.
    expect(
      (await send(peer.event("customer.subscription.updated", structuredClone({ ...sub, status: "active" }))))
        .status,
    ).toBe(200);
    expect((await status(client)).subscriptionStatus).toBe("past_due");

    // Stripe gives up: the subscription ends, and a late update does not bring it back.
    await peer.endSubscription(String(sub.id));
    expect((await send(updated)).body.outcome).toBe("duplicate");
    expect(
      (await send(peer.event("customer.subscription.updated", structuredClone({ ...sub, status: "active" }))))
        .status,
    ).toBe(200);
    expect(await status(client)).toMatchObject({ plan: "white_label", subscriptionStatus: "canceled" });
  });

  it("cancellation keeps service to the period's end, then blocks creation but keeps the data", async () => {
    const { client, user } = await signedInClient(ctx.app);
    const sub = subscriptionFor(user.id, "business");
    expect((await send(peer.event("customer.subscription.created", structuredClone(sub)))).status).toBe(200);
    const site = await client.post("/api/websites/generate", RAMEN);
    expect(site.statusCode).toBe(201);

    // Cancelled in the portal: still business until the period ends.
    await peer.cancelAtPeriodEnd(String(sub.id));
    const periodEnd = (sub.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end;
    const cancelled = await status(client);
    expect(cancelled).toMatchObject({
      plan: "business",
      subscriptionStatus: "active",
      cancelAtPeriodEnd: true,
      renewsAt: null,
      access: "ok",
      subscriptionEndsAt: new Date(periodEnd * 1000).toISOString(),
    });
    expect((await client.post("/api/websites/generate", RAMEN)).statusCode).toBe(201);

    // The period ends; Stripe deletes the subscription.
    clock = new Date(periodEnd * 1000);
    await peer.endSubscription(String(sub.id));
    clock = new Date(periodEnd * 1000 + 60_000);
    const ended = await status(client);
    expect(ended).toMatchObject({
      plan: "business",
      subscriptionStatus: "canceled",
      access: "subscription_ended",
    });
    const refused = await client.post("/api/websites/generate", RAMEN);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("plan_required");
    expect(refused.json().message).toContain("kept");
    expect((await client.get("/api/websites")).json()).toHaveLength(2);

    // Any plan may be bought again, the one that ended included.
    expect((await checkout(client, "business")).statusCode).toBe(200);
    clock = new Date();
  });

  it("a second checkout replaces the first subscription, which stops billing", async () => {
    const { client, user } = await signedInClient(ctx.app);
    const first = subscriptionFor(user.id, "starter", "cus_test_two_checkouts");
    await send(peer.event("customer.subscription.created", structuredClone(first)));
    clock = new Date(clock.getTime() + 2_000);
    const second = subscriptionFor(user.id, "enterprise", "cus_test_two_checkouts");
    expect(
      (await send(peer.event("customer.subscription.created", structuredClone(second)))).body.outcome,
    ).toBe("applied");
    expect((await status(client)).plan).toBe("enterprise");
    await expect.poll(() => peer.subscriptions.get(String(first.id))?.status).toBe("canceled");
    // Its deletion event arrives and changes nothing for the account.
    await expect.poll(() => peer.delivered.at(-1)?.type).toBe("customer.subscription.deleted");
    expect(await status(client)).toMatchObject({ plan: "enterprise", subscriptionStatus: "active" });
    clock = new Date();
  });

  it("ignores events it does not act on and events of other or deleted accounts", async () => {
    const { client, user } = await signedInClient(ctx.app, { password: "correct horse battery" });
    expect(
      (await send(peer.event("customer.created", { id: "cus_x", object: "customer" }))).body.outcome,
    ).toBe("ignored");
    const stranger = subscriptionFor("no-such-user", "white_label", "cus_test_stranger");
    expect((await send(peer.event("customer.subscription.created", stranger))).body.outcome).toBe("ignored");

    const sub = subscriptionFor(user.id, "starter", "cus_test_deleted_account");
    await send(peer.event("customer.subscription.created", structuredClone(sub)));
    expect((await client.delete("/api/profile", { password: "correct horse battery" })).statusCode).toBe(200);
    // Deleting the account ends the subscription at Stripe.
    await expect.poll(() => peer.subscriptions.get(String(sub.id))?.status).toBe("canceled");
    const late = await send(
      peer.event("customer.subscription.updated", { ...structuredClone(sub), status: "active" }),
    );
    expect(late.body.outcome).toBe("ignored");
  });

  it("bills a workspace of its own separately, and deleting it ends its subscription at Stripe", async () => {
    clock = new Date();
    const { client, user } = await signedInClient(ctx.app);
    const made = await client.post("/api/team/workspaces", { name: "Second shop" });
    expect(made.statusCode).toBe(201);
    const { workspaceId } = made.json() as { workspaceId: string };
    // The webhook names the workspace that bought (Stripe's metadata), not the person.
    const sub = subscriptionFor(workspaceId, "enterprise", "cus_test_team_ws");
    expect((await send(peer.event("customer.subscription.created", structuredClone(sub)))).body.outcome).toBe(
      "applied",
    );
    expect(await status(client)).toMatchObject({ plan: "enterprise", subscriptionStatus: "active" });
    // The person's own workspace keeps its trial.
    await client.post(`/api/workspaces/${user.id}/activate`, {});
    expect(await status(client)).toMatchObject({ plan: "trial" });
    await client.post(`/api/workspaces/${workspaceId}/activate`, {});

    expect((await client.delete("/api/team", { name: "Second shop" })).statusCode).toBe(200);
    await expect.poll(() => peer.subscriptions.get(String(sub.id))?.status).toBe("canceled");
    expect(await ctx.db.rows(`select 1 from billing_accounts where user_id = '${workspaceId}'`)).toEqual([]);
    // A late event for the deleted workspace changes nothing.
    const late = await send(
      peer.event("customer.subscription.updated", { ...structuredClone(sub), status: "active" }),
    );
    expect(late.body.outcome).toBe("ignored");
  });
});

describe("the end of a trial and the email allowance", () => {
  let ctx: TestContext;
  let clock = new Date();
  beforeAll(async () => {
    ctx = await createTestApp({
      email: { tickMs: null, now: () => clock },
      publicUrl: "http://shobai.test",
      now: () => clock,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  let senders = 0;
  /** A fresh address each time: one verification mail per address and hour. */
  async function verifiedSender(client: Client, email = `shop${++senders}@example.jp`) {
    await verifySenderThroughOutbox(ctx.app, client, email, "http://shobai.test");
    return email;
  }

  it("a trial that ends keeps everything but blocks new websites and campaigns until a plan is chosen", async () => {
    const { client, user, email } = await signedInClient(ctx.app);
    const from = await verifiedSender(client);
    expect((await client.post("/api/websites/generate", RAMEN)).statusCode).toBe(201);
    await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "太郎",
      lastName: "鈴木",
      email: "taro@example.jp",
    });
    const campaign = (
      await client.post("/api/email-campaigns", {
        name: "お知らせ",
        type: "newsletter",
        subject: "新メニュー",
        content: "こんにちは",
        fromEmail: from,
      })
    ).json();
    await client.delete(`/api/websites/${(await client.get("/api/websites")).json()[0].id}`);

    clock = new Date(Date.parse(user.trialEndsAt) + 1000);
    expect((await client.get("/api/subscription/status")).json()).toMatchObject({
      plan: "trial",
      subscriptionStatus: "trialing",
      access: "trial_ended",
    });
    const site = await client.post("/api/websites/generate", RAMEN);
    expect(site.statusCode).toBe(403);
    expect(site.json()).toEqual({
      code: "plan_required",
      message: expect.stringContaining("free trial has ended"),
    });
    const start = await client.patch(`/api/email-campaigns/${campaign.id}`, { isActive: true });
    expect(start.statusCode).toBe(403);
    expect(start.json().code).toBe("plan_required");
    const one = await client.post("/api/email/send", {
      to: "taro@example.jp",
      subject: "件名",
      content: "本文",
      fromEmail: from,
    });
    expect(one.statusCode).toBe(403);
    // The data is all still there.
    expect((await client.get("/api/contacts")).statusCode).toBe(200);
    expect((await client.get("/api/email-campaigns")).json()).toHaveLength(1);

    await ctx.app.services.auth.setPlan(email, "starter");
    expect((await client.post("/api/websites/generate", RAMEN)).statusCode).toBe(201);
    expect((await client.patch(`/api/email-campaigns/${campaign.id}`, { isActive: true })).statusCode).toBe(
      200,
    );
    clock = new Date();
  });

  it("sends no more than the plan's monthly emails; the rest wait for an upgrade", async () => {
    const { client, user, email } = await signedInClient(ctx.app);
    const from = await verifiedSender(client);
    for (let i = 0; i < 5; i++) {
      await client.post("/api/contacts", {
        consentText: "店頭の申込書で同意",
        firstName: `客${i}`,
        lastName: "山田",
        email: `guest${i}@example.jp`,
      });
    }
    // Mid-month (Tokyo): 997 of the trial's 1,000 emails went out earlier this month, none today
    // (the daily limit is another test's), and 50 last month, which do not count.
    const now = new Date();
    const tokyo = new Date(now.getTime() + 9 * 3600_000);
    clock = new Date(Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth(), 15, 3));
    const earlier = new Date(clock.getTime() - 3 * 86_400_000).toISOString();
    const lastMonth = new Date(clock.getTime() - 40 * 86_400_000).toISOString();
    await ctx.db.rows(`
      INSERT INTO email_deliveries (id, owner_id, to_address, status, due_at, token, sent_at)
      SELECT gen_random_uuid()::text, '${user.id}', 'past' || g || '@example.jp', 'sent', now(), md5(g::text), '${earlier}'::timestamptz
      FROM generate_series(1, 997) g`);
    await ctx.db.rows(`
      INSERT INTO email_deliveries (id, owner_id, to_address, status, due_at, token, sent_at)
      SELECT gen_random_uuid()::text, '${user.id}', 'old' || g || '@example.jp', 'sent', now(), md5('o' || g), '${lastMonth}'::timestamptz
      FROM generate_series(1, 50) g`);
    expect((await client.get("/api/subscription/status")).json()).toMatchObject({
      emailsSentThisMonth: 997,
      emailMonthlyLimit: 1000,
    });
    const campaign = (
      await client.post("/api/email-campaigns", {
        name: "お知らせ",
        type: "newsletter",
        subject: "新メニュー",
        content: "こんにちは",
        fromEmail: from,
      })
    ).json();
    await client.patch(`/api/email-campaigns/${campaign.id}`, { isActive: true });
    await ctx.app.services.campaigns.tick();
    const counts = () => deliveryCounts(ctx, campaign.id);
    expect(await counts()).toEqual({ sent: 3, pending: 2 });
    const one = await client.post("/api/email/send", {
      to: "guest0@example.jp",
      subject: "件名",
      content: "本文",
      fromEmail: from,
    });
    expect(one.statusCode).toBe(403);
    expect(one.json()).toEqual({
      code: "email_limit",
      message: expect.stringContaining("1,000 emails a month"),
    });

    await ctx.app.services.auth.setPlan(email, "starter");
    await ctx.app.services.campaigns.tick();
    expect(await counts()).toEqual({ sent: 5 });
    expect((await client.get("/api/subscription/status")).json().emailsSentThisMonth).toBe(1002);
    expect(
      (
        await client.post("/api/email/send", {
          to: "guest0@example.jp",
          subject: "件名",
          content: "本文",
          fromEmail: from,
        })
      ).statusCode,
    ).toBe(200);
    clock = new Date();
  });

  it("sends no more than the plan's daily emails: the rest go out the next day (Tokyo)", async () => {
    const { client, user, email } = await signedInClient(ctx.app);
    await ctx.app.services.auth.setPlan(email, "starter");
    const from = await verifiedSender(client);
    for (let i = 0; i < 4; i++) {
      await client.post("/api/contacts", {
        consentText: "店頭の申込書で同意",
        firstName: `客${i}`,
        lastName: "山田",
        email: `day${i}@example.jp`,
      });
    }
    // 10:00 in Tokyo; 998 of the starter plan's 1,000 a day already went out this morning.
    const tokyo = new Date(Date.now() + 9 * 3600_000);
    clock = new Date(Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth(), 15, 1));
    const morning = new Date(clock.getTime() - 3600_000).toISOString();
    await ctx.db.rows(`
      INSERT INTO email_deliveries (id, owner_id, to_address, status, due_at, token, sent_at)
      SELECT gen_random_uuid()::text, '${user.id}', 'am' || g || '@example.jp', 'sent', now(), md5('d' || g), '${morning}'::timestamptz
      FROM generate_series(1, 998) g`);
    expect((await client.get("/api/subscription/status")).json()).toMatchObject({
      emailsSentToday: 998,
      emailDailyLimit: 1000,
    });
    const campaign = (
      await client.post("/api/email-campaigns", {
        name: "朝のお知らせ",
        type: "newsletter",
        subject: "本日のおすすめ",
        content: "こんにちは",
        fromEmail: from,
      })
    ).json();
    await client.patch(`/api/email-campaigns/${campaign.id}`, { isActive: true });
    await ctx.app.services.campaigns.tick();
    const counts = () => deliveryCounts(ctx, campaign.id);
    expect(await counts()).toEqual({ sent: 2, pending: 2 });
    const one = await client.post("/api/email/send", {
      to: "day0@example.jp",
      subject: "件名",
      content: "本文",
      fromEmail: from,
    });
    expect(one.statusCode).toBe(403);
    expect(one.json().message).toContain("1,000 emails a day");
    // The next morning in Tokyo the rest goes out.
    clock = new Date(clock.getTime() + 24 * 3600_000);
    await ctx.app.services.campaigns.tick();
    expect(await counts()).toEqual({ sent: 4 });
    clock = new Date();
  });
});
