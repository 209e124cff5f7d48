import { CheckCircle2, Clock, Undo2, XCircle } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { formatJpy } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { useDomainOrder } from "../api/get-order";

/** After Stripe's payment page: how the order stands (paying, registered, refunded, canceled). */
export function OrderStatusBanner({ orderId }: { orderId: string }) {
  const { t } = useTranslation("domains");
  const order = useDomainOrder(orderId);
  const data = order.data;
  if (!data) return null;
  const values = { domain: data.unicodeDomain, price: formatJpy(data.amountJpy) };
  if (data.status === "registered") {
    return (
      <Alert variant="info" data-testid="order-status" data-status="registered">
        <CheckCircle2 aria-hidden />
        <div>
          <p className="font-semibold">{t("order.registeredTitle", values)}</p>
          <p className="mt-0.5">
            {t("order.registered", values)}{" "}
            <a href="/receipts" className="font-medium underline underline-offset-2">
              {t("order.receipt")}
            </a>
          </p>
        </div>
      </Alert>
    );
  }
  if (data.status === "refunded" || data.status === "canceled") {
    const Icon = data.status === "refunded" ? Undo2 : XCircle;
    return (
      <Alert variant="destructive" data-testid="order-status" data-status={data.status}>
        <Icon aria-hidden />
        <div>
          <p className="font-semibold">{t(`order.${data.status}Title`, values)}</p>
          <p className="mt-0.5">{t(`order.${data.status}`, values)}</p>
        </div>
      </Alert>
    );
  }
  return (
    <Alert data-testid="order-status" data-status={data.status}>
      <Clock aria-hidden />
      <div>
        <p className="font-semibold">{t("order.pendingTitle", values)}</p>
        <p className="mt-0.5 text-muted-foreground">{t("order.pending", values)}</p>
      </div>
    </Alert>
  );
}
