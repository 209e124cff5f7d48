import { ERROR_CODES } from "@shobai/shared";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "../../db/client";
import { billingEvents, users, workspaces } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { BillingError, invoiceSubscriptionId, type SubscriptionState } from "../../providers/billing/stripe";
import {
  type Applied,
  applyState,
  billingFailure,
  lockSubscription,
  notConfigured,
  type StateDeps,
  type Tx,
  userOfCustomer,
  type WebhookOutcome,
} from "./state";

/** Stripe's webhook: verified, taken once per event id, applied in one transaction. */

/**
 * A workspace id the event may act on (Stripe's `userId` metadata names the workspace that bought,
 * decision 0051): a workspace that exists and, when personal, whose account was not deleted.
 */
async function liveUser(tx: Tx, workspaceId: string | null | undefined): Promise<string | null> {
  if (!workspaceId) return null;
  const [row] = await tx
    .select({ id: workspaces.id, deletedAt: users.deletedAt })
    .from(workspaces)
    .leftJoin(users, eq(users.id, workspaces.personalOf))
    .where(eq(workspaces.id, workspaceId));
  return row && !row.deletedAt ? row.id : null;
}

/** The subscription an event is about, and who it names as the owner. */
function subjectOf(event: Stripe.Event): { subscriptionId: string; userHint: string | null } | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const subscriptionId =
        typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
      if (session.mode !== "subscription" || !subscriptionId) return null;
      return { subscriptionId, userHint: session.client_reference_id ?? session.metadata?.userId ?? null };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed": {
      const sub = event.data.object;
      return { subscriptionId: sub.id, userHint: sub.metadata?.userId ?? null };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (!subscriptionId) return null;
      return { subscriptionId, userHint: invoice.parent?.subscription_details?.metadata?.userId ?? null };
    }
    default:
      return null;
  }
}

/**
 * Events can come late, twice or out of order, and their payloads can be older than the truth.
 * So an event only says which subscription changed: its current state is read from Stripe and
 * applied, under a lock per subscription, and any order of events ends in Stripe's state.
 */
async function applyEvent(deps: StateDeps, tx: Tx, event: Stripe.Event): Promise<Applied> {
  const subject = subjectOf(event);
  if (!subject || !deps.gateway) return { outcome: "ignored", userId: null };
  await lockSubscription(tx, subject.subscriptionId);
  let state: SubscriptionState;
  try {
    state = await deps.gateway.retrieveSubscription(subject.subscriptionId);
  } catch (error) {
    // Unknown to Stripe (deleted test data, another account's object): nothing to apply.
    if (error instanceof BillingError && error.kind === "invalid")
      return { outcome: "ignored", userId: null };
    throw error;
  }
  const userId =
    (await liveUser(tx, state.metadata.userId)) ??
    (await liveUser(tx, subject.userHint)) ??
    (await liveUser(tx, await userOfCustomer(tx, state.customerId)));
  if (!userId) return { outcome: "ignored", userId: null };
  return applyState(deps, tx, userId, state, event.created);
}

export type PaymentHooks = {
  /** A Checkout session of a domain order completed or expired; false when the order is unknown. */
  onCheckoutEvent: (orderId: string) => Promise<boolean>;
  /** A subscription invoice was paid (ledger and receipt). */
  onInvoicePaid: (userId: string, invoiceId: string, amountJpy: number, description: string) => Promise<void>;
};

const CHECKOUT_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.expired",
]);

/** The domain order a one-time Checkout event is about (decision 0042). */
function orderOf(event: Stripe.Event): string | null {
  if (!CHECKOUT_EVENTS.has(event.type)) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.mode !== "payment" || session.metadata?.kind !== "domain_order") return null;
  return session.metadata.orderId ?? null;
}

export function createWebhookHandler(
  deps: StateDeps & { db: Database; payments?: PaymentHooks | undefined },
) {
  const { db } = deps;
  return async function webhook(
    raw: Buffer,
    signature: string | undefined,
  ): Promise<{ received: true; outcome: WebhookOutcome }> {
    const gateway = deps.gateway;
    if (!gateway) throw notConfigured();
    let event: Stripe.Event;
    try {
      event = gateway.verifyEvent(raw, signature, deps.now().getTime());
    } catch (error) {
      throw AppError.badRequest(
        ERROR_CODES.validation,
        `Invalid webhook signature: ${error instanceof Error ? error.message : "not verified"}`,
      );
    }
    const [seen] = await db
      .select({ id: billingEvents.id })
      .from(billingEvents)
      .where(eq(billingEvents.id, event.id));
    if (seen) return { received: true, outcome: "duplicate" };
    const orderId = orderOf(event);
    if (orderId && deps.payments) {
      // The order reads the session from Stripe itself and moves once, so a repeat changes nothing;
      // the event is kept only once it has been handled (a failure here is retried by Stripe).
      let known: boolean;
      try {
        known = await deps.payments.onCheckoutEvent(orderId);
      } catch (error) {
        throw billingFailure(error, deps.log);
      }
      const outcome: WebhookOutcome = known ? "applied" : "ignored";
      await db
        .insert(billingEvents)
        .values({ id: event.id, type: event.type, eventCreated: new Date(event.created * 1000), outcome })
        .onConflictDoNothing();
      return { received: true, outcome };
    }
    let applied: Applied;
    try {
      applied = await db.transaction(async (tx): Promise<Applied> => {
        const taken = await tx
          .insert(billingEvents)
          .values({
            id: event.id,
            type: event.type,
            eventCreated: new Date(event.created * 1000),
            outcome: "pending",
          })
          .onConflictDoNothing()
          .returning({ id: billingEvents.id });
        if (taken.length === 0) return { outcome: "duplicate", userId: null };
        const result = await applyEvent(deps, tx, event);
        await tx
          .update(billingEvents)
          .set({ outcome: result.outcome, userId: result.userId })
          .where(eq(billingEvents.id, event.id));
        return result;
      });
    } catch (error) {
      // Nothing was kept, so Stripe's retry of this event will be taken.
      throw billingFailure(error, deps.log);
    }
    deps.log?.info({ event: event.id, type: event.type, outcome: applied.outcome }, "stripe event");
    if (event.type === "invoice.paid" && applied.userId && deps.payments) {
      const invoice = event.data.object;
      const line = invoice.lines?.data?.[0]?.description ?? "Shobai subscription (monthly)";
      await deps.payments
        .onInvoicePaid(applied.userId, invoice.id ?? event.id, invoice.amount_paid ?? 0, line)
        .catch((error: unknown) =>
          deps.log?.error({ err: String(error) }, "could not record a paid invoice"),
        );
    }
    if (applied.supersede) {
      // A second subscription replaced the first (two checkouts): the first must not bill on.
      await gateway.cancelNow(applied.supersede).catch((error: unknown) => {
        deps.log?.error(
          { subscription: applied.supersede, err: String(error) },
          "could not cancel a replaced subscription",
        );
      });
    }
    return { received: true, outcome: applied.outcome };
  };
}
