import { ChartColumn, Inbox, type LucideIcon, MonitorSmartphone, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";

const STATS: { key: string; icon: LucideIcon }[] = [
  { key: "websites", icon: MonitorSmartphone },
  { key: "contacts", icon: Users },
  { key: "monthlyLeads", icon: Inbox },
  { key: "monthlyVisits", icon: ChartColumn },
];

/** The four headline figures; the numbers arrive with the dashboard statistics API. */
export function StatCards() {
  const { t } = useTranslation("dashboard");
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {STATS.map(({ key, icon: Icon }) => (
        <Card key={key} className="p-4 sm:p-5">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-muted-foreground">{t(`stats.${key}`)}</p>
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          </div>
          <p className="mt-2 text-2xl font-bold text-foreground/30" aria-hidden>
            —
          </p>
          <p className="mt-1 text-xs text-muted-foreground">{t("stats.soon")}</p>
        </Card>
      ))}
    </div>
  );
}
