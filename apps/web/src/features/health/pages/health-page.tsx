import { type ReactNode, useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { useHealth } from "../api/get-health";

function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-border py-3 last:border-b-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** /__health: a plain diagnostic page (spec §2). */
export default function HealthPage() {
  const { t } = useTranslation("common");
  const { user, isLoading } = useUser();
  const health = useHealth();
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);

  const yesNo = (value: boolean) => (value ? t("health.yes") : t("health.no"));
  const server = health.isLoading ? (
    t("loading")
  ) : health.data ? (
    <Badge variant="success">{t("health.serverOk")}</Badge>
  ) : (
    <Badge variant="destructive">{t("health.serverDown")}</Badge>
  );

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center px-4 py-10" data-testid="health">
      <h1 className="mb-4 text-xl font-bold">{t("health.title")}</h1>
      <dl className="rounded-xl border border-border bg-background px-5 shadow-card">
        <Row label={t("health.loggedIn")} value={yesNo(user !== null)} testId="health-authenticated" />
        <Row label={t("health.loading")} value={yesNo(isLoading)} testId="health-loading" />
        <Row label={t("health.currentTime")} value={formatDateTime(now)} testId="health-time" />
        <Row label={t("health.server")} value={server} testId="health-server" />
        {health.data ? <Row label={t("health.database")} value={health.data.db} testId="health-db" /> : null}
      </dl>
    </main>
  );
}
