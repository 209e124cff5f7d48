import type { TUser } from "@shobai/shared";
import { CalendarDays } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";

/** The user's plan and when the trial (or the paid period) ends, in the interface language's date format. */
export function PlanCard({ user }: { user: TUser }) {
  const { t } = useTranslation(["dashboard", "common"]);
  const onTrial = user.subscriptionStatus === "trialing" || user.plan === "trial";
  const endDate = onTrial ? user.trialEndsAt : user.subscriptionEndsAt;
  return (
    <Card
      className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between"
      data-testid="plan-card"
    >
      <div className="flex flex-col gap-1">
        <p className="text-sm text-muted-foreground">{t("plan.label")}</p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xl font-bold" data-testid="plan-name">
            {t(`common:plans.${user.plan}`)}
          </span>
          <Badge variant={user.subscriptionStatus === "active" || onTrial ? "secondary" : "destructive"}>
            {t(`common:subscriptionStatus.${user.subscriptionStatus}`, {
              defaultValue: user.subscriptionStatus,
            })}
          </Badge>
        </div>
        {endDate ? (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="plan-end-date">
            <CalendarDays className="size-4" aria-hidden />
            {t(onTrial ? "plan.trialEnds" : "plan.renews", { date: formatDate(endDate) })}
          </p>
        ) : null}
      </div>
      <Button asChild variant="outline">
        <Link href="/subscription">{t("plan.manage")}</Link>
      </Button>
    </Card>
  );
}
