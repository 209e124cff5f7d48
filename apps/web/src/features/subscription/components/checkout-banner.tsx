import { CircleCheck, Clock } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";

/** After Stripe Checkout: the plan is on its way (the webhook may lag), active, or slow to come. */
export type ActivationState = "activating" | "activated" | "slow";

export function CheckoutBanner({ state, planName }: { state: ActivationState; planName: string }) {
  const { t } = useTranslation("subscription");
  const success = state === "activated";
  return (
    <div
      role="status"
      data-testid="checkout-banner"
      data-state={state}
      className={cn(
        "flex gap-3 rounded-lg border px-4 py-3 text-sm",
        success
          ? "border-success/30 bg-success-soft text-success"
          : "border-brand-200 bg-brand-50 text-brand-900",
      )}
    >
      {state === "activating" ? <Spinner className="mt-1 shrink-0" /> : null}
      {state === "activated" ? <CircleCheck className="mt-1 size-4 shrink-0" aria-hidden /> : null}
      {state === "slow" ? <Clock className="mt-1 size-4 shrink-0" aria-hidden /> : null}
      <div className="min-w-0">
        {state === "activated" ? (
          <>
            <p className="font-semibold">{t("checkout.activatedTitle")}</p>
            <p>{t("checkout.activated", { plan: planName })}</p>
          </>
        ) : (
          <p>{t(state === "activating" ? "checkout.activating" : "checkout.slow")}</p>
        )}
      </div>
    </div>
  );
}
