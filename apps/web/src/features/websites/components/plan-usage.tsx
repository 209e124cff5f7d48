import type { TSubscriptionStatusResponse } from "@shobai/shared";
import { TriangleAlert } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";

/**
 * "2 / 3 sites used" with a bar; at the limit (spec §9) a warning with the way to more sites; once
 * the trial or subscription has ended, a notice that the data is kept and a plan is needed.
 */
export function PlanUsage({ status }: { status: TSubscriptionStatusResponse }) {
  const { t } = useTranslation(["websites", "common"]);
  const { websiteCount, websiteLimit } = status;
  const full = websiteCount >= websiteLimit;
  const percent = Math.min(100, Math.round((websiteCount / Math.max(1, websiteLimit)) * 100));
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="websites-usage">
        <span className="font-medium">{t("usage.count", { count: websiteCount, limit: websiteLimit })}</span>
        <span className="text-muted-foreground">
          {t("usage.plan", { plan: t(`common:plans.${status.plan}`) })}
        </span>
        <span className="h-1.5 w-full overflow-hidden rounded-full bg-muted sm:ml-auto sm:w-40" aria-hidden>
          <span
            className={cn("block h-full rounded-full", full ? "bg-amber-500" : "bg-primary")}
            style={{ width: `${percent}%` }}
          />
        </span>
      </div>
      {status.access !== "ok" ? (
        <div
          role="status"
          data-testid="websites-access-ended"
          className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-warning-soft px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center"
        >
          <TriangleAlert className="hidden size-5 shrink-0 text-amber-600 sm:block" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {t(status.access === "trial_ended" ? "usage.trialEndedTitle" : "usage.subscriptionEndedTitle")}
            </p>
            <p>{t("usage.accessEndedDescription")}</p>
          </div>
          <Button asChild size="sm" variant="outline" className="self-start sm:self-center">
            <Link href="/subscription" data-testid="websites-choose-plan">
              {t("usage.choosePlan")}
            </Link>
          </Button>
        </div>
      ) : full ? (
        <div
          role="status"
          data-testid="websites-limit-warning"
          className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-warning-soft px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center"
        >
          <TriangleAlert className="hidden size-5 shrink-0 text-amber-600 sm:block" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{t("usage.limitTitle")}</p>
            <p>{t("usage.limitDescription", { limit: websiteLimit })}</p>
          </div>
          <Button asChild size="sm" variant="outline" className="self-start sm:self-center">
            <Link href="/subscription" data-testid="websites-upgrade">
              {t("usage.upgrade")}
            </Link>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
