import type { TEmailServiceStatus } from "@shobai/shared";
import { CircleCheck, FlaskConical, Info, Server } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useTranslation } from "@/lib/use-translation";

/**
 * The owner's sending status in plain words (issue 20): whether mail reaches people or stays in the
 * app's outbox. Which provider the server uses and how it is configured (SMTP_URL, RESEND_API_KEY,
 * …) is the operator's business: README and the admin command, not this screen.
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
  const testMode = status?.activeProvider === "outbox";
  return (
    <Card data-testid="email-service-status">
      <CardHeader className="flex-row items-center gap-2 pb-3">
        <Server className="size-4 text-muted-foreground" aria-hidden />
        <CardTitle>{t("service.sendingTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isError ? (
          <Alert variant="destructive" data-testid="email-service-status-error">
            {t("service.failed")}
          </Alert>
        ) : isLoading || !status ? (
          <div className="flex flex-col gap-2">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : (
          <>
            <div
              className="flex flex-wrap items-center gap-2"
              data-testid="email-active-provider"
              data-mode={testMode ? "test" : "live"}
            >
              {testMode ? (
                <FlaskConical className="size-4 text-muted-foreground" aria-hidden />
              ) : (
                <CircleCheck className="size-4 text-success" aria-hidden />
              )}
              <Badge variant={testMode ? "secondary" : "success"}>
                {t(testMode ? "service.testModeBadge" : "service.liveBadge")}
              </Badge>
            </div>
            {testMode ? (
              <div data-testid="email-outbox-notice">
                <p className="font-semibold">{t("service.outboxTitle")}</p>
                <p className="mt-1 text-sm text-muted-foreground">{t("service.outboxDescription")}</p>
              </div>
            ) : (
              <div data-testid="email-live-notice">
                <p className="font-semibold">{t("service.liveTitle")}</p>
                <p className="mt-1 text-sm text-muted-foreground">{t("service.liveDescription")}</p>
              </div>
            )}
            {testMode ? (
              <p
                className="flex gap-2 rounded-lg bg-surface px-3 py-2.5 text-sm"
                data-testid="email-operator-note"
              >
                <Info className="mt-1 size-4 shrink-0 text-primary" aria-hidden />
                <span>{t("service.operatorNote")}</span>
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
