import type { TDomainServiceStatus } from "@shobai/shared";
import { CircleCheck, CircleDashed, Server } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useTranslation } from "@/lib/use-translation";

/**
 * Spec §2, §8: whether domains can be searched and registered here. A failed read is an alert
 * ('ドメインサービス状態を取得できませんでした'); "not configured" says what the operator sets.
 */
export function ServiceStatusCard({
  status,
  isLoading,
  isError,
}: {
  status: TDomainServiceStatus | undefined;
  isLoading: boolean;
  isError: boolean;
}) {
  const { t } = useTranslation("domains");
  return (
    <Card data-testid="domain-service-status">
      <CardHeader className="flex-row items-center gap-2 pb-3">
        <Server className="size-4 text-muted-foreground" aria-hidden />
        <CardTitle>{t("service.title")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {isError ? (
          <Alert variant="destructive" data-testid="domain-service-status-error">
            {t("service.failed")}
          </Alert>
        ) : isLoading || !status ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : (
          <>
            <div
              className="flex items-center gap-3 rounded-lg border border-border px-3 py-2.5"
              data-testid="domain-service-state"
              data-configured={status.configured}
            >
              {status.configured ? (
                <CircleCheck className="size-5 shrink-0 text-success" aria-hidden />
              ) : (
                <CircleDashed className="size-5 shrink-0 text-muted-foreground" aria-hidden />
              )}
              <span className="font-semibold">
                {status.configured ? t("service.configured") : t("service.notConfigured")}
              </span>
            </div>
            <p className="text-sm text-muted-foreground" data-testid="domain-service-message">
              {status.configured ? t("service.configuredHint") : t("service.notConfiguredHint")}
            </p>
            {/* The server's own words (English, for the operator) only matter when something is missing. */}
            {status.message && !status.configured ? (
              <p className="rounded-lg bg-surface px-3 py-2 text-xs text-muted-foreground">
                <span className="sr-only">{t("service.serverMessage")}: </span>
                {status.message}
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
