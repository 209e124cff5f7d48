import type { TSubscriptionStatusResponse } from "@shobai/shared";
import { CalendarDays, CreditCard, ExternalLink } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { UsageMeter } from "./usage-meter";
import { WebsiteLimitWarning } from "./website-limit-warning";

type BadgeVariant = "secondary" | "success" | "destructive" | "muted" | "outline";

const STATUS_BADGE: Record<string, BadgeVariant> = {
  trialing: "secondary",
  active: "success",
  past_due: "destructive",
  canceled: "muted",
};

/** The date worth knowing: when the trial or the paid period ends, or the next billing date. */
function useEndLine(status: TSubscriptionStatusResponse): string | null {
  const { t } = useTranslation("subscription");
  if (status.plan === "trial") {
    if (!status.trialEndsAt) return null;
    const key = status.access === "trial_ended" ? "current.trialEnded" : "current.trialEnds";
    return t(key, { date: formatDate(status.trialEndsAt) });
  }
  const ending = status.cancelAtPeriodEnd || status.subscriptionStatus === "canceled";
  if (ending && status.subscriptionEndsAt) {
    const key = status.access === "subscription_ended" ? "current.endedOn" : "current.endsOn";
    return t(key, { date: formatDate(status.subscriptionEndsAt) });
  }
  if (status.renewsAt) return t("current.renewsOn", { date: formatDate(status.renewsAt) });
  return null;
}

interface CurrentPlanCardProps {
  status: TSubscriptionStatusResponse;
  onManageBilling: () => void;
  portalPending: boolean;
}

/** The account's plan and status, its end date, Manage billing, and how much of the plan is used. */
export function CurrentPlanCard({ status, onManageBilling, portalPending }: CurrentPlanCardProps) {
  const { t } = useTranslation(["subscription", "common"]);
  const endLine = useEndLine(status);
  const showRenewalHint =
    status.billing.portal &&
    status.subscriptionStatus === "active" &&
    !status.cancelAtPeriodEnd &&
    !status.renewsAt;

  return (
    <Card className="overflow-hidden" data-testid="current-plan">
      <div className="flex flex-col gap-5 p-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <p className="text-sm text-muted-foreground">{t("current.label")}</p>
          <div className="flex flex-wrap items-center gap-2.5">
            <h2 className="text-2xl font-bold" data-testid="current-plan-name">
              {t(`common:plans.${status.plan}`, { defaultValue: status.plan })}
            </h2>
            <Badge
              variant={STATUS_BADGE[status.subscriptionStatus] ?? "outline"}
              data-testid="current-plan-status"
            >
              {t(`common:subscriptionStatus.${status.subscriptionStatus}`, {
                defaultValue: status.subscriptionStatus,
              })}
            </Badge>
          </div>
          {endLine ? (
            <p
              className="flex items-center gap-1.5 text-sm text-muted-foreground"
              data-testid="current-plan-date"
            >
              <CalendarDays className="size-4 shrink-0" aria-hidden />
              {endLine}
            </p>
          ) : null}
          {status.scheduledPlan && status.renewsAt ? (
            <p className="text-sm text-muted-foreground" data-testid="current-plan-scheduled">
              {t("current.scheduledPlan", {
                plan: t(`common:plans.${status.scheduledPlan}`),
                date: formatDate(status.renewsAt),
              })}
            </p>
          ) : null}
          {showRenewalHint ? (
            <p className="text-sm text-muted-foreground">{t("current.renewalInPortal")}</p>
          ) : null}
        </div>
        {status.billing.portal ? (
          <div className="flex flex-col gap-1.5 sm:items-end">
            <Button
              variant="outline"
              onClick={onManageBilling}
              disabled={portalPending}
              data-testid="manage-billing"
              aria-describedby="manage-billing-hint"
            >
              {portalPending ? <Spinner /> : <CreditCard aria-hidden />}
              {portalPending ? t("current.opening") : t("current.manageBilling")}
              {portalPending ? null : <ExternalLink className="text-muted-foreground" aria-hidden />}
            </Button>
            <p id="manage-billing-hint" className="text-xs text-muted-foreground">
              {t("current.manageBillingHint")}
            </p>
          </div>
        ) : null}
      </div>

      <div className="grid gap-5 border-t border-border bg-surface/60 p-6">
        <h3 className="text-sm font-semibold">{t("current.usageTitle")}</h3>
        <div className="grid gap-6 md:grid-cols-2">
          <UsageMeter
            id="websites"
            label={t("current.websites")}
            count={status.websiteCount}
            limit={status.websiteLimit}
          />
          <UsageMeter
            id="emails"
            label={t("current.emails")}
            count={status.emailsSentThisMonth}
            limit={status.emailMonthlyLimit}
            fullHint={t("current.emailLimitReached")}
          />
          {status.mediaQuotaBytes ? (
            <UsageMeter
              id="photos"
              label={t("current.photos")}
              count={Math.round((status.mediaUsedBytes ?? 0) / 1048576)}
              limit={Math.round(status.mediaQuotaBytes / 1048576)}
            />
          ) : null}
        </div>
        {status.websiteCount >= status.websiteLimit ? (
          <WebsiteLimitWarning limit={status.websiteLimit} />
        ) : null}
      </div>
    </Card>
  );
}
