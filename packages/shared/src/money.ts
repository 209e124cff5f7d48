import { z } from "zod";

export * from "./constants/tax.ts";

export const ZInvoiceLine = z.object({
  description: z.string(),
  amountJpy: z.number().int(),
  taxRate: z.number().int(),
});

/** One receipt: a payment (or an amount to be invoiced), qualified as 適格請求書 when the number is set. */
export const ZReceipt = z.object({
  id: z.string(),
  /** Printed receipt number. */
  number: z.string(),
  issuedAt: z.iso.datetime(),
  kind: z.enum(["card", "invoice"]),
  customerName: z.string(),
  customerEmail: z.string(),
  seller: z.object({ name: z.string().nullable(), registrationNumber: z.string().nullable() }),
  lines: z.array(ZInvoiceLine),
  byRate: z.array(
    z.object({
      taxRate: z.number().int(),
      totalJpy: z.number().int(),
      taxJpy: z.number().int(),
      exclusiveJpy: z.number().int(),
    }),
  ),
  totalJpy: z.number().int(),
  taxJpy: z.number().int(),
  /** Stripe's payment id, when paid by card. */
  paymentRef: z.string().nullable(),
  refundedJpy: z.number().int(),
});
export type TReceipt = z.infer<typeof ZReceipt>;
export const ZReceiptList = z.object({ receipts: z.array(ZReceipt) });
export type TReceiptList = z.infer<typeof ZReceiptList>;
