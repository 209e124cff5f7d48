import type { TEmailServiceStatus } from "@shobai/shared";
import { EMAIL_PROVIDERS } from "@shobai/shared/constants";
import { CircleCheck, CircleDashed, HardDrive, Lightbulb, Server } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";

/**
 * Spec §2, §3: which providers are configured, the one in use and the server's recommendation.
 * With the outbox provider, says plainly that mail stays on this machine.
 */
export function ServiceStatusCard({
  status,
  isLoading,
  isError,
}: {
  status: TEmailServiceStatus | undefined;
  isLoading: boolean;
  isError: boolean;
}) {
  const { t } = useTranslation("email");
  // The server's advice names settings in English; the common case (nothing set up) is said in the
  // interface language, the rest (which provider to pick) as the server words it.
  const onlyOutbox =
    status?.activeProvider === "outbox" &&
    Object.entries(status.providers).every(([name, configured]) => name === "outbox" || !configured);
  return (
    <Card data-testid="email-service-status">
      <CardHeader className="flex-row items-center gap-2 pb-3">
        <Server className="size-4 text-muted-foreground" aria-hidden />
        <CardTitle>{t("service.title")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isError ? (
          <Alert variant="destructive" data-testid="email-service-status-error">
            {t("service.failed")}
          </Alert>
        ) : isLoading || !status ? (
          <div className="flex flex-col gap-2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : (
          <>
            <div>
              <p className="text-xs text-muted-foreground">{t("service.activeProvider")}</p>
              <p className="mt-0.5 text-lg font-semibold" data-testid="email-active-provider">
                {t(`service.providers.${status.activeProvider}`)}
              </p>
            </div>
            <ul className="grid gap-2">
              {EMAIL_PROVIDERS.map((provider) => {
                const configured = status.providers[provider] === true;
                const active = status.activeProvider === provider;
                return (
                  <li
                    key={provider}
                    data-testid={`email-provider-${provider}`}
                    data-configured={configured}
                    className={cn(
                      "flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-sm",
                      active ? "border-brand-300 bg-brand-50" : "border-border",
                    )}
                  >
                    {configured ? (
                      <CircleCheck className="size-4 shrink-0 text-success" aria-hidden />
                    ) : (
                      <CircleDashed className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    )}
                    <span className="min-w-0 flex-1 basis-32 font-medium break-words">
                      {t(`service.providers.${provider}`)}
                    </span>
                    {active ? <Badge>{t("service.active")}</Badge> : null}
                    <span
                      className={cn("ml-auto text-xs", configured ? "text-success" : "text-muted-foreground")}
                    >
                      {configured ? t("service.configured") : t("service.notConfigured")}
                    </span>
                  </li>
                );
              })}
            </ul>
            {status.activeProvider === "outbox" ? (
              <Alert variant="info" data-testid="email-outbox-notice">
                <HardDrive aria-hidden />
                <div>
                  <p className="font-semibold">{t("service.outboxTitle")}</p>
                  <p className="mt-0.5 text-brand-900/85">{t("service.outboxDescription")}</p>
                </div>
              </Alert>
            ) : null}
            {status.recommendation ? (
              <div className="flex gap-2 rounded-lg bg-surface px-3 py-2.5 text-sm">
                <Lightbulb className="mt-1 size-4 shrink-0 text-primary" aria-hidden />
                <p className="min-w-0 break-words">
                  <span className="sr-only">{t("service.recommendation")}: </span>
                  <span data-testid="email-recommendation">
                    {onlyOutbox ? t("service.setupHint") : status.recommendation}
                  </span>
                </p>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
