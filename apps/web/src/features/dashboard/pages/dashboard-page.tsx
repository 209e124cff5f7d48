import { useTranslation } from "react-i18next";
import { useUser } from "@/features/auth/api/get-user";
import { PlanCard } from "../components/plan-card";
import { QuickActions } from "../components/quick-actions";
import { RecentWebsites } from "../components/recent-websites";
import { StatCards } from "../components/stat-cards";

/** `/` for a signed-in user. */
export default function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const { user } = useUser();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6" data-testid="dashboard">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl" data-testid="dashboard-greeting">
          {t("greeting", { name: user.firstName })}
        </h1>
        <p className="mt-1 text-muted-foreground">{t("subtitle")}</p>
      </div>
      <PlanCard user={user} />
      <StatCards />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <RecentWebsites />
        <QuickActions />
      </div>
    </div>
  );
}
