import type { TPaidPlanId } from "@shobai/shared/constants";
import { useEffect, useState } from "react";
import { hardNavigate } from "@/lib/navigation";
import { useTranslation } from "@/lib/use-translation";
import { useCreateCheckoutSession } from "../api/create-checkout-session";
import { useBillingFailure } from "./use-billing-failure";

/**
 * Select Plan (spec §4): starts a checkout session and sends the browser to its url (Stripe
 * Checkout, or back here after an in-place upgrade). The chosen plan stays "Processing..." until
 * the page is left, so a second click cannot start a second checkout.
 */
export function useSelectPlan() {
  const { t } = useTranslation("subscription");
  const checkout = useCreateCheckoutSession();
  const fail = useBillingFailure();
  const [leavingFor, setLeavingFor] = useState<TPaidPlanId | null>(null);

  // Back from Stripe's page, the browser may restore this page as it was left: buttons come back.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeavingFor(null);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);

  const select = (planId: TPaidPlanId) => {
    if (checkout.isPending || leavingFor) return;
    checkout.mutate(
      { planId },
      {
        onSuccess: ({ url }) => {
          setLeavingFor(planId);
          hardNavigate(url);
        },
        onError: (error) => fail(error, t("toast.checkoutFailed")),
      },
    );
  };

  const pendingPlan = leavingFor ?? (checkout.isPending ? (checkout.variables?.planId ?? null) : null);
  return { select, pendingPlan };
}
