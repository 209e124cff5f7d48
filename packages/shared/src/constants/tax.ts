/**
 * Consumption tax and 適格請求書 (qualified invoices), decision 0043. Every price a customer sees is
 * tax-inclusive (総額表示): the plan catalogue's prices and domain prices include 10% consumption tax.
 * Tax on an invoice is worked out once per invoice and per rate from the tax-inclusive total of
 * that rate, rounded down (one rounding per rate per invoice, as the invoice system requires).
 */
export const STANDARD_TAX_RATE = 10;

/** The catalogue's prices (PLANS[*].priceJpy) include consumption tax. */
export const PLAN_PRICES_INCLUDE_TAX = true;

/** A tax-exclusive yen amount with 10% added (rounded down): what a customer pays. */
export function withTax(exclusiveJpy: number, rate: number = STANDARD_TAX_RATE): number {
  return exclusiveJpy + Math.floor((exclusiveJpy * rate) / 100);
}

/** The consumption tax contained in a tax-inclusive amount (rounded down). */
export function taxIncludedIn(inclusiveJpy: number, rate: number = STANDARD_TAX_RATE): number {
  return Math.floor((inclusiveJpy * rate) / (100 + rate));
}

/** The tax-exclusive part of a tax-inclusive amount. */
export function withoutTax(inclusiveJpy: number, rate: number = STANDARD_TAX_RATE): number {
  return inclusiveJpy - taxIncludedIn(inclusiveJpy, rate);
}

export type TInvoiceLineInput = { description: string; amountJpy: number; taxRate: number };

export type TInvoiceTotals = {
  /** One entry per tax rate, highest rate first. */
  byRate: { taxRate: number; totalJpy: number; taxJpy: number; exclusiveJpy: number }[];
  totalJpy: number;
  taxJpy: number;
};

/**
 * Totals of an invoice whose lines are tax-inclusive: per rate the lines are added first and the tax
 * of that sum is rounded once (never per line). Negative lines (refunds) reduce their rate's sum.
 */
export function invoiceTotals(lines: readonly TInvoiceLineInput[]): TInvoiceTotals {
  const sums = new Map<number, number>();
  for (const line of lines) sums.set(line.taxRate, (sums.get(line.taxRate) ?? 0) + line.amountJpy);
  const byRate = [...sums.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([taxRate, totalJpy]) => {
      const sign = totalJpy < 0 ? -1 : 1;
      const taxJpy = sign * taxIncludedIn(Math.abs(totalJpy), taxRate);
      return { taxRate, totalJpy, taxJpy, exclusiveJpy: totalJpy - taxJpy };
    });
  return {
    byRate,
    totalJpy: byRate.reduce((a, r) => a + r.totalJpy, 0),
    taxJpy: byRate.reduce((a, r) => a + r.taxJpy, 0),
  };
}

/**
 * Whether a 適格請求書発行事業者登録番号 is well formed: "T" and 13 digits whose first digit is the
 * check digit of the other twelve, by the National Tax Agency's rule for 法人番号 (which registration
 * numbers share): 9 − (Σ Pn × Qn mod 9), Pn the n-th digit counted from the right of the twelve,
 * Qn 1 for odd n and 2 for even n.
 */
export function isInvoiceRegistrationNumber(value: string): boolean {
  const m = /^T(\d)(\d{12})$/.exec(value);
  if (!m) return false;
  const base = (m[2] as string).split("").reverse().map(Number);
  const sum = base.reduce((acc, digit, i) => acc + digit * (i % 2 === 0 ? 1 : 2), 0);
  return 9 - (sum % 9) === Number(m[1]);
}
