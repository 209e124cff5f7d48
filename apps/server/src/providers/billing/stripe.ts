import type { TLanguage, TPaidPlanId } from "@shobai/shared";
import Stripe from "stripe";
import type { StripeConfig } from "../../config";

/** Webhook signatures older than this are refused (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type BillingErrorKind = "declined" | "invalid" | "unavailable" | "misconfigured";

/** A Stripe failure as the product words it; never carries the secret key. */
export class BillingError extends Error {
  override name = "BillingError";
  constructor(
    readonly kind: BillingErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** The parts of a Stripe subscription the product keeps. */
export type SubscriptionState = {
  id: string;
  customerId: string;
  /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  metadata: Record<string, string>;
};

const fromUnix = (s: number | null | undefined) => (typeof s === "number" ? new Date(s * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

export function subscriptionState(sub: Stripe.Subscription): SubscriptionState {
  const item = sub.items?.data?.[0];
  // Since API 2025-03-31 the period lives on the items; older versions had it on the subscription.
  const legacy = sub as unknown as { current_period_end?: number };
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? "",
    status: sub.status,
    priceId: item?.price?.id ?? null,
    currentPeriodEnd: fromUnix(item?.current_period_end ?? legacy.current_period_end),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end || sub.cancel_at),
    endedAt: fromUnix(sub.ended_at),
    metadata: { ...(sub.metadata ?? {}) },
  };
}

/** The subscription an invoice belongs to (its parent since API 2025-03-31, a field before). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription);
}

function failure(error: unknown): BillingError {
  const e = error as { type?: string; message?: string; statusCode?: number };
  switch (e?.type) {
    case "StripeCardError":
      return new BillingError("declined", e.message ?? "The card was declined.");
    case "StripeInvalidRequestError":
    case "StripeIdempotencyError":
      return new BillingError("invalid", `Stripe refused the request: ${e.message ?? "invalid request"}`);
    case "StripeAuthenticationError":
    case "StripePermissionError":
      return new BillingError(
        "misconfigured",
        "Stripe refused the server's API key (check STRIPE_SECRET_KEY).",
      );
    case "StripeRateLimitError":
    case "StripeAPIError":
    case "StripeConnectionError":
      return new BillingError(
        "unavailable",
        "Stripe cannot be reached just now. Please try again in a minute.",
      );
    default:
      return new BillingError("unavailable", error instanceof Error ? error.message : String(error));
  }
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw failure(error);
  }
}

export type CheckoutRequest = {
  userId: string;
  email: string;
  customerId: string | null;
  planId: TPaidPlanId;
  language: TLanguage;
  successUrl: string;
  cancelUrl: string;
};

export type PaymentCheckoutRequest = {
  /** Our order id: the Checkout session's metadata and idempotency key. */
  orderId: string;
  userId: string;
  email: string;
  customerId: string | null;
  /** What the line says on Stripe's page and receipt. */
  description: string;
  /** Tax-inclusive total, integer JPY. */
  amountJpy: number;
  language: TLanguage;
  successUrl: string;
  cancelUrl: string;
};

/** A one-time Checkout session as the product reads it back. */
export type PaymentSession = {
  id: string;
  /** open | complete | expired */
  status: string;
  /** paid | unpaid | no_payment_required */
  paymentStatus: string;
  amountTotal: number | null;
  customerId: string | null;
  paymentIntentId: string | null;
  paymentMethodId: string | null;
  metadata: Record<string, string>;
};

/** The Stripe calls the product makes, through the official client. */
export function createStripeGateway(
  config: StripeConfig,
  options: {
    /** The operator's registration number (T + 13 digits): Stripe's invoices carry it as `jp_trn`. */
    invoiceNumber?: string | undefined;
    warn?: (message: string) => void;
  } = {},
) {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "Shobai" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? "443" : "80"),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  /**
   * The account tax id (type `jp_trn`) of the registration number, found or made once: Stripe puts
   * the ids named in `account_tax_ids` on the invoices of a subscription and of a one-time payment,
   * which is what makes Stripe's own invoices qualify as 適格請求書 too. A failure is not cached
   * (the next checkout tries again) and never stops a payment: the app's receipts carry the number
   * whatever Stripe's invoices say.
   */
  let taxId: Promise<string | null> | null = null;
  async function findOrCreateTaxId(value: string): Promise<string> {
    const existing = await call(() => stripe.taxIds.list({ owner: { type: "self" }, limit: 100 }));
    const found = existing.data.find((t) => t.type === "jp_trn" && t.value === value);
    if (found) return found.id;
    const made = await call(() =>
      stripe.taxIds.create(
        { type: "jp_trn", value, owner: { type: "self" } },
        { idempotencyKey: `jp-trn-${value}` },
      ),
    );
    return made.id;
  }
  async function accountTaxIds(): Promise<string[] | undefined> {
    const value = options.invoiceNumber?.trim().toUpperCase();
    if (!value) return undefined;
    taxId ??= findOrCreateTaxId(value).catch((error: unknown) => {
      taxId = null;
      options.warn?.(
        `Stripe did not take the registration number ${value} as the account's jp_trn tax id (${
          error instanceof Error ? error.message : String(error)
        }); this checkout's Stripe invoice goes without it.`,
      );
      return null;
    });
    const id = await taxId;
    return id ? [id] : undefined;
  }

  const planOfPrice = new Map(
    Object.entries(config.prices).map(([plan, price]) => [price, plan as TPaidPlanId]),
  );

  return {
    /** The plan a Stripe price stands for, when it is one of ours. */
    planOfPrice(priceId: string | null): TPaidPlanId | undefined {
      return priceId ? planOfPrice.get(priceId) : undefined;
    },

    /** Plans sold online: those with a price configured. */
    sells(planId: TPaidPlanId): boolean {
      return Boolean(config.prices[planId]);
    },

    async createCheckoutSession(req: CheckoutRequest): Promise<{ id: string; url: string }> {
      const price = config.prices[req.planId];
      if (!price) throw new BillingError("misconfigured", `No Stripe price is configured for ${req.planId}.`);
      const metadata = { userId: req.userId, planId: req.planId };
      const taxIds = await accountTaxIds();
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: "subscription",
          currency: "jpy",
          line_items: [{ price, quantity: 1 }],
          client_reference_id: req.userId,
          ...(req.customerId ? { customer: req.customerId } : { customer_email: req.email }),
          metadata,
          subscription_data: {
            metadata,
            ...(taxIds ? { invoice_settings: { account_tax_ids: taxIds } } : {}),
          },
          locale: req.language,
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        }),
      );
      if (!session.url) throw new BillingError("unavailable", "Stripe did not return a checkout address.");
      return { id: session.id, url: session.url };
    },

    /**
     * A one-time payment page (decision 0042): the amount includes tax (tax_behavior inclusive), the
     * card is kept for renewals (setup_future_usage off_session) and Stripe issues its invoice.
     */
    async createPaymentCheckout(req: PaymentCheckoutRequest): Promise<{ id: string; url: string }> {
      const metadata = { kind: "domain_order", orderId: req.orderId, userId: req.userId };
      const taxIds = await accountTaxIds();
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            currency: "jpy",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: "jpy",
                  unit_amount: req.amountJpy,
                  tax_behavior: "inclusive",
                  product_data: { name: req.description },
                },
              },
            ],
            client_reference_id: req.userId,
            ...(req.customerId
              ? { customer: req.customerId }
              : { customer_email: req.email, customer_creation: "always" }),
            metadata,
            payment_intent_data: {
              metadata,
              setup_future_usage: "off_session",
              description: req.description,
            },
            invoice_creation: {
              enabled: true,
              invoice_data: { metadata, ...(taxIds ? { account_tax_ids: taxIds } : {}) },
            },
            locale: req.language,
            success_url: req.successUrl,
            cancel_url: req.cancelUrl,
          },
          { idempotencyKey: `checkout-${req.orderId}` },
        ),
      );
      if (!session.url) throw new BillingError("unavailable", "Stripe did not return a checkout address.");
      return { id: session.id, url: session.url };
    },

    async retrievePaymentSession(sessionId: string): Promise<PaymentSession> {
      const session = await call(() =>
        stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent"] }),
      );
      const intent = session.payment_intent;
      return {
        id: session.id,
        status: session.status ?? "open",
        paymentStatus: session.payment_status,
        amountTotal: session.amount_total,
        customerId: idOf(session.customer),
        paymentIntentId: idOf(intent),
        paymentMethodId: typeof intent === "object" && intent ? idOf(intent.payment_method) : null,
        metadata: { ...(session.metadata ?? {}) },
      };
    },

    /** Gives a payment back in full; one refund per key however often it is asked. */
    async refund(
      paymentIntentId: string,
      key: string,
      reason: string,
    ): Promise<{ id: string; amount: number }> {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: paymentIntentId, metadata: { reason: reason.slice(0, 450) } },
          { idempotencyKey: key },
        ),
      );
      return { id: refund.id, amount: refund.amount };
    },

    /** Charges a saved card without the customer present (renewals); throws "declined" when refused. */
    async chargeSaved(req: {
      customerId: string;
      paymentMethodId: string;
      amountJpy: number;
      description: string;
      metadata: Record<string, string>;
      key: string;
    }): Promise<{ id: string }> {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: req.amountJpy,
            currency: "jpy",
            customer: req.customerId,
            payment_method: req.paymentMethodId,
            off_session: true,
            confirm: true,
            description: req.description,
            metadata: req.metadata,
          },
          { idempotencyKey: req.key },
        ),
      );
      if (intent.status !== "succeeded") {
        throw new BillingError("declined", `The payment was not completed (${intent.status}).`);
      }
      return { id: intent.id };
    },

    async createPortalSession(customerId: string, returnUrl: string, language: TLanguage): Promise<string> {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          locale: language,
        }),
      );
      return session.url;
    },

    /** Moves a running subscription to another plan now, invoicing the prorated difference at once. */
    async changePlan(
      subscriptionId: string,
      planId: TPaidPlanId,
      userId: string,
    ): Promise<SubscriptionState> {
      const price = config.prices[planId];
      if (!price) throw new BillingError("misconfigured", `No Stripe price is configured for ${planId}.`);
      const current = await call(() => stripe.subscriptions.retrieve(subscriptionId));
      const item = current.items.data[0];
      if (!item) throw new BillingError("invalid", "The subscription has no item to change.");
      const updated = await call(() =>
        stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price }],
          proration_behavior: "always_invoice",
          payment_behavior: "error_if_incomplete",
          metadata: { userId, planId },
        }),
      );
      return subscriptionState(updated);
    },

    /** The subscription as Stripe has it now (webhooks apply this, not their possibly old payload). */
    async retrieveSubscription(subscriptionId: string): Promise<SubscriptionState> {
      return subscriptionState(await call(() => stripe.subscriptions.retrieve(subscriptionId)));
    },

    /** Ends a subscription now (the account is being deleted). */
    async cancelNow(subscriptionId: string): Promise<void> {
      await call(() => stripe.subscriptions.cancel(subscriptionId));
    },

    /** Checks the signature over the raw body; throws when it is wrong, missing or too old. */
    verifyEvent(raw: Buffer, signature: string | undefined, nowMs: number): Stripe.Event {
      if (!signature) throw new BillingError("invalid", "Missing Stripe-Signature header");
      try {
        return stripe.webhooks.constructEvent(
          raw,
          signature,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          nowMs,
        );
      } catch (error) {
        throw new BillingError("invalid", error instanceof Error ? error.message : "Invalid signature");
      }
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
