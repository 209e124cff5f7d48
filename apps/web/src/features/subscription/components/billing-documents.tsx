import { ReceiptText } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent } from "@/components/ui/card";
import { useTranslation } from "@/lib/use-translation";
import { useSeller } from "../api/get-seller";

/**
 * Receipts and the seller's invoice registration number (decision 0043); on the trial, what
 * choosing a plan does to the trial days left.
 */
export function BillingDocuments({ onTrial }: { onTrial: boolean }) {
  const { t } = useTranslation("subscription");
  const seller = useSeller();
  const number = seller.data?.invoiceNumber ?? null;
  return (
    <Card data-testid="billing-documents">
      <CardContent className="grid gap-3 p-4 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:p-6">
        <div className="min-w-0">
          <p className="font-semibold">{t("documents.title")}</p>
          <p className="mt-0.5 text-muted-foreground">{t("documents.tax")}</p>
          {number ? (
            <p className="mt-0.5" data-testid="invoice-registration-number">
              {t("documents.registrationNumber", { number })}
            </p>
          ) : null}
          {onTrial ? (
            <p className="mt-0.5 text-muted-foreground" data-testid="trial-upgrade-note">
              {t("pricing.notes.trialUpgrade")}
            </p>
          ) : null}
        </div>
        <Link
          href="/receipts"
          className="inline-flex items-center gap-2 justify-self-start rounded-md border border-border px-3 py-1.5 font-medium hover:bg-muted"
          data-testid="receipts-link"
        >
          <ReceiptText className="size-4" aria-hidden />
          {t("documents.receipts")}
        </Link>
      </CardContent>
    </Card>
  );
}
