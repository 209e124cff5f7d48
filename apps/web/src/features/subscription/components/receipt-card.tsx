import type { TReceipt } from "@shobai/shared";
import { Printer } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDate, formatJpy } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";

/**
 * One receipt laid out as a 適格請求書 (decision 0043): seller and registration number, customer,
 * date, items, the total and the tax per rate (rounded once per rate), and any refund.
 */
export function ReceiptCard({ receipt, onPrint }: { receipt: TReceipt; onPrint: (id: string) => void }) {
  const { t } = useTranslation("subscription");
  return (
    <article
      className="rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
      data-testid="receipt"
      data-receipt-id={receipt.id}
      aria-labelledby={`receipt-${receipt.id}-title`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-border pb-4">
        <div className="min-w-0">
          <h2 id={`receipt-${receipt.id}-title`} className="text-lg font-bold">
            {t(receipt.kind === "invoice" ? "receipts.invoiceTitle" : "receipts.receiptTitle")}
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {t("receipts.number", { number: receipt.number })} · {formatDate(receipt.issuedAt)}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="print:hidden"
          onClick={() => onPrint(receipt.id)}
          data-testid="receipt-print"
        >
          <Printer aria-hidden />
          {t("receipts.print")}
        </Button>
      </header>
      <div className="grid gap-4 py-4 text-sm sm:grid-cols-2">
        <div>
          <p className="text-xs text-muted-foreground">{t("receipts.customer")}</p>
          <p className="font-semibold" data-testid="receipt-customer">
            {t("receipts.customerName", { name: receipt.customerName || receipt.customerEmail })}
          </p>
        </div>
        <div className="sm:text-right">
          <p className="text-xs text-muted-foreground">{t("receipts.seller")}</p>
          <p className="font-semibold">{receipt.seller.name ?? t("receipts.sellerUnset")}</p>
          <p data-testid="receipt-registration-number">
            {receipt.seller.registrationNumber
              ? t("receipts.registrationNumber", { number: receipt.seller.registrationNumber })
              : t("receipts.registrationNumberUnset")}
          </p>
        </div>
      </div>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-y border-border text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 font-medium">
              {t("receipts.item")}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t("receipts.rate")}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t("receipts.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line) => (
            <tr key={line.description} className="border-b border-border">
              <td className="py-2 pr-2 break-all">{line.description}</td>
              <td className="py-2 text-right tabular-nums">{line.taxRate}%</td>
              <td className="py-2 text-right tabular-nums">{formatJpy(line.amountJpy)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto mt-3 grid max-w-xs grid-cols-[minmax(0,1fr)_auto] gap-x-6 gap-y-1 text-sm">
        {receipt.byRate.map((rate) => (
          <div key={rate.taxRate} className="contents" data-testid="receipt-rate">
            <dt className="text-muted-foreground">{t("receipts.rateTotal", { rate: rate.taxRate })}</dt>
            <dd className="text-right tabular-nums">{formatJpy(rate.totalJpy)}</dd>
            <dt className="text-muted-foreground">{t("receipts.rateTax", { rate: rate.taxRate })}</dt>
            <dd className="text-right tabular-nums">{formatJpy(rate.taxJpy)}</dd>
          </div>
        ))}
        <dt className="border-t border-border pt-1 font-semibold">{t("receipts.total")}</dt>
        <dd
          className="border-t border-border pt-1 text-right font-bold tabular-nums"
          data-testid="receipt-total"
        >
          {formatJpy(receipt.totalJpy)}
        </dd>
        {receipt.refundedJpy > 0 ? (
          <>
            <dt className="text-destructive">{t("receipts.refunded")}</dt>
            <dd className="text-right text-destructive tabular-nums" data-testid="receipt-refunded">
              -{formatJpy(receipt.refundedJpy)}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="mt-4 text-xs text-muted-foreground">
        {receipt.kind === "invoice"
          ? t("receipts.invoiceNote")
          : t("receipts.paidNote", { ref: receipt.paymentRef ?? "-" })}
      </p>
    </article>
  );
}
