import {
  canBuyDomains,
  ERROR_CODES,
  STANDARD_TAX_RATE,
  type TDomainOrder,
  type TDomainPurchase,
  type TDomainPurchaseResult,
  type TDomainPurchaseTerms,
  type TLanguage,
  type TOwnedDomain,
  type TRegisterDomain,
  taxIncludedIn,
  toUnicodeHostname,
  withoutTax,
  withTax,
  ZLanguage,
} from "@shobai/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Entitlements } from "../../lib/entitlements";
import { BillingError, type StripeGateway } from "../../providers/billing/stripe";
import type { Registrar } from "../../providers/registrar/types";
import type { SessionUser } from "../auth/service";
import { DOMAIN_SERVICE_NOT_CONFIGURED, type DomainsService } from "../domains/service";
import * as q from "./queries";

/**
 * Domains are bought, not given (decision 0042): an order is written, paid through a one-time
 * Stripe Checkout, and only a confirmed payment reaches the registrar; a registrar failure after
 * payment is refunded at once. Without Stripe only accounts the operator bills by invoice may buy.
 * Every movement of money is a ledger row.
 */
export type PurchasesDeps = {
  db: Database;
  domains: DomainsService;
  registrar: Registrar | undefined;
  gateway: StripeGateway | undefined;
  entitlements: Entitlements;
  appUrl: string;
  /** Mails the owner that a renewal could not be charged (renewal.ts). */
  warnRenewal?: (
    owner: { id: string; email: string; language: string | null },
    notice: { domain: string; expiresAt: Date; daysLeft: number; amountJpy: number },
  ) => Promise<void>;
  log?: FastifyBaseLogger;
  now?: () => Date;
};

const DAY = 24 * 60 * 60 * 1000;

export function toOrder(row: q.OrderRow): TDomainOrder {
  return {
    id: row.id,
    domain: row.domain,
    unicodeDomain: toUnicodeHostname(row.domain),
    registrationPeriod: row.registrationPeriod,
    amountJpy: row.amountJpy,
    taxJpy: row.taxJpy,
    payer: row.payer === "invoice" ? "invoice" : "card",
    status: row.status as TDomainOrder["status"],
    autoRenew: row.autoRenew,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createPurchasesService(deps: PurchasesDeps) {
  const { db, gateway, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function terms(userId: string): Promise<TDomainPurchaseTerms> {
    const standing = await deps.entitlements.standing(userId);
    const base = { taxRate: STANDARD_TAX_RATE };
    if (!canBuyDomains(standing.plan.id, standing.access)) {
      return {
        ...base,
        allowed: false,
        reason: standing.plan.id === "trial" ? "trial" : standing.access !== "ok" ? "plan_ended" : "plan",
        payer: null,
      };
    }
    if (gateway) return { ...base, allowed: true, reason: null, payer: "card" };
    const account = await q.billingAccountOf(db, userId);
    return account?.invoiceBilled
      ? { ...base, allowed: true, reason: null, payer: "invoice" }
      : { ...base, allowed: false, reason: "billing_not_configured", payer: null };
  }

  function refusal(t: TDomainPurchaseTerms): AppError {
    if (t.reason === "billing_not_configured") {
      return new AppError(
        503,
        ERROR_CODES.billingNotConfigured,
        "Online payment is not set up on this server: domains can be bought only by accounts the operator bills by invoice.",
      );
    }
    return new AppError(
      403,
      ERROR_CODES.domainPurchaseNotAllowed,
      t.reason === "trial"
        ? "Domains can be bought on the Business plan and up; the free trial cannot buy domains. Choose a plan first."
        : t.reason === "plan"
          ? "Domains can be bought on the Business plan and up (they include custom domains); upgrade to buy one."
          : "Your plan has ended: choose a plan to buy domains again.",
    );
  }

  // Receipts are Japanese invoices (適格請求書): their items are written in Japanese.
  const description = (row: { domain: string; registrationPeriod: number; kind: string }) =>
    `${row.kind === "renew" ? "ドメイン更新" : "ドメイン登録"} ${toUnicodeHostname(row.domain)}（${row.registrationPeriod}年）`;

  /** Registers a paid (or invoice-billed) order; refunds the payment when the registrar fails. */
  async function fulfil(order: q.OrderRow): Promise<q.OrderRow> {
    const request = order.request as unknown as TRegisterDomain;
    let outcome: { success: boolean; message: string };
    try {
      outcome = await deps.domains.register(order.ownerId, request, `order:${order.id}`);
    } catch (error) {
      outcome = { success: false, message: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.success) {
      await q.setAutoRenew(db, order.ownerId, order.domain, order.autoRenew);
      await q.record(db, {
        ownerId: order.ownerId,
        kind: "registrar_order",
        amountJpy: -order.costJpy,
        description: description(order),
        domain: order.domain,
        orderId: order.id,
        stripeId: order.paymentIntentId,
        registrarRef: order.domain,
      });
      if (order.payer === "invoice") {
        await q.record(db, {
          ownerId: order.ownerId,
          kind: "invoice_billed",
          amountJpy: order.amountJpy,
          taxJpy: order.taxJpy,
          description: description(order),
          domain: order.domain,
          orderId: order.id,
          stripeId: `invoice:${order.id}`,
        });
      }
      await q.setOrder(db, order.id, { status: "registered", message: null });
      return { ...order, status: "registered", message: null };
    }
    log?.warn({ order: order.id, domain: order.domain, err: outcome.message }, "paid domain not registered");
    if (order.payer === "invoice" || !order.paymentIntentId) {
      await q.setOrder(db, order.id, { status: "canceled", message: outcome.message });
      return { ...order, status: "canceled", message: outcome.message };
    }
    return refundOrder(order, outcome.message);
  }

  async function refundOrder(order: q.OrderRow, reason: string): Promise<q.OrderRow> {
    if (!gateway || !order.paymentIntentId) throw new Error("refund without a payment");
    const refund = await gateway.refund(order.paymentIntentId, `refund-${order.id}`, reason);
    await q.record(db, {
      ownerId: order.ownerId,
      kind: "refund",
      amountJpy: -refund.amount,
      taxJpy: -taxIncludedIn(refund.amount),
      description: `返金: ${description(order)}`,
      domain: order.domain,
      orderId: order.id,
      stripeId: refund.id,
    });
    const message = `Not registered: ${reason} The payment of ¥${order.amountJpy.toLocaleString("en-US")} was refunded.`;
    await q.setOrder(db, order.id, { status: "refunded", refundId: refund.id, message });
    return { ...order, status: "refunded", refundId: refund.id, message };
  }

  /**
   * Brings an order up to date with Stripe (the webhook, and the owner's return from the payment
   * page, both call it): paid → charge recorded, then registered (or refunded); expired → canceled.
   * Only the request that moves the order out of pending_payment does the work, so it happens once.
   */
  async function settle(order: q.OrderRow): Promise<q.OrderRow> {
    if (order.status !== "pending_payment" || !order.checkoutSessionId || !gateway) return order;
    const session = await gateway.retrievePaymentSession(order.checkoutSessionId);
    if (session.status === "expired") {
      return (
        (await q.moveOrder(db, order.id, "pending_payment", {
          status: "canceled",
          message: "The payment was not completed; nothing was registered or charged.",
        })) ?? order
      );
    }
    if (session.paymentStatus !== "paid") return order;
    if (session.amountTotal !== order.amountJpy || session.metadata.orderId !== order.id) {
      log?.error({ order: order.id, session: session.id }, "checkout session does not match its order");
      return order;
    }
    const paid = await q.moveOrder(db, order.id, "pending_payment", {
      status: "paid",
      paymentIntentId: session.paymentIntentId,
    });
    if (!paid) return (await q.findOrder(db, order.id)) ?? order;
    await q.record(db, {
      ownerId: order.ownerId,
      kind: "charge",
      amountJpy: order.amountJpy,
      taxJpy: order.taxJpy,
      description: description(order),
      domain: order.domain,
      orderId: order.id,
      stripeId: session.paymentIntentId,
    });
    await q.saveCard(db, order.ownerId, session.customerId, session.paymentMethodId);
    return fulfil(paid);
  }

  return {
    terms,

    async purchase(user: SessionUser, input: TDomainPurchase): Promise<TDomainPurchaseResult> {
      if (!deps.registrar) throw AppError.notConfigured(DOMAIN_SERVICE_NOT_CONFIGURED);
      const t = await terms(user.id);
      if (!t.allowed) throw refusal(t);
      const found = await deps.domains.search(input.domain, input.registrationPeriod);
      if (!found.available || found.price === null) {
        throw AppError.conflict(
          ERROR_CODES.domainUnavailable,
          `${toUnicodeHostname(input.domain)} is already registered`,
        );
      }
      if (found.price !== input.confirmedPriceJpy) {
        throw AppError.conflict(
          ERROR_CODES.priceChanged,
          `The price is now ¥${found.price.toLocaleString("en-US")} (tax included); please confirm it again.`,
        );
      }
      const { autoRenew, confirmedPriceJpy: _confirmed, ...request } = input;
      let order = await q.insertOrder(db, {
        id: crypto.randomUUID(),
        ownerId: user.id,
        kind: "register",
        domain: input.domain,
        registrationPeriod: input.registrationPeriod,
        amountJpy: found.price,
        taxJpy: taxIncludedIn(found.price),
        costJpy: found.priceExcludingTax ?? withoutTax(found.price),
        payer: t.payer ?? "card",
        autoRenew,
        request: { ...request, ownerContact: { ...request.ownerContact } },
      });
      if (t.payer === "invoice") {
        order = (await q.moveOrder(db, order.id, "pending_payment", { status: "paid" })) ?? order;
        return { order: toOrder(await fulfil(order)), url: null };
      }
      if (!gateway) throw refusal({ ...t, reason: "billing_not_configured" });
      const account = await q.billingAccountOf(db, user.id);
      const language: TLanguage = ZLanguage.catch("ja").parse(user.language);
      try {
        const session = await gateway.createPaymentCheckout({
          orderId: order.id,
          userId: user.id,
          email: user.email,
          customerId: account?.customerId ?? null,
          description: description(order),
          amountJpy: order.amountJpy,
          language,
          successUrl: `${deps.appUrl}/domain-management?order=${order.id}`,
          cancelUrl: `${deps.appUrl}/domain-management?order=${order.id}&checkout=canceled`,
        });
        await q.setOrder(db, order.id, { checkoutSessionId: session.id });
        return { order: toOrder(order), url: session.url };
      } catch (error) {
        await q.setOrder(db, order.id, {
          status: "canceled",
          message: "Stripe could not open the payment page.",
        });
        if (error instanceof BillingError) {
          throw new AppError(
            error.kind === "misconfigured" ? 503 : 502,
            error.kind === "misconfigured" ? ERROR_CODES.billingNotConfigured : ERROR_CODES.paymentFailed,
            error.message,
          );
        }
        throw error;
      }
    },

    /**
     * POST /api/domain/register: registration billed on the operator's invoice, for accounts the
     * operator marked invoice-billed on a server without Stripe; everyone else pays at checkout.
     */
    async registerOnInvoice(user: SessionUser, input: TRegisterDomain, key: string | undefined) {
      if (!deps.registrar) throw AppError.notConfigured(DOMAIN_SERVICE_NOT_CONFIGURED);
      const t = await terms(user.id);
      if (!t.allowed) throw refusal(t);
      if (t.payer !== "invoice") {
        throw new AppError(
          403,
          ERROR_CODES.domainPurchaseNotAllowed,
          "Domains are paid for by card: confirm the purchase and pay through POST /api/domain/purchase.",
        );
      }
      const result = await deps.domains.register(user.id, input, key);
      if (!result.success) return result;
      const owned = (await deps.domains.list(user.id)).find((d) => d.domain === input.domain);
      if (owned?.priceJpy) {
        const orderId = `invoice-${owned.id}`;
        const row = { domain: owned.domain, registrationPeriod: owned.registrationPeriod, kind: "register" };
        await q.record(db, {
          ownerId: user.id,
          kind: "invoice_billed",
          amountJpy: owned.priceJpy,
          taxJpy: taxIncludedIn(owned.priceJpy),
          description: description(row),
          domain: owned.domain,
          orderId,
          stripeId: `invoice:${orderId}`,
        });
        await q.record(db, {
          ownerId: user.id,
          kind: "registrar_order",
          amountJpy: -withoutTax(owned.priceJpy),
          description: description(row),
          domain: owned.domain,
          orderId,
          stripeId: `registrar:${orderId}`,
          registrarRef: owned.domain,
        });
      }
      return result;
    },

    /** admin invoice-billing: the operator bills this account by invoice (or no longer). */
    async setInvoiceBilled(email: string, on: boolean): Promise<boolean> {
      const user = await q.findUserByEmail(db, email.trim().toLowerCase());
      if (!user) return false;
      await q.setInvoiceBilled(db, user.id, on);
      return true;
    },

    /** The owner's order, brought up to date with Stripe first. */
    async order(userId: string, orderId: string): Promise<TDomainOrder> {
      const row = await q.findOwnedOrder(db, userId, orderId);
      if (!row) throw AppError.notFound("Order not found");
      return toOrder(await settle(row));
    },

    async orders(userId: string): Promise<TDomainOrder[]> {
      return (await q.listOrders(db, userId)).map(toOrder);
    },

    /** A Stripe Checkout event about one of our orders (webhook.ts); false when it is not ours. */
    async onCheckoutEvent(orderId: string): Promise<boolean> {
      const row = await q.findOrder(db, orderId);
      if (!row) return false;
      await settle(row);
      return true;
    },

    async setAutoRenew(userId: string, domain: string, autoRenew: boolean): Promise<TOwnedDomain> {
      const row = await q.setAutoRenew(db, userId, domain, autoRenew);
      if (!row) throw AppError.notFound("Domain not found");
      const owned = (await deps.domains.list(userId)).find((d) => d.id === row.id);
      if (!owned) throw AppError.notFound("Domain not found");
      return owned;
    },

    /** A subscription invoice Stripe reports paid: one ledger row (and receipt) per invoice. */
    async recordSubscriptionPayment(userId: string, invoiceId: string, amountJpy: number, line: string) {
      if (amountJpy <= 0) return;
      await q.record(db, {
        ownerId: userId,
        kind: "subscription_payment",
        amountJpy,
        taxJpy: taxIncludedIn(amountJpy),
        description: line,
        stripeId: invoiceId,
      });
    },

    /**
     * Paid registrations left half-done (the process stopped between the charge and the registrar,
     * or Stripe failed the refund): done again, safely, since the registration and the refund are
     * each idempotent per order. Run by the scheduled job.
     */
    async finishStuckOrders(): Promise<number> {
      const stuck = await q.stuckPaidOrders(db, new Date(now().getTime() - 10 * 60 * 1000));
      for (const order of stuck) {
        await q.setOrder(db, order.id, {});
        await fulfil(order).catch((error: unknown) =>
          log?.error({ order: order.id, err: String(error) }, "could not finish a paid domain order"),
        );
      }
      return stuck.length;
    },

    /**
     * Renewals (the scheduled job): each auto-renewing domain within 30 days of expiry is charged
     * first, then renewed for a year at the registrar; a refused charge warns the owner by email 30,
     * 7 and 1 days before expiry. One attempt a day per domain.
     */
    async renewDue(): Promise<{ renewed: number; failed: number }> {
      const at = now();
      const due = await q.renewalsDue(
        db,
        new Date(at.getTime() + 30 * DAY),
        new Date(at.getTime() - 20 * 60 * 60 * 1000),
      );
      let renewed = 0;
      let failed = 0;
      for (const domain of due) {
        if (!domain.expiresAt || !deps.registrar) continue;
        // Today's renewal price from the registrar, with tax: registries change their prices, so the
        // price paid at registration is not the price of the renewal. Without a quote nothing is
        // charged; the next run (about a day later) asks again.
        let cost: number | null;
        try {
          cost = await deps.registrar.renewalPrice(domain.name, 1);
        } catch (error) {
          deps.log?.warn({ err: error, domain: domain.name }, "the registrar gave no renewal price");
          cost = null;
        }
        await q.updateDomain(db, domain.id, { renewalAttemptAt: at });
        if (cost === null || cost <= 0) {
          if (cost === null) deps.log?.warn({ domain: domain.name }, "no renewal price: renewal postponed");
          failed++;
          continue;
        }
        const ok = await renewOne(domain, withTax(cost), cost, at);
        if (ok) renewed++;
        else failed++;
      }
      return { renewed, failed };
    },
  };

  async function renewOne(
    domain: q.DomainRow,
    amountJpy: number,
    costJpy: number,
    at: Date,
  ): Promise<boolean> {
    const expiresAt = domain.expiresAt as Date;
    const account = await q.billingAccountOf(db, domain.ownerId);
    const payer = gateway ? "card" : account?.invoiceBilled ? "invoice" : null;
    const order = await q.insertOrder(db, {
      id: crypto.randomUUID(),
      ownerId: domain.ownerId,
      kind: "renew",
      domain: domain.name,
      registrationPeriod: 1,
      amountJpy,
      taxJpy: taxIncludedIn(amountJpy),
      costJpy,
      payer: payer ?? "card",
      autoRenew: true,
      request: { expiresAt: expiresAt.toISOString() },
    });
    let paymentIntentId: string | null = null;
    let reason: string | null = null;
    if (payer === "card" && gateway) {
      if (!account?.customerId || !account.paymentMethodId) reason = "No saved card to charge.";
      else {
        try {
          const charge = await gateway.chargeSaved({
            customerId: account.customerId,
            paymentMethodId: account.paymentMethodId,
            amountJpy,
            description: description(order),
            metadata: { kind: "domain_renewal", orderId: order.id, userId: domain.ownerId },
            key: `renew-${domain.id}-${expiresAt.toISOString().slice(0, 10)}`,
          });
          paymentIntentId = charge.id;
        } catch (error) {
          reason = error instanceof Error ? error.message : String(error);
        }
      }
    } else if (!payer) reason = "Online payment is not set up.";
    if (reason) {
      await q.setOrder(db, order.id, { status: "canceled", message: reason });
      await warn(domain, expiresAt, amountJpy, at);
      return false;
    }
    await q.setOrder(db, order.id, { status: "paid", paymentIntentId });
    await q.record(db, {
      ownerId: domain.ownerId,
      kind: payer === "invoice" ? "invoice_billed" : "renewal_charge",
      amountJpy,
      taxJpy: taxIncludedIn(amountJpy),
      description: description(order),
      domain: domain.name,
      orderId: order.id,
      stripeId: paymentIntentId ?? `invoice:${order.id}`,
    });
    try {
      await (deps.registrar as Registrar).renew(domain.name, 1);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (paymentIntentId) await refundOrder({ ...order, paymentIntentId }, message);
      else await q.setOrder(db, order.id, { status: "canceled", message });
      await warn(domain, expiresAt, amountJpy, at);
      return false;
    }
    const next = new Date(expiresAt);
    next.setUTCFullYear(next.getUTCFullYear() + 1);
    await q.record(db, {
      ownerId: domain.ownerId,
      kind: "registrar_renewal",
      amountJpy: -order.costJpy,
      description: description(order),
      domain: domain.name,
      orderId: order.id,
      stripeId: paymentIntentId,
      registrarRef: domain.name,
    });
    // The renewal's price is the domain's yearly price from now on (what the screen shows next).
    await q.updateDomain(db, domain.id, {
      expiresAt: next,
      renewalWarnedDays: null,
      priceJpy: amountJpy,
      registrationPeriod: 1,
    });
    await q.setOrder(db, order.id, { status: "registered" });
    return true;
  }

  /** Mails the owner at 30, 7 and 1 days before expiry (once each) while renewal cannot be charged. */
  async function warn(domain: q.DomainRow, expiresAt: Date, amountJpy: number, at: Date): Promise<void> {
    const daysLeft = Math.max(0, Math.ceil((expiresAt.getTime() - at.getTime()) / DAY));
    const stage = daysLeft <= 1 ? 1 : daysLeft <= 7 ? 7 : 30;
    if (domain.renewalWarnedDays !== null && domain.renewalWarnedDays <= stage) return;
    const owner = await q.customerOf(db, domain.ownerId);
    if (!owner || !deps.warnRenewal) return;
    await deps.warnRenewal(
      { id: domain.ownerId, email: owner.email, language: owner.language },
      { domain: toUnicodeHostname(domain.name), expiresAt, daysLeft, amountJpy },
    );
    await q.updateDomain(db, domain.id, { renewalWarnedDays: stage });
  }
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
