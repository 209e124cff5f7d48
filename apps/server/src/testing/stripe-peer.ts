import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local server on 127.0.0.1 that speaks the part of the Stripe API the product uses: Checkout
 * sessions, billing-portal sessions and subscriptions (form-encoded requests, Bearer key,
 * Idempotency-Key, Stripe's error bodies). It keeps its own customers and subscriptions and sends
 * webhook events signed with the Stripe library's own helper. It also serves a tiny checkout page
 * and portal page, so a browser can go through the whole purchase in end-to-end tests.
 */

export type PeerPrice = { id: string; unitAmount: number; currency: string };

export type StripePeerOptions = {
  secretKey: string;
  webhookSecret: string;
  prices: PeerPrice[];
  /** Where events are POSTed (the app's /api/billing/webhook); set later with `setWebhookUrl`. */
  webhookUrl?: string;
  /** Clock for event `created` and periods (Unix seconds). */
  nowSeconds?: () => number;
  port?: number;
};

type Json = Record<string, unknown>;
export type PeerRequest = { method: string; path: string; body: Json; idempotencyKey: string | undefined };

const MONTH = 30 * 24 * 60 * 60;
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/** Decodes Stripe's bracket form encoding (`line_items[0][price]=…`) into objects and arrays. */
export function decodeStripeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? "");
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

function stripeError(status: number, type: string, message: string, extra: Json = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}

export async function startStripePeer(options: StripePeerOptions) {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const prices = new Map(options.prices.map((p) => [p.id, p]));
  const sessions = new Map<string, Json>();
  const portals = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  /** Tax ids of the account itself (`owner[type]=self`), as the operator's dashboard would list them. */
  const taxIds = new Map<string, Json>();
  /** Customers whose saved card is refused off-session (renewal tests). */
  const decliningCustomers = new Set<string>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const requests: PeerRequest[] = [];
  const delivered: { type: string; status: number }[] = [];
  let webhookUrl = options.webhookUrl;
  let failNext: { status: number; body: Json; times: number; path?: string | undefined } | null = null;
  let base = "";

  function subscriptionObject(sub: Json): Json {
    return structuredClone(sub);
  }

  function event(type: string, object: Json, previous?: Json): Json {
    return {
      id: id("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object, ...(previous ? { previous_attributes: previous } : {}) },
    };
  }

  /** Signs an event with the Stripe library's helper; `timestamp` lets tests send an old one. */
  function sign(payload: string, opts: { timestamp?: number; secret?: string } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? options.webhookSecret,
      timestamp: opts.timestamp ?? nowSeconds(),
    });
  }

  async function deliver(evt: Json): Promise<number> {
    if (!webhookUrl) throw new Error("The Stripe peer has no webhook URL");
    const payload = JSON.stringify(evt);
    const res = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": sign(payload) },
      body: payload,
    });
    await res.arrayBuffer();
    delivered.push({ type: String(evt.type), status: res.status });
    return res.status;
  }

  function newSubscription(customer: string, priceId: string, metadata: Json): Json {
    const price = prices.get(priceId) as PeerPrice;
    const start = nowSeconds();
    const sub: Json = {
      id: id("sub"),
      object: "subscription",
      customer,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      currency: price.currency,
      metadata,
      invoice_settings: { account_tax_ids: null, issuer: { type: "self" } },
      items: {
        object: "list",
        data: [
          {
            id: id("si"),
            object: "subscription_item",
            quantity: 1,
            current_period_start: start,
            current_period_end: start + MONTH,
            price: { id: price.id, object: "price", currency: price.currency, unit_amount: price.unitAmount },
          },
        ],
      },
    };
    subscriptions.set(String(sub.id), sub);
    return sub;
  }

  function invoiceFor(sub: Json, status: "paid" | "open"): Json {
    const item = (sub.items as { data: Json[] }).data[0] as Json;
    const amount = Number((item?.price as Json | undefined)?.unit_amount ?? 0);
    return {
      id: id("in"),
      object: "invoice",
      customer: sub.customer,
      status,
      currency: sub.currency,
      total: amount,
      amount_paid: status === "paid" ? amount : 0,
      // The subscription's account tax ids are set on each of its invoices.
      account_tax_ids: (sub.invoice_settings as Json | undefined)?.account_tax_ids ?? null,
      lines: {
        object: "list",
        data: [{ object: "line_item", amount, description: "1 × Shobai plan (monthly)" }],
      },
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
    };
  }

  /** What the checkout page's Pay button does: customer, subscription, then Stripe's three events. */
  async function completeCheckout(sessionId: string): Promise<{ subscription: Json; successUrl: string }> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No checkout session ${sessionId}`);
    const customer = String(session.customer ?? id("cus"));
    if (session.mode === "payment") {
      const intent = paymentIntent({
        amount: session.amount_total,
        customer,
        payment_method: id("pm"),
        metadata: (session.payment_intent_data as Json | undefined)?.metadata ?? {},
      });
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        customer,
        payment_intent: intent.id,
      });
      await deliver(event("checkout.session.completed", structuredClone(session)));
      return {
        subscription: {},
        successUrl: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", sessionId),
      };
    }
    const lineItems = session.line_items as { price: string }[];
    const data = session.subscription_data as Json | undefined;
    const sub = newSubscription(customer, String(lineItems[0]?.price), {
      ...(data?.metadata as Json),
    });
    const accountTaxIds = (data?.invoice_settings as Json | undefined)?.account_tax_ids;
    if (accountTaxIds) (sub.invoice_settings as Json).account_tax_ids = accountTaxIds;
    Object.assign(session, { status: "complete", payment_status: "paid", customer, subscription: sub.id });
    await deliver(event("customer.subscription.created", subscriptionObject(sub)));
    await deliver(event("checkout.session.completed", structuredClone(session)));
    await deliver(event("invoice.paid", invoiceFor(sub, "paid")));
    return {
      subscription: sub,
      successUrl: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", sessionId),
    };
  }

  async function cancelAtPeriodEnd(subId: string): Promise<Json> {
    const sub = subscriptions.get(subId);
    if (!sub) throw new Error(`No subscription ${subId}`);
    sub.cancel_at_period_end = true;
    sub.canceled_at = nowSeconds();
    await deliver(
      event("customer.subscription.updated", subscriptionObject(sub), { cancel_at_period_end: false }),
    );
    return sub;
  }

  /** A renewal payment fails: the subscription is past due, with Stripe's two events. */
  async function failPayment(subId: string): Promise<void> {
    const sub = subscriptions.get(subId);
    if (!sub) throw new Error(`No subscription ${subId}`);
    sub.status = "past_due";
    await deliver(event("invoice.payment_failed", invoiceFor(sub, "open")));
    await deliver(event("customer.subscription.updated", subscriptionObject(sub), { status: "active" }));
  }

  /** The period renews: the next month is paid, with Stripe's two events. */
  async function renew(subId: string): Promise<void> {
    const sub = subscriptions.get(subId);
    if (!sub) throw new Error(`No subscription ${subId}`);
    const item = (sub.items as { data: Json[] }).data[0] as Json;
    const previous = {
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
    };
    item.current_period_start = item.current_period_end;
    item.current_period_end = Number(item.current_period_end) + MONTH;
    await deliver(event("invoice.paid", invoiceFor(sub, "paid")));
    await deliver(event("customer.subscription.updated", subscriptionObject(sub), { items: previous }));
  }

  /** Moves the subscription to another price now (what a portal set to change plans at once does). */
  async function changePrice(subId: string, priceId: string): Promise<void> {
    const sub = subscriptions.get(subId);
    const price = prices.get(priceId);
    if (!sub || !price) throw new Error(`No subscription ${subId} or price ${priceId}`);
    const item = (sub.items as { data: Json[] }).data[0] as Json;
    item.price = { id: price.id, object: "price", currency: price.currency, unit_amount: price.unitAmount };
    await deliver(event("customer.subscription.updated", subscriptionObject(sub)));
  }

  /** The subscription ends now (period over after a cancellation, or given up after failed payments). */
  async function endSubscription(subId: string): Promise<void> {
    const sub = subscriptions.get(subId);
    if (!sub) throw new Error(`No subscription ${subId}`);
    Object.assign(sub, { status: "canceled", ended_at: nowSeconds() });
    await deliver(event("customer.subscription.deleted", subscriptionObject(sub)));
  }

  function requireKey(req: http.IncomingMessage) {
    const auth = req.headers.authorization ?? "";
    if (auth !== `Bearer ${options.secretKey}`) {
      return stripeError(401, "invalid_request_error", "Invalid API Key provided.");
    }
    return null;
  }

  function createTaxId(body: Json) {
    const owner = (body.owner as Json | undefined)?.type ?? "self";
    if (owner !== "self") {
      return stripeError(
        400,
        "invalid_request_error",
        "This test server keeps the account's own tax ids only.",
        {
          param: "owner[type]",
        },
      );
    }
    if (!body.type || !body.value) {
      return stripeError(400, "invalid_request_error", "Missing required param: type and value.", {
        param: "type",
      });
    }
    // Stripe's format for a Japan Tax Registration Number: T followed by 13 digits.
    if (body.type === "jp_trn" && !/^T\d{13}$/.test(String(body.value))) {
      return stripeError(400, "invalid_request_error", `Invalid value for jp_trn: ${String(body.value)}`, {
        param: "value",
        code: "tax_id_invalid",
      });
    }
    const taxId: Json = {
      id: id("txi"),
      object: "tax_id",
      country: body.type === "jp_trn" ? "JP" : null,
      created: nowSeconds(),
      livemode: false,
      owner: { type: "self", account: null, application: null, customer: null },
      type: body.type,
      value: body.value,
      verification: { status: "unavailable", verified_address: null, verified_name: null },
    };
    taxIds.set(String(taxId.id), taxId);
    return { status: 200, body: taxId };
  }

  /** Stripe refuses an invoice naming a tax id that does not exist. */
  function unknownTaxId(ids: unknown, param: string) {
    for (const taxId of (ids as string[] | undefined) ?? []) {
      if (!taxIds.has(taxId)) {
        return stripeError(400, "invalid_request_error", `No such tax ID: '${taxId}'`, {
          param,
          code: "resource_missing",
        });
      }
    }
    return null;
  }

  function createPaymentCheckout(body: Json) {
    const badTaxId = unknownTaxId(
      ((body.invoice_creation as Json | undefined)?.invoice_data as Json | undefined)?.account_tax_ids,
      "invoice_creation[invoice_data][account_tax_ids]",
    );
    if (badTaxId) return badTaxId;
    const items = body.line_items as { price_data?: Json; quantity?: string }[] | undefined;
    const data = items?.[0]?.price_data as
      | { currency?: string; unit_amount?: string; tax_behavior?: string; product_data?: { name?: string } }
      | undefined;
    const amount = Number(data?.unit_amount);
    if (!data || !Number.isInteger(amount) || amount <= 0 || !data.product_data?.name) {
      return stripeError(
        400,
        "invalid_request_error",
        "line_items[0][price_data] needs unit_amount and product_data[name].",
        {
          param: "line_items[0][price_data]",
        },
      );
    }
    if (data.currency !== "jpy" || (body.currency && body.currency !== "jpy")) {
      return stripeError(400, "invalid_request_error", "This test server takes JPY only.", {
        param: "currency",
      });
    }
    for (const field of ["success_url", "cancel_url"]) {
      if (!body[field]) {
        return stripeError(400, "invalid_request_error", `Missing required param: ${field}.`, {
          param: field,
        });
      }
    }
    const sessionId = id("cs");
    const session: Json = {
      ...body,
      id: sessionId,
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      currency: "jpy",
      customer: body.customer ?? null,
      payment_intent: null,
      subscription: null,
      url: `${base}/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    return { status: 200, body: session };
  }

  function paymentIntent(fields: Json): Json {
    const intent: Json = {
      id: id("pi"),
      object: "payment_intent",
      currency: "jpy",
      status: "succeeded",
      amount_received: fields.amount,
      created: nowSeconds(),
      ...fields,
    };
    paymentIntents.set(String(intent.id), intent);
    return intent;
  }

  function createPaymentIntent(body: Json) {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) {
      return stripeError(400, "invalid_request_error", "Invalid positive integer", { param: "amount" });
    }
    const customer = String(body.customer ?? "");
    if (!body.payment_method || !customer) {
      return stripeError(400, "invalid_request_error", "A customer and payment_method are needed.", {
        param: "payment_method",
      });
    }
    if (decliningCustomers.has(customer)) {
      return stripeError(402, "card_error", "Your card was declined.", {
        code: "card_declined",
        decline_code: "insufficient_funds",
      });
    }
    return {
      status: 200,
      body: paymentIntent({
        amount,
        customer,
        payment_method: body.payment_method,
        description: body.description ?? null,
        metadata: body.metadata ?? {},
      }),
    };
  }

  function createRefund(body: Json) {
    const intent = paymentIntents.get(String(body.payment_intent));
    if (!intent) {
      return stripeError(404, "invalid_request_error", `No such payment_intent: '${body.payment_intent}'`, {
        param: "payment_intent",
        code: "resource_missing",
      });
    }
    if ([...refunds.values()].some((r) => r.payment_intent === intent.id)) {
      return stripeError(400, "invalid_request_error", `Charge for ${intent.id} has already been refunded.`, {
        code: "charge_already_refunded",
      });
    }
    const refund: Json = {
      id: id("re"),
      object: "refund",
      amount: intent.amount,
      currency: "jpy",
      payment_intent: intent.id,
      status: "succeeded",
      metadata: body.metadata ?? {},
      created: nowSeconds(),
    };
    refunds.set(String(refund.id), refund);
    return { status: 200, body: refund };
  }

  /** The customer leaves the payment page unpaid until it expires (Stripe: 24 hours). */
  async function expireCheckout(sessionId: string): Promise<void> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No checkout session ${sessionId}`);
    session.status = "expired";
    await deliver(event("checkout.session.expired", structuredClone(session)));
  }

  function createCheckout(body: Json) {
    if (body.mode === "payment") return createPaymentCheckout(body);
    if (body.mode !== "subscription") {
      return stripeError(
        400,
        "invalid_request_error",
        "This test server only creates subscription sessions.",
        {
          param: "mode",
        },
      );
    }
    const badTaxId = unknownTaxId(
      ((body.subscription_data as Json | undefined)?.invoice_settings as Json | undefined)?.account_tax_ids,
      "subscription_data[invoice_settings][account_tax_ids]",
    );
    if (badTaxId) return badTaxId;
    const items = body.line_items as { price?: string; quantity?: string }[] | undefined;
    const price = prices.get(String(items?.[0]?.price));
    if (!price) {
      return stripeError(400, "invalid_request_error", `No such price: '${items?.[0]?.price}'`, {
        param: "line_items[0][price]",
        code: "resource_missing",
      });
    }
    if (body.currency && body.currency !== price.currency) {
      return stripeError(400, "invalid_request_error", `The price's currency is ${price.currency}.`, {
        param: "currency",
      });
    }
    for (const field of ["success_url", "cancel_url"]) {
      if (!body[field]) {
        return stripeError(400, "invalid_request_error", `Missing required param: ${field}.`, {
          param: field,
        });
      }
    }
    const sessionId = id("cs");
    const session: Json = {
      ...body,
      id: sessionId,
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: price.unitAmount,
      currency: price.currency,
      customer: body.customer ?? null,
      subscription: null,
      url: `${base}/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    return { status: 200, body: session };
  }

  async function updateSubscription(subId: string, body: Json) {
    const sub = subscriptions.get(subId);
    if (!sub) return stripeError(404, "invalid_request_error", `No such subscription: '${subId}'`);
    const previous: Json = {};
    const items = body.items as { id?: string; price?: string }[] | undefined;
    if (items?.[0]?.price) {
      const price = prices.get(items[0].price);
      if (!price) return stripeError(400, "invalid_request_error", `No such price: '${items[0].price}'`);
      const item = (sub.items as { data: Json[] }).data[0] as Json;
      if (items[0].id !== item.id)
        return stripeError(400, "invalid_request_error", "Unknown subscription item.");
      previous.items = structuredClone(sub.items);
      item.price = { id: price.id, object: "price", currency: price.currency, unit_amount: price.unitAmount };
    }
    if (body.metadata) sub.metadata = { ...(sub.metadata as Json), ...(body.metadata as Json) };
    if (body.cancel_at_period_end !== undefined)
      sub.cancel_at_period_end = body.cancel_at_period_end === "true";
    // The webhook follows the answer, as with Stripe.
    setImmediate(
      () =>
        void deliver(event("customer.subscription.updated", subscriptionObject(sub), previous)).catch(
          () => {},
        ),
    );
    return { status: 200, body: subscriptionObject(sub) };
  }

  async function api(req: http.IncomingMessage, path: string, body: Json) {
    const denied = requireKey(req);
    if (denied) return denied;
    if (failNext && (!failNext.path || failNext.path === path)) {
      const failure = failNext;
      failure.times -= 1;
      if (failure.times <= 0) failNext = null;
      return failure;
    }
    const sub = path.match(/^\/v1\/subscriptions\/([\w]+)$/);
    if (req.method === "POST" && path === "/v1/checkout/sessions") return createCheckout(body);
    const checkout = path.match(/^\/v1\/checkout\/sessions\/(cs_test_\w+)$/);
    if (checkout && req.method === "GET") {
      const found = sessions.get(checkout[1] as string);
      if (!found)
        return stripeError(404, "invalid_request_error", `No such checkout.session: '${checkout[1]}'`);
      const copy = structuredClone(found);
      const expand = (body.expand as string[] | undefined) ?? [];
      if (expand.includes("payment_intent") && typeof copy.payment_intent === "string") {
        copy.payment_intent = structuredClone(paymentIntents.get(copy.payment_intent) ?? null);
      }
      return { status: 200, body: copy };
    }
    if (req.method === "POST" && path === "/v1/tax_ids") return createTaxId(body);
    if (req.method === "GET" && path === "/v1/tax_ids") {
      const data = [...taxIds.values()].map((t) => structuredClone(t));
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/tax_ids" } };
    }
    if (req.method === "POST" && path === "/v1/payment_intents") return createPaymentIntent(body);
    if (req.method === "POST" && path === "/v1/refunds") return createRefund(body);
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!body.customer)
        return stripeError(400, "invalid_request_error", "Missing required param: customer.");
      const portalId = id("bps");
      const portal = {
        id: portalId,
        object: "billing_portal.session",
        ...body,
        url: `${base}/portal/${portalId}`,
      };
      portals.set(portalId, portal);
      return { status: 200, body: portal };
    }
    if (sub && req.method === "GET") {
      const found = subscriptions.get(sub[1] as string);
      return found
        ? { status: 200, body: subscriptionObject(found) }
        : stripeError(404, "invalid_request_error", `No such subscription: '${sub[1]}'`);
    }
    if (sub && req.method === "POST") return updateSubscription(sub[1] as string, body);
    if (sub && req.method === "DELETE") {
      const found = subscriptions.get(sub[1] as string);
      if (!found) return stripeError(404, "invalid_request_error", `No such subscription: '${sub[1]}'`);
      Object.assign(found, { status: "canceled", ended_at: nowSeconds(), canceled_at: nowSeconds() });
      setImmediate(
        () => void deliver(event("customer.subscription.deleted", subscriptionObject(found))).catch(() => {}),
      );
      return { status: 200, body: subscriptionObject(found) };
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${path}).`);
  }

  const page = (title: string, inner: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
.box{border:1px solid #e5e7eb;border-radius:12px;padding:1.5rem}button,a.button{display:inline-block;background:#635bff;color:#fff;border:0;border-radius:8px;padding:.7rem 1.2rem;font-size:1rem;text-decoration:none;cursor:pointer}
.note{color:#6b7280;font-size:.85rem}</style></head><body><div class="box">${inner}</div>
<p class="note">Local Stripe test server: no money moves.</p></body></html>`;

  async function browser(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
  ): Promise<boolean> {
    const pay = path.match(/^\/pay\/(cs_test_\w+)$/);
    if (pay) {
      const session = sessions.get(pay[1] as string);
      if (!session) return false;
      if (req.method === "POST") {
        const { successUrl } = await completeCheckout(pay[1] as string);
        res.writeHead(303, { location: successUrl }).end();
        return true;
      }
      const amount = Number(session.amount_total).toLocaleString("ja-JP");
      const oneTime = session.mode === "payment";
      const first = (session.line_items as Json[] | undefined)?.[0]?.price_data as
        | { product_data?: { name?: string } }
        | undefined;
      const name = oneTime ? String(first?.product_data?.name ?? "").replace(/[<>&"]/g, "") : "";
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        page(
          "Checkout",
          `<h1>${oneTime ? "Pay" : "Subscribe"}</h1><p>${oneTime ? `${name}: ¥${amount} (tax incl.)` : `¥${amount} / month`}</p><form method="post"><button type="submit">Pay ¥${amount}</button></form>
<p><a href="${String(session.cancel_url)}">Back</a></p>`,
        ),
      );
      return true;
    }
    const portal = path.match(/^\/portal\/(bps_test_\w+)(\/cancel)?$/);
    if (portal) {
      const session = portals.get(portal[1] as string);
      if (!session) return false;
      const sub = [...subscriptions.values()].find(
        (s) => s.customer === session.customer && s.status !== "canceled",
      );
      if (req.method === "POST" && portal[2] && sub) {
        await cancelAtPeriodEnd(String(sub.id));
        res.writeHead(303, { location: String(session.return_url) }).end();
        return true;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        page(
          "Billing portal",
          `<h1>Billing</h1>${sub ? `<form method="post" action="/portal/${portal[1]}/cancel"><button type="submit">Cancel subscription</button></form>` : "<p>No subscription.</p>"}
<p><a href="${String(session.return_url)}">Return</a></p>`,
        ),
      );
      return true;
    }
    return false;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://peer");
      const text = Buffer.concat(chunks).toString("utf8");
      void (async () => {
        if (!url.pathname.startsWith("/v1/")) {
          if (!(await browser(req, res, url.pathname))) res.writeHead(404).end("Not found");
          return;
        }
        const body = req.method === "GET" ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(text);
        const key = req.headers["idempotency-key"] as string | undefined;
        requests.push({ method: req.method ?? "GET", path: url.pathname, body, idempotencyKey: key });
        const replay = key && req.method === "POST" ? idempotent.get(key) : undefined;
        const answer = replay ?? (await api(req, url.pathname, body));
        if (key && req.method === "POST" && answer.status < 500) idempotent.set(key, answer);
        res
          .writeHead(answer.status, { "content-type": "application/json", "request-id": id("req") })
          .end(JSON.stringify(answer.body));
      })().catch((error: unknown) => {
        res
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    delivered,
    sessions,
    subscriptions,
    paymentIntents,
    refunds,
    taxIds,
    expireCheckout,
    /** Off-session charges for this customer are declined from now on. */
    declineCustomer(customerId: string) {
      decliningCustomers.add(customerId);
    },
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    /** The next `times` API calls answer with this (Stripe's error body shape). */
    failNext(status: number, type: string, message: string, extra: Json = {}, times = 1, path?: string) {
      failNext = { ...stripeError(status, type, message, extra), times, path };
    },
    event,
    sign,
    deliver,
    completeCheckout,
    cancelAtPeriodEnd,
    failPayment,
    endSubscription,
    renew,
    changePrice,
    newSubscription,
    invoiceFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StripePeer = Awaited<ReturnType<typeof startStripePeer>>;
