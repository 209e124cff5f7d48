import {
  canSelectPlan,
  PAID_PLAN_IDS,
  type TPaidPlanId,
  type TPlan,
  type TPlanAccess,
  type TPlanId,
} from "@shobai/shared/constants";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useTranslation } from "@/lib/use-translation";
import { usePlans } from "@/queries/plans";
import { PlanCard, type PlanChoice } from "./plan-card";

/** The account's plan, when someone is signed in: it decides which buttons can start a checkout. */
export interface CurrentPlan {
  plan: TPlanId;
  access: TPlanAccess;
}

function choiceFor(plan: TPlan, current: CurrentPlan | null): PlanChoice {
  if (!current) return "selectable";
  // A plan that has run out is not "current": buying it again is how the owner comes back.
  if (plan.id === current.plan && current.access === "ok") return "current";
  return canSelectPlan(current.plan, current.access, plan.id) ? "selectable" : "locked";
}

type TPaidPlan = TPlan & { id: TPaidPlanId };

function isPaidPlan(plan: TPlan): plan is TPaidPlan {
  return (PAID_PLAN_IDS as readonly string[]).includes(plan.id);
}

const GRID = "grid gap-6 pt-3 sm:grid-cols-2 xl:grid-cols-4";

interface PlanGridProps {
  /** Null when signed out (every plan offers Select Plan) or while the status loads. */
  current: CurrentPlan | null;
  pendingPlan: TPaidPlanId | null;
  onSelect: (planId: TPaidPlanId) => void;
}

/**
 * The paid plans from GET /api/subscription/plans, four across on wide screens, two on tablets,
 * one on phones. Shared by /pricing and /subscription.
 */
export function PlanGrid({ current, pendingPlan, onSelect }: PlanGridProps) {
  const { t } = useTranslation("subscription");
  const plans = usePlans();

  if (plans.isLoading) return <PlanGridSkeleton />;
  if (plans.isError || !plans.data) {
    return (
      <Alert variant="destructive" className="items-center justify-between" data-testid="plans-load-error">
        <span>{t("plans.loadFailed")}</span>
        <Button variant="outline" size="sm" onClick={() => void plans.refetch()}>
          {t("plans.retry")}
        </Button>
      </Alert>
    );
  }
  return (
    <div className={GRID} data-testid="plan-grid">
      {plans.data.filter(isPaidPlan).map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          choice={choiceFor(plan, current)}
          pending={pendingPlan === plan.id}
          busy={pendingPlan !== null}
          onSelect={() => onSelect(plan.id)}
        />
      ))}
    </div>
  );
}

export function PlanGridSkeleton() {
  return (
    <div className={GRID} data-testid="plan-grid-skeleton">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex flex-col gap-4 rounded-xl border border-border bg-background p-6">
          <Skeleton className="h-6 w-28" />
          <Skeleton className="h-9 w-36" />
          <Skeleton className="h-16 w-full" />
          <div className="grid gap-2.5">
            {[0, 1, 2, 3, 4].map((j) => (
              <Skeleton key={j} className="h-4 w-4/5" />
            ))}
          </div>
          <Skeleton className="mt-4 h-12 w-full" />
        </div>
      ))}
    </div>
  );
}
