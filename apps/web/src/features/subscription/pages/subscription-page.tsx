import type { TSubscriptionStatusResponse } from "@shobai/shared";
import { useEffect, useState } from "react";
import { PlanGrid, PlanGridSkeleton } from "@/components/plans/plan-grid";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { isUnauthorizedError } from "@/lib/api-error";
import { hardNavigate } from "@/lib/navigation";
import { useLoginRedirect } from "@/lib/use-login-redirect";
import { useTranslation } from "@/lib/use-translation";
import { useSubscriptionStatus } from "@/queries/subscription-status";
import { useUser } from "@/queries/user";
import { useCan } from "@/queries/workspaces";
import { useCreatePortalSession } from "../api/create-portal-session";
import { AccountAlerts, BillingOffNote } from "../components/account-alerts";
import { BillingDocuments } from "../components/billing-documents";
import { type ActivationState, CheckoutBanner } from "../components/checkout-banner";
import { CurrentPlanCard } from "../components/current-plan-card";
import { useBillingFailure } from "../hooks/use-billing-failure";
import { useCheckoutReturn } from "../hooks/use-checkout-return";
import { useSelectPlan } from "../hooks/use-select-plan";

/** After Stripe Checkout the webhook may lag: read the status this often, for this long. */
export const ACTIVATION_POLL_MS = 2000;
export const ACTIVATION_POLL_LIMIT_MS = 20_000;

/** The paid plan has not arrived yet: still on the trial, or still without a running plan. */
function awaitingActivation(status: TSubscriptionStatusResponse): boolean {
  return status.plan === "trial" || status.access !== "ok";
}

/**
 * /subscription (spec §2): the current plan, its usage and billing, and the plan cards. The route
 * sends signed-out visitors to the login (RequireAuth); a session that ends here does the same.
 */
export default function SubscriptionPage() {
  const { t } = useTranslation(["subscription", "common"]);
  const { user } = useUser();
  // Plan and billing belong to the workspace's owner (shared permission table, issue 24).
  const mayBill = useCan("billing:write");
  const checkout = useCheckoutReturn();
  const polling = checkout === "success";
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setTimedOut(true), ACTIVATION_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [polling]);

  const status = useSubscriptionStatus({
    enabled: user !== null,
    fresh: true,
    pollEvery: (current) =>
      polling && !timedOut && current && awaitingActivation(current) ? ACTIVATION_POLL_MS : false,
  });
  useLoginRedirect(status.isError && isUnauthorizedError(status.error));

  const { select, pendingPlan } = useSelectPlan();
  const portal = useCreatePortalSession();
  const fail = useBillingFailure();
  const [leavingForPortal, setLeavingForPortal] = useState(false);
  const manageBilling = () => {
    if (portal.isPending || leavingForPortal) return;
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        setLeavingForPortal(true);
        hardNavigate(url);
      },
      onError: (error) => fail(error, t("toast.portalFailed")),
    });
  };
  const portalPending = portal.isPending || leavingForPortal;

  if (!user) return null;
  if (!mayBill) return <OwnerOnly />;
  const data = status.data;

  let activation: ActivationState | null = null;
  if (polling) {
    if (data && !awaitingActivation(data)) activation = "activated";
    else activation = timedOut ? "slow" : "activating";
  }

  const currentSection = () => {
    if (data) {
      return <CurrentPlanCard status={data} onManageBilling={manageBilling} portalPending={portalPending} />;
    }
    if (status.isError) {
      if (isUnauthorizedError(status.error)) return null;
      return (
        <Alert variant="destructive" className="items-center justify-between" data-testid="status-load-error">
          <span>{t("current.loadFailed")}</span>
          <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
            {t("current.retry")}
          </Button>
        </Alert>
      );
    }
    return <Skeleton className="h-64 w-full rounded-xl" data-testid="current-plan-skeleton" />;
  };

  return (
    <div className="flex flex-col gap-6" data-testid="subscription">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
        <p className="mt-1 max-w-[48em] text-muted-foreground">{t("subtitle")}</p>
      </div>

      {activation ? (
        <CheckoutBanner
          state={activation}
          planName={data ? t(`common:plans.${data.plan}`, { defaultValue: data.plan }) : ""}
        />
      ) : null}
      {data ? (
        <AccountAlerts status={data} onManageBilling={manageBilling} portalPending={portalPending} />
      ) : null}
      {currentSection()}
      {data ? <BillingDocuments onTrial={data.plan === "trial"} /> : null}

      <section className="mt-2 flex flex-col gap-4" aria-labelledby="plans-title">
        <div>
          <h2 id="plans-title" className="text-lg font-bold sm:text-xl">
            {t("plans.title")}
          </h2>
          <p className="mt-1 max-w-[48em] text-sm text-muted-foreground">{t("plans.subtitle")}</p>
        </div>
        {data && !data.billing.configured ? <BillingOffNote /> : null}
        {data ? (
          <PlanGrid
            current={{ plan: data.plan, access: data.access }}
            pendingPlan={pendingPlan}
            onSelect={select}
          />
        ) : status.isError ? null : (
          <PlanGridSkeleton />
        )}
      </section>
    </div>
  );
}

/** Members other than the owner see who manages the plan instead of buttons the server refuses. */
function OwnerOnly() {
  const { t } = useTranslation("subscription");
  return (
    <div className="flex flex-col gap-4" data-testid="billing-owner-only">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
      <Alert>
        <span>
          <strong className="block">{t("ownerOnly.title")}</strong>
          {t("ownerOnly.description")}
        </span>
      </Alert>
    </div>
  );
}
