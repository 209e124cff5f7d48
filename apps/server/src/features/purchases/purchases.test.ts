import type { AddressInfo } from "node:net";
import { invoiceTotals, isInvoiceRegistrationNumber, taxIncludedIn, withTax } from "@shobai/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ownerContact } from "../../testing/domains-fixtures";
import { type RegistrarPeer, startRegistrarPeer } from "../../testing/registrar-peer";
import { type StripePeer, startStripePeer } from "../../testing/stripe-peer";
import { createTestApp, signedInClient, type TestClient, type TestContext } from "../../testing/test-app";

const TOKEN = "pat_purchases_test_0123456789abcdef";
const SECRET_KEY = "sk_test_local_purchases";
const WEBHOOK_SECRET = "whsec_local_purchases_secret";
const DAY = 24 * 60 * 60 * 1000;
// 28.5 EUR × 160 = ¥4,560 at the registrar; ¥5,016 for the customer with 10% tax.
const COST = 4560;
const PRICE = 5016;

const purchase = (domain: string, overrides: Record<string, unknown> = {}) => ({
  domain,
  registrationPeriod: 1,
  ownerContact: ownerContact(),
  nameServers: ["", ""],
  confirmedPriceJpy: PRICE,
  ...overrides,
});

type Ledger = {
  kind: string;
  amount_jpy: number;
  tax_jpy: number;
  stripe_id: string | null;
  domain: string | null;
};

describe("tax and invoice numbers", () => {
  it("validates the registration number with its check digit", () => {
    // The National Tax Agency's own corporate number, 7000012050002.
    expect(isInvoiceRegistrationNumber("T7000012050002")).toBe(true);
    expect(isInvoiceRegistrationNumber("T8000012050002")).toBe(false);
    expect(isInvoiceRegistrationNumber("7000012050002")).toBe(false);
    expect(isInvoiceRegistrationNumber("T700001205000")).toBe(false);
    expect(isInvoiceRegistrationNumber("T70000120500021")).toBe(false);
  });

  it("rounds tax once per rate per invoice, not per line", () => {
    const lines = [
      { description: "a", amountJpy: 105, taxRate: 10 },
      { description: "b", amountJpy: 105, taxRate: 10 },
      { description: "c", amountJpy: 105, taxRate: 10 },
      { description: "food", amountJpy: 1080, taxRate: 8 },
    ];
    // Per line: floor(105×10/110) = 9, three times 27; once on ¥315: floor(28.63) = 28.
    const totals = invoiceTotals(lines);
    expect(totals.byRate).toEqual([
      { taxRate: 10, totalJpy: 315, taxJpy: 28, exclusiveJpy: 287 },
      { taxRate: 8, totalJpy: 1080, taxJpy: 80, exclusiveJpy: 1000 },
    ]);
    expect(totals).toMatchObject({ totalJpy: 1395, taxJpy: 108 });
    expect(withTax(COST)).toBe(PRICE);
    expect(taxIncludedIn(4980)).toBe(452);
  });
});

describe("buying domains", () => {
  let ctx: TestContext;
  let stripe: StripePeer;
  let registrar: RegistrarPeer;
  let clock = new Date("2026-12-01T00:00:00Z");

  beforeAll(async () => {
    registrar = await startRegistrarPeer({
      token: TOKEN,
      currency: "EUR",
      prices: { jp: 28.5, com: 15.55 },
      taken: ["taken.jp"],
    });
    stripe = await startStripePeer({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      prices: [],
      nowSeconds: () => Math.floor(clock.getTime() / 1000),
    });
    ctx = await createTestApp({
      email: { tickMs: null },
      appUrl: "http://shobai.test",
      now: () => clock,
      stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: {}, apiBase: stripe.url },
      registrar: {
        apiToken: TOKEN,
        apiBase: registrar.url,
        currency: "EUR",
        jpyPerUnit: 160,
        timeoutMs: 2000,
      },
      operator: { name: "株式会社商売", invoiceNumber: "T7000012050002" },
    });
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    stripe.setWebhookUrl(
      `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/billing/webhook`,
    );
  });
  beforeEach(() => {
    clock = new Date("2026-12-01T00:00:00Z");
  });
  afterAll(async () => {
    await ctx?.close();
    await stripe?.close();
    await registrar?.close();
  });

  async function paidOwner() {
    const owner = await signedInClient(ctx.app);
    await ctx.app.services.auth.setPlan(owner.email, "business");
    return owner;
  }
  const ledger = (userId: string) =>
    ctx.db.rows<Ledger>(
      `SELECT kind, amount_jpy, tax_jpy, stripe_id, domain FROM ledger_entries WHERE owner_id = '${userId}' ORDER BY created_at, kind`,
    );
  const registrations = (domain: string) =>
    registrar.requests.filter(
      (r) =>
        r.method === "POST" &&
        r.path === "/v5/domain/domains" &&
        (r.body as { fqdn: string }).fqdn === domain,
    );
  async function startPurchase(client: TestClient, domain: string) {
    const res = await client.post("/api/domain/purchase", purchase(domain));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { order: { id: string; status: string }; url: string };
    expect(body.order.status).toBe("pending_payment");
    const sessionId = body.url.split("/pay/")[1] as string;
    return { ...body, sessionId };
  }

  it("refuses the trial (plan rule), with nothing ordered or charged", async () => {
    const { client, user } = await signedInClient(ctx.app);
    const terms = await client.get("/api/domain/purchase-terms");
    expect(terms.json()).toEqual({ allowed: false, reason: "trial", payer: null, taxRate: 10 });
    const res = await client.post("/api/domain/purchase", purchase("trial-shop.jp"));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "domain_purchase_not_allowed" });
    // The old one-click registration is closed too.
    const old = await client.post("/api/domain/register", purchase("trial-shop.jp"));
    expect(old.statusCode).toBe(403);
    expect(registrations("trial-shop.jp")).toHaveLength(0);
    expect(await ledger(user.id)).toEqual([]);
  });

  it("shows the tax-inclusive price and refuses a purchase at a price not confirmed", async () => {
    const { client } = await paidOwner();
    const search = await client.get("/api/domain/search/hanabi-ramen.jp");
    expect(search.json()).toMatchObject({ available: true, price: PRICE, priceExcludingTax: COST });
    const res = await client.post(
      "/api/domain/purchase",
      purchase("hanabi-ramen.jp", { confirmedPriceJpy: COST }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "price_changed" });
  });

  it("pay → registered once, with the charge and the registrar order in the ledger and a receipt", async () => {
    const { client, user } = await paidOwner();
    const { order, sessionId } = await startPurchase(client, "sakura-ramen.jp");
    const created = stripe.requests.find(
      (r) => r.path === "/v1/checkout/sessions" && r.body.mode === "payment",
    );
    expect(created?.body).toMatchObject({
      mode: "payment",
      currency: "jpy",
      line_items: [
        { price_data: { unit_amount: String(PRICE), tax_behavior: "inclusive", currency: "jpy" } },
      ],
      metadata: { kind: "domain_order", orderId: order.id },
    });
    // Stripe's own invoice carries the operator's registration number as the account's jp_trn tax id,
    // made once on the account and named on the invoice.
    const taxIds = [...stripe.taxIds.values()];
    expect(taxIds).toMatchObject([{ type: "jp_trn", value: "T7000012050002", owner: { type: "self" } }]);
    expect(created?.body).toMatchObject({
      invoice_creation: { enabled: "true", invoice_data: { account_tax_ids: [taxIds[0]?.id] } },
    });
    // Before payment nothing is asked of the registrar.
    expect(registrations("sakura-ramen.jp")).toHaveLength(0);
    await stripe.completeCheckout(sessionId);
    expect(registrations("sakura-ramen.jp")).toHaveLength(1);
    // The owner's return from the payment page and a replayed webhook change nothing.
    const back = await client.get(`/api/domain/orders/${order.id}`);
    expect(back.json()).toMatchObject({ status: "registered", amountJpy: PRICE, taxJpy: 456 });
    const session = stripe.sessions.get(sessionId) as Record<string, unknown>;
    await stripe.deliver(stripe.event("checkout.session.completed", structuredClone(session)));
    expect(registrations("sakura-ramen.jp")).toHaveLength(1);
    const domains = (await client.get("/api/domain/domains")).json().domains;
    expect(domains).toMatchObject([
      { domain: "sakura-ramen.jp", status: "active", priceJpy: PRICE, autoRenew: true },
    ]);
    const rows = await ledger(user.id);
    expect(rows.map((r) => [r.kind, r.amount_jpy, r.tax_jpy])).toEqual([
      ["charge", PRICE, 456],
      ["registrar_order", -COST, 0],
    ]);
    expect(rows[0]?.stripe_id).toMatch(/^pi_test_/);
    const receipts = (await client.get("/api/billing/receipts")).json().receipts;
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      kind: "card",
      customerName: "花子 佐藤",
      seller: { name: "株式会社商売", registrationNumber: "T7000012050002" },
      totalJpy: PRICE,
      taxJpy: 456,
      byRate: [{ taxRate: 10, totalJpy: PRICE, taxJpy: 456, exclusiveJpy: PRICE - 456 }],
      refundedJpy: 0,
    });
    // Another owner sees neither the order nor the receipt.
    const other = await paidOwner();
    expect((await other.client.get(`/api/domain/orders/${order.id}`)).statusCode).toBe(404);
    expect((await other.client.get("/api/billing/receipts")).json()).toEqual({ receipts: [] });
    const renewSwitch = await other.client.request({
      method: "PUT",
      url: "/api/domain/domains/sakura-ramen.jp/auto-renew",
      payload: { autoRenew: false },
    });
    expect(renewSwitch.statusCode).toBe(404);
  });

  it("payment refused or abandoned → nothing registered, nothing charged", async () => {
    const { client, user } = await paidOwner();
    const { order, sessionId } = await startPurchase(client, "abandoned-shop.jp");
    // A declined card leaves the session open: the owner comes back without having paid.
    expect((await client.get(`/api/domain/orders/${order.id}`)).json()).toMatchObject({
      status: "pending_payment",
    });
    await stripe.expireCheckout(sessionId);
    expect((await client.get(`/api/domain/orders/${order.id}`)).json()).toMatchObject({ status: "canceled" });
    expect(registrations("abandoned-shop.jp")).toHaveLength(0);
    expect(await ledger(user.id)).toEqual([]);
    expect((await client.get("/api/domain/domains")).json()).toEqual({ domains: [] });
  });

  it("registrar failure after payment → refunded at Stripe, and said so", async () => {
    const { client, user } = await paidOwner();
    const { order, sessionId } = await startPurchase(client, "refund-me.jp");
    registrar.failNext(400, {
      message: "Owner contact refused by the registry",
      method: "POST",
      path: "/v5/domain/domains",
    });
    await stripe.completeCheckout(sessionId);
    const after = (await client.get(`/api/domain/orders/${order.id}`)).json();
    expect(after).toMatchObject({ status: "refunded" });
    expect(after.message).toContain("refunded");
    const intent = [...stripe.paymentIntents.values()].find(
      (pi) => (pi.metadata as Record<string, string>).orderId === order.id,
    );
    const refund = [...stripe.refunds.values()].find((r) => r.payment_intent === intent?.id);
    expect(refund).toMatchObject({ amount: PRICE, status: "succeeded" });
    const rows = await ledger(user.id);
    expect(rows.map((r) => [r.kind, r.amount_jpy])).toEqual([
      ["charge", PRICE],
      ["refund", -PRICE],
    ]);
    expect(rows[1]?.stripe_id).toBe(refund?.id);
    expect((await client.get("/api/domain/domains")).json()).toEqual({ domains: [] });
    const receipts = (await client.get("/api/billing/receipts")).json().receipts;
    expect(receipts[0]).toMatchObject({ refundedJpy: PRICE });
  });

  it("a refund Stripe failed is finished by the job: the order never stays paid and unregistered", async () => {
    const { client, user } = await paidOwner();
    const { order, sessionId } = await startPurchase(client, "refund-later.jp");
    const refundsBefore = stripe.refunds.size;
    // The registrar refuses (for good: the retry is refused too), then Stripe is down for the refund.
    registrar.failNext(400, { message: "Refused", method: "POST", path: "/v5/domain/domains", times: 2 });
    stripe.failNext(500, "api_error", "Stripe is down", {}, 3, "/v1/refunds");
    await stripe.completeCheckout(sessionId);
    expect((await client.get(`/api/domain/orders/${order.id}`)).json()).toMatchObject({ status: "paid" });
    expect(stripe.refunds.size).toBe(refundsBefore);
    // Not touched for 10 minutes: the job finishes it.
    clock = new Date(clock.getTime() + 11 * 60 * 1000);
    expect(await ctx.app.services.purchases.finishStuckOrders()).toBe(1);
    expect((await client.get(`/api/domain/orders/${order.id}`)).json()).toMatchObject({ status: "refunded" });
    expect((await ledger(user.id)).map((r) => r.kind)).toEqual(["charge", "refund"]);
    expect(stripe.refunds.size).toBe(refundsBefore + 1);
    expect(registrations("refund-later.jp")).toHaveLength(2);
  });

  it("renewal: charges the saved card first, then renews; a refused card warns at 30, 7 and 1 days", async () => {
    const { client, user } = await paidOwner();
    const { sessionId } = await startPurchase(client, "renew-ok.jp");
    await stripe.completeCheckout(sessionId);
    const [domain] = (await client.get("/api/domain/domains")).json().domains;
    const expiresAt = new Date(domain.expiresAt);
    // Nothing is due a year ahead.
    expect(await ctx.app.services.purchases.renewDue()).toEqual({ renewed: 0, failed: 0 });
    clock = new Date(expiresAt.getTime() - 29 * DAY);
    const done = await ctx.app.services.purchases.renewDue();
    expect(done.renewed).toBeGreaterThanOrEqual(1);
    const renewCalls = registrar.requests.filter((r) => r.path === "/v5/domain/domains/renew-ok.jp/renew");
    expect(renewCalls).toHaveLength(1);
    const after = (await client.get("/api/domain/domains")).json().domains[0];
    expect(new Date(after.expiresAt).getUTCFullYear()).toBe(expiresAt.getUTCFullYear() + 1);
    const renewalRows = await ledger(user.id);
    expect(renewalRows.map((r) => r.kind)).toEqual([
      "charge",
      "registrar_order",
      "renewal_charge",
      "registrar_renewal",
    ]);
    // Charged at the registrar's renewal price of the day (same as the registration's here), with tax.
    expect(renewalRows.slice(2).map((r) => r.amount_jpy)).toEqual([PRICE, -COST]);
    const renewQuote = registrar.requests.find(
      (r) => r.path === "/v5/domain/check" && r.query.processes === "renew" && r.query.name === "renew-ok.jp",
    );
    expect(renewQuote?.query).toMatchObject({ currency: "EUR" });
    // The charge came before the renewal.
    const chargeAt = stripe.requests.findIndex((r) => r.path === "/v1/payment_intents");
    expect(chargeAt).toBeGreaterThan(-1);

    // Second domain: the card is refused.
    const second = await paidOwner();
    const bought = await startPurchase(second.client, "renew-fail.jp");
    await stripe.completeCheckout(bought.sessionId);
    const customer = String((stripe.sessions.get(bought.sessionId) as Record<string, unknown>).customer);
    stripe.declineCustomer(customer);
    const failing = (await second.client.get("/api/domain/domains")).json().domains[0];
    const ends = new Date(failing.expiresAt).getTime();
    const warnings = async () =>
      ctx.db.rows<{ subject: string }>(
        `SELECT subject FROM email_outbox WHERE owner_id = '${second.user.id}' AND subject LIKE '%renew-fail.jp%' ORDER BY created_at`,
      );
    for (const daysLeft of [30, 20, 7, 6, 1]) {
      clock = new Date(ends - daysLeft * DAY + 60_000);
      await ctx.app.services.purchases.renewDue();
    }
    const subjects = (await warnings()).map((r) => r.subject);
    expect(subjects).toHaveLength(3);
    expect(subjects[0]).toContain("30");
    expect(subjects[2]).toContain("1日");
    expect(
      registrar.requests.filter((r) => r.path === "/v5/domain/domains/renew-fail.jp/renew"),
    ).toHaveLength(0);
    expect((await ledger(second.user.id)).map((r) => r.kind)).toEqual(["charge", "registrar_order"]);
  });

  it("auto-renew switched off: not renewed", async () => {
    const { client } = await paidOwner();
    const { sessionId } = await startPurchase(client, "no-renew.jp");
    await stripe.completeCheckout(sessionId);
    const res = await client.request({
      method: "PUT",
      url: "/api/domain/domains/no-renew.jp/auto-renew",
      payload: { autoRenew: false },
    });
    expect(res.json()).toMatchObject({ autoRenew: false });
    const [domain] = (await client.get("/api/domain/domains")).json().domains;
    clock = new Date(new Date(domain.expiresAt).getTime() - 5 * DAY);
    await ctx.app.services.purchases.renewDue();
    expect(registrar.requests.filter((r) => r.path === "/v5/domain/domains/no-renew.jp/renew")).toHaveLength(
      0,
    );
  });
});

describe("without Stripe: invoice-billed accounts only", () => {
  let ctx: TestContext;
  let registrar: RegistrarPeer;
  let clock = new Date("2026-12-01T00:00:00Z");
  beforeAll(async () => {
    registrar = await startRegistrarPeer({ token: TOKEN, currency: "EUR", prices: { jp: 28.5 } });
    ctx = await createTestApp({
      email: { tickMs: null },
      now: () => clock,
      registrar: {
        apiToken: TOKEN,
        apiBase: registrar.url,
        currency: "EUR",
        jpyPerUnit: 160,
        timeoutMs: 2000,
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await registrar?.close();
  });

  it("refuses paid accounts not billed by invoice, and registers for invoice-billed ones with a ledger row to bill", async () => {
    const owner = await signedInClient(ctx.app);
    // Starter cannot connect a domain to its site, so it is not sold one.
    await ctx.app.services.auth.setPlan(owner.email, "starter");
    await ctx.app.services.purchases.setInvoiceBilled(owner.email, true);
    expect((await owner.client.get("/api/domain/purchase-terms")).json()).toMatchObject({
      allowed: false,
      reason: "plan",
    });
    await ctx.app.services.purchases.setInvoiceBilled(owner.email, false);
    await ctx.app.services.auth.setPlan(owner.email, "business");
    expect((await owner.client.get("/api/domain/purchase-terms")).json()).toMatchObject({
      allowed: false,
      reason: "billing_not_configured",
    });
    const refused = await owner.client.post("/api/domain/purchase", purchase("invoice-shop.jp"));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: "billing_not_configured" });

    await ctx.app.services.purchases.setInvoiceBilled(owner.email, true);
    const res = await owner.client.post("/api/domain/purchase", purchase("invoice-shop.jp"));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ url: null, order: { status: "registered", payer: "invoice" } });
    const rows = await ctx.db.rows<Ledger>(
      `SELECT kind, amount_jpy, tax_jpy FROM ledger_entries WHERE owner_id = '${owner.user.id}' ORDER BY kind`,
    );
    expect(rows.map((r) => [r.kind, r.amount_jpy, r.tax_jpy])).toEqual([
      ["invoice_billed", PRICE, 456],
      ["registrar_order", -COST, 0],
    ]);
    const receipts = (await owner.client.get("/api/billing/receipts")).json().receipts;
    expect(receipts[0]).toMatchObject({
      kind: "invoice",
      totalJpy: PRICE,
      seller: { registrationNumber: null },
    });
  });

  it("renews an invoice-billed domain at today's renewal price, billed on the invoice; without invoice billing it waits and warns", async () => {
    const owner = await signedInClient(ctx.app);
    await ctx.app.services.auth.setPlan(owner.email, "business");
    await ctx.app.services.purchases.setInvoiceBilled(owner.email, true);
    const res = await owner.client.post("/api/domain/purchase", purchase("invoice-renew.jp"));
    expect(res.json()).toMatchObject({ order: { status: "registered", payer: "invoice" } });
    const [domain] = (await owner.client.get("/api/domain/domains")).json().domains;
    const expiresAt = new Date(domain.expiresAt);
    // The registry raised the price since: 30 EUR a year now, ¥4,800 to us, ¥5,280 with tax.
    registrar.setRenewPrice("jp", 30);
    clock = new Date(expiresAt.getTime() - 29 * DAY);
    expect((await ctx.app.services.purchases.renewDue()).renewed).toBeGreaterThanOrEqual(1);
    expect(
      registrar.requests.filter((r) => r.path === "/v5/domain/domains/invoice-renew.jp/renew"),
    ).toHaveLength(1);
    const rows = await ctx.db.rows<Ledger>(
      `SELECT kind, amount_jpy, tax_jpy FROM ledger_entries WHERE owner_id = '${owner.user.id}' ORDER BY kind, amount_jpy`,
    );
    // Rows written within the same millisecond have no order of their own: compared as a set.
    expect(rows.map((r) => [r.kind, r.amount_jpy, r.tax_jpy])).toEqual([
      ["invoice_billed", PRICE, 456],
      ["invoice_billed", withTax(4800), 480],
      ["registrar_order", -COST, 0],
      ["registrar_renewal", -4800, 0],
    ]);
    const after = (await owner.client.get("/api/domain/domains")).json().domains[0];
    expect(after).toMatchObject({ priceJpy: withTax(4800) });
    expect(new Date(after.expiresAt).getUTCFullYear()).toBe(expiresAt.getUTCFullYear() + 1);
    const receipts = (await owner.client.get("/api/billing/receipts")).json().receipts;
    expect(receipts).toHaveLength(2);
    expect(receipts.map((r: { totalJpy: number }) => r.totalJpy).sort()).toEqual(
      [PRICE, withTax(4800)].sort(),
    );

    // The operator stops invoice billing: the next renewal is not made, and the owner is warned.
    await ctx.app.services.purchases.setInvoiceBilled(owner.email, false);
    const nextEnd = new Date(after.expiresAt).getTime();
    clock = new Date(nextEnd - 29 * DAY);
    expect((await ctx.app.services.purchases.renewDue()).failed).toBeGreaterThanOrEqual(1);
    expect(
      registrar.requests.filter((r) => r.path === "/v5/domain/domains/invoice-renew.jp/renew"),
    ).toHaveLength(1);
    const mails = await ctx.db.rows<{ subject: string }>(
      `SELECT subject FROM email_outbox WHERE owner_id = '${owner.user.id}' AND subject LIKE '%invoice-renew.jp%'`,
    );
    expect(mails).toHaveLength(1);
  });
});
