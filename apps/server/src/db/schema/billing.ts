import { bigint, boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/**
 * A workspace's link to Stripe: the customer, the subscription that currently counts, and the time
 * of the newest Stripe event applied to it (events can arrive in any order; older ones are ignored).
 * The plan and status themselves live on `workspaces`, where every limit check reads them.
 * `user_id` holds the WORKSPACE id (the name predates teams; for a personal workspace it is also
 * the account's id, decision 0051).
 */
export const billingAccounts = pgTable("billing_accounts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  customerId: text("customer_id").unique(),
  subscriptionId: text("subscription_id"),
  /** Stripe's own subscription status (active, trialing, past_due, unpaid, canceled, …). */
  stripeStatus: text("stripe_status"),
  priceId: text("price_id"),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  /** `created` (Unix seconds) of the newest event applied to this subscription. */
  stateAt: bigint("state_at", { mode: "number" }).notNull().default(0),
  /** The card saved at a domain checkout, charged off-session for renewals (decision 0042). */
  paymentMethodId: text("payment_method_id"),
  /** Set by the operator (admin invoice-billing): without Stripe, may buy domains on invoice. */
  invoiceBilled: boolean("invoice_billed").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every Stripe webhook event taken, by its id: a replayed event is recognised and changes nothing. */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** Set when the event concerned a known account (kept when the account is deleted). */
    userId: text("user_id"),
    eventCreated: timestamp("event_created", { withTimezone: true }).notNull(),
    /** applied, stale (older than the state), ignored (not a type or account we act on). */
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("billing_events_user_idx").on(t.userId)],
);
