import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/**
 * A domain bought by an owner (decision 0042): written before payment, registered only once the
 * payment is confirmed, refunded when the registrar then fails. `kind` register | renew.
 */
export const domainOrders = pgTable(
  "domain_orders",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().default("register"),
    /** ASCII (punycode) form, lower case. */
    domain: text("domain").notNull(),
    registrationPeriod: integer("registration_period").notNull(),
    /** Tax-inclusive total charged, integer JPY, and the tax in it. */
    amountJpy: integer("amount_jpy").notNull(),
    taxJpy: integer("tax_jpy").notNull(),
    /** What the registrar charges us (tax-exclusive), integer JPY. */
    costJpy: integer("cost_jpy").notNull(),
    /** card (Stripe Checkout) | invoice (operator bills the account). */
    payer: text("payer").notNull(),
    /** pending_payment | paid | registered | refunded | canceled */
    status: text("status").notNull().default("pending_payment"),
    autoRenew: boolean("auto_renew").notNull().default(true),
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    checkoutSessionId: text("checkout_session_id").unique(),
    paymentIntentId: text("payment_intent_id"),
    refundId: text("refund_id"),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("domain_orders_owner_idx").on(t.ownerId, t.createdAt)],
);

/**
 * Every movement of money, for reconciliation with Stripe and the registrar (kept 7 years, so not
 * removed with the account: owner_id is kept as text). Amounts are integer JPY: what the customer
 * paid is positive, what went back to them negative; registrar costs are the operator's spending.
 * kind: charge | refund | registrar_order | registrar_renewal | renewal_charge | invoice_billed
 *       | subscription_payment
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id"),
    kind: text("kind").notNull(),
    amountJpy: integer("amount_jpy").notNull(),
    taxJpy: integer("tax_jpy").notNull().default(0),
    description: text("description").notNull(),
    domain: text("domain"),
    orderId: text("order_id"),
    stripeId: text("stripe_id"),
    registrarRef: text("registrar_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_created_idx").on(t.createdAt),
    index("ledger_entries_owner_idx").on(t.ownerId, t.createdAt),
    // One row per Stripe object and kind: a replayed webhook or a second settle adds nothing.
    uniqueIndex("ledger_entries_kind_stripe_idx").on(t.kind, t.stripeId),
  ],
);
