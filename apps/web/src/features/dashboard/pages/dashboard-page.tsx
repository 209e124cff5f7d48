import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { isUnauthorizedError } from "@/lib/api-error";
import { useLoginRedirect } from "@/lib/use-login-redirect";
import { useTranslation } from "@/lib/use-translation";
import { useDashboardStats } from "@/queries/dashboard-stats";
import { useUser } from "@/queries/user";
import { ContactsBreakdown } from "../components/contacts-breakdown";
import { DueTasks } from "../components/due-tasks";
import { FirstRunChecklist } from "../components/first-run-checklist";
import { MonthProgress } from "../components/month-progress";
import { PlanCard } from "../components/plan-card";
import { QuickActions } from "../components/quick-actions";
import { RecentWebsites } from "../components/recent-websites";
import { StatCards } from "../components/stat-cards";

/** `/` for a signed-in user (spec §2 Dashboard). */
export default function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const { user } = useUser();
  const stats = useDashboardStats({ enabled: user !== null });
  // Spec §8: the session ended while the page was open (the stats call answers 401).
  const sessionEnded = stats.isError && isUnauthorizedError(stats.error);
  useLoginRedirect(sessionEnded);

  if (!user) return null;
  return (
    <div className="flex flex-col gap-6" data-testid="dashboard">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl" data-testid="dashboard-greeting">
          {t("greeting", { name: user.firstName })}
        </h1>
        <p className="mt-1 text-muted-foreground">{t("subtitle")}</p>
      </div>
      <FirstRunChecklist />
      <PlanCard user={user} />
      {stats.isError && !sessionEnded ? (
        <Alert
          variant="destructive"
          className="items-center justify-between"
          data-testid="dashboard-stats-error"
        >
          <span>{t("stats.loadFailed")}</span>
          <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
            {t("retry")}
          </Button>
        </Alert>
      ) : null}
      <StatCards stats={stats.data} loading={!stats.isError} />
      {/* Today's follow-ups come first on a phone, and head the side column on a wide screen. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-start-2 lg:row-start-1">
          <DueTasks />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <RecentWebsites />
          <MonthProgress stats={stats.data} loading={!stats.isError} />
          <ContactsBreakdown stats={stats.data} loading={!stats.isError} />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-start-2">
          <QuickActions />
        </div>
      </div>
    </div>
  );
}
