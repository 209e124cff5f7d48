import type { TDomainPayer, TDomainSearchResult } from "@shobai/shared";
import { withoutTax } from "@shobai/shared";
import { CreditCard } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatDate, formatJpy } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { formatYears } from "../period";

/**
 * The purchase step before any money moves (decision 0042): the domain, the period, the price
 * including tax with the tax-exclusive amount and the tax beside it, who pays, and the renewal.
 */
export function PurchaseConfirmDialog({
  quote,
  payer,
  autoRenew,
  onAutoRenewChange,
  pending,
  onConfirm,
  onCancel,
  onCloseAutoFocus,
}: {
  quote: TDomainSearchResult & { price: number };
  payer: TDomainPayer;
  autoRenew: boolean;
  onAutoRenewChange: (value: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where the focus goes once the dialog closes (preventDefault keeps it where the form put it). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t, i18n } = useTranslation("domains");
  const id = useId();
  const exclusive = quote.priceExcludingTax ?? withoutTax(quote.price);
  const expires = new Date();
  expires.setFullYear(expires.getFullYear() + quote.registrationPeriod);

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent
        closeLabel={t("common:nav.close")}
        data-testid="purchase-confirm-dialog"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{t("purchase.confirmTitle")}</DialogTitle>
          <DialogDescription>{t("purchase.confirmDescription")}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t("purchase.domain")}</dt>
          <dd className="break-all font-semibold" data-testid="purchase-domain">
            {quote.unicodeDomain}
          </dd>
          <dt className="text-muted-foreground">{t("purchase.period")}</dt>
          <dd>{formatYears(quote.registrationPeriod, i18n.language)}</dd>
          <dt className="text-muted-foreground">{t("purchase.price")}</dt>
          <dd>
            <span className="text-base font-semibold" data-testid="purchase-price">
              {t("purchase.taxIncluded", { price: formatJpy(quote.price) })}
            </span>
            <span className="block text-xs text-muted-foreground" data-testid="purchase-price-breakdown">
              {t("purchase.breakdown", {
                exclusive: formatJpy(exclusive),
                tax: formatJpy(quote.price - exclusive),
              })}
            </span>
          </dd>
          <dt className="text-muted-foreground">{t("purchase.payer")}</dt>
          <dd data-testid="purchase-payer">{t(`purchase.payers.${payer}`)}</dd>
          <dt className="text-muted-foreground">{t("purchase.renewal")}</dt>
          <dd>
            <label htmlFor={`${id}-renew`} className="flex items-start gap-2">
              <input
                id={`${id}-renew`}
                type="checkbox"
                className="mt-1 size-4 accent-primary"
                checked={autoRenew}
                disabled={pending}
                data-testid="purchase-auto-renew"
                onChange={(e) => onAutoRenewChange(e.target.checked)}
              />
              <span>{t("purchase.autoRenew")}</span>
            </label>
            <span className="mt-1 block text-xs text-muted-foreground">
              {t(autoRenew ? "purchase.renewsOn" : "purchase.expiresOn", { date: formatDate(expires) })}
            </span>
          </dd>
        </dl>
        <p className="rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">
          {t(payer === "card" ? "purchase.cardNote" : "purchase.invoiceNote")}
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {t("actions.cancel")}
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} disabled={pending} data-testid="purchase-confirm">
            {pending ? <Spinner /> : <CreditCard aria-hidden />}
            {t(payer === "card" ? "purchase.pay" : "purchase.buy", { price: formatJpy(quote.price) })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
