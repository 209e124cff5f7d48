import { ReceiptText } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { isUnauthorizedError } from "@/lib/api-error";
import { useLoginRedirect } from "@/lib/use-login-redirect";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { useReceipts } from "../api/get-receipts";
import { ReceiptCard } from "../components/receipt-card";

/** Prints one receipt alone: index.css hides everything else while body[data-printing] is set. */
function printReceipt(id: string) {
  for (const el of document.querySelectorAll("[data-receipt-printing]"))
    el.removeAttribute("data-receipt-printing");
  document.querySelector(`[data-receipt-id="${CSS.escape(id)}"]`)?.setAttribute("data-receipt-printing", "");
  document.body.dataset.printing = "receipt";
  const done = () => {
    delete document.body.dataset.printing;
    window.removeEventListener("afterprint", done);
  };
  window.addEventListener("afterprint", done);
  window.print();
}

/** /receipts: every payment as a receipt that qualifies as 適格請求書, printable one at a time. */
export default function ReceiptsPage() {
  const { t } = useTranslation("subscription");
  const { user } = useUser();
  const receipts = useReceipts({ enabled: user !== null });
  useLoginRedirect(receipts.isError && isUnauthorizedError(receipts.error));
  const list = receipts.data?.receipts;

  return (
    <div className="flex flex-col gap-6" data-testid="receipts-page">
      <div className="min-w-0 print:hidden">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("receipts.title")}</h1>
        <p className="mt-1 max-w-[48em] text-muted-foreground">{t("receipts.subtitle")}</p>
      </div>
      {receipts.isError ? (
        <Alert variant="destructive" className="items-center justify-between">
          <span>{t("receipts.loadFailed")}</span>
          <Button variant="outline" size="sm" onClick={() => void receipts.refetch()}>
            {t("current.retry")}
          </Button>
        </Alert>
      ) : !list ? (
        <div className="grid gap-4">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-64 w-full rounded-xl" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <div
          className="flex flex-col items-center rounded-lg border border-dashed border-border px-6 py-10 text-center"
          data-testid="receipts-empty"
        >
          <span className="mb-4 grid size-12 place-items-center rounded-2xl bg-brand-50 text-primary ring-1 ring-brand-100">
            <ReceiptText className="size-6" aria-hidden />
          </span>
          <p className="font-semibold">{t("receipts.emptyTitle")}</p>
          <p className="mt-1 max-w-[34em] text-sm text-muted-foreground">{t("receipts.emptyDescription")}</p>
        </div>
      ) : (
        <div className="grid gap-4">
          {list.map((receipt) => (
            <ReceiptCard key={receipt.id} receipt={receipt} onPrint={printReceipt} />
          ))}
        </div>
      )}
    </div>
  );
}
