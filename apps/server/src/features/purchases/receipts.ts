import { invoiceTotals, STANDARD_TAX_RATE, type TReceipt } from "@shobai/shared";
import type { Database } from "../../db/client";
import * as q from "./queries";

/** Ledger kinds the customer paid (or is invoiced for): each is one receipt. */
const PAID = new Set(["charge", "renewal_charge", "invoice_billed", "subscription_payment"]);

export type Seller = { name: string | null; registrationNumber: string | null };

/**
 * Receipts as 適格請求書 (decision 0043): seller and registration number, customer, date, items,
 * totals and tax per rate rounded once per receipt per rate. Built from the ledger, so they show
 * exactly what was charged, and refunds of the same order beside them.
 */
export function createReceiptsService(deps: { db: Database; seller: Seller }) {
  return {
    async list(ownerId: string): Promise<TReceipt[]> {
      const [rows, customer] = await Promise.all([
        q.ledgerOf(deps.db, ownerId),
        q.customerOf(deps.db, ownerId),
      ]);
      const refunded = new Map<string, number>();
      for (const r of rows) {
        if (r.kind === "refund" && r.orderId)
          refunded.set(r.orderId, (refunded.get(r.orderId) ?? 0) - r.amountJpy);
      }
      return rows
        .filter((r) => PAID.has(r.kind))
        .map((r) => {
          const lines = [{ description: r.description, amountJpy: r.amountJpy, taxRate: STANDARD_TAX_RATE }];
          const totals = invoiceTotals(lines);
          // The Tokyo date, as the receipt shows it.
          const day = r.createdAt.toLocaleDateString("sv-SE", { timeZone: "Asia/Tokyo" }).replaceAll("-", "");
          return {
            id: r.id,
            number: `R-${day}-${r.id.slice(0, 8).toUpperCase()}`,
            issuedAt: r.createdAt.toISOString(),
            kind: r.kind === "invoice_billed" ? "invoice" : "card",
            customerName: customer?.name ?? "",
            customerEmail: customer?.email ?? "",
            seller: deps.seller,
            lines,
            ...totals,
            paymentRef: r.kind === "invoice_billed" ? null : r.stripeId,
            refundedJpy: r.orderId ? (refunded.get(r.orderId) ?? 0) : 0,
          };
        });
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
