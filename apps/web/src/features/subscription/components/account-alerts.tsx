import type { TSubscriptionStatusResponse } from "@shobai/shared";
import { CircleAlert, Info, Lock } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";

interface AccountAlertsProps {
  status: TSubscriptionStatusResponse;
  onManageBilling: () => void;
  portalPending: boolean;
}

/**
 * What needs the owner's attention before the plans: a trial or subscription that has run out
 * (data kept, creation paused) and a failed payment.
 */
export function AccountAlerts({ status, onManageBilling, portalPending }: AccountAlertsProps) {
  const { t } = useTranslation("subscription");
  return (
    <>
      {status.access !== "ok" ? (
        <div
          role="alert"
          data-testid="access-ended-banner"
          className="flex gap-3 rounded-lg border border-amber-300 bg-warning-soft px-4 py-3 text-sm text-amber-950"
        >
          <Lock className="mt-1 size-4 shrink-0 text-amber-700" aria-hidden />
          <div className="min-w-0">
            <p className="font-semibold">
              {t(
                status.access === "trial_ended" ? "alerts.trialEndedTitle" : "alerts.subscriptionEndedTitle",
              )}
            </p>
            <p>{t("alerts.accessEnded")}</p>
          </div>
        </div>
      ) : null}

      {status.subscriptionStatus === "past_due" ? (
        <Alert
          variant="destructive"
          data-testid="past-due-banner"
          className="flex-col sm:flex-row sm:items-center"
        >
          <CircleAlert className="hidden sm:block" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{t("alerts.pastDueTitle")}</p>
            <p>{t("alerts.pastDue")}</p>
          </div>
          {status.billing.portal ? (
            <Button
              size="sm"
              variant="destructive"
              className="self-start sm:self-center"
              onClick={onManageBilling}
              disabled={portalPending}
            >
              {t("alerts.updatePayment")}
            </Button>
          ) : null}
        </Alert>
      ) : null}
    </>
  );
}

/** Online payment is not set up on this server: Select Plan still asks, and the server explains. */
export function BillingOffNote() {
  const { t } = useTranslation("subscription");
  return (
    <div
      role="note"
      data-testid="billing-off-note"
      className="flex gap-3 rounded-lg border border-border bg-background px-4 py-3 text-sm"
    >
      <Info className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold">{t("alerts.billingOffTitle")}</p>
        <p className="text-muted-foreground">{t("alerts.billingOff")}</p>
      </div>
    </div>
  );
}
