import { CircleCheck, Trash2 } from "lucide-react";
import { useSearch } from "wouter";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useRemoveSender, useSenders } from "../api/senders";
import { serverMessage } from "../error-text";
import { SenderStatusBadge } from "./sender-status-badge";

/**
 * The account's sender addresses with their status, a remove button for each, and a plain
 * "verified" message when the owner arrives from the verification link (?verified=address).
 */
export function SendersCard() {
  const { t } = useTranslation("email");
  const senders = useSenders({ enabled: true });
  const remove = useRemoveSender();
  const justVerified = new URLSearchParams(useSearch()).get("verified");

  return (
    <Card data-testid="senders-card">
      <CardHeader>
        <CardTitle>{t("senders.title")}</CardTitle>
        <CardDescription>{t("senders.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {justVerified ? (
          <Alert className="items-center gap-2" data-testid="sender-verified-banner">
            <CircleCheck className="size-4 text-success" aria-hidden />
            <span>{t("senders.verifiedNow", { email: justVerified })}</span>
          </Alert>
        ) : null}
        {senders.data && senders.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("senders.empty")}</p>
        ) : null}
        <ul className="divide-y divide-border">
          {(senders.data ?? []).map((sender) => (
            <li
              key={sender.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="sender-row"
              data-sender-email={sender.email}
            >
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="truncate font-medium">{sender.email}</span>
                <SenderStatusBadge status={sender.status} />
                {sender.verifiedAt ? (
                  <span className="text-xs text-muted-foreground">
                    {t("senders.verifiedOn", { date: formatDate(sender.verifiedAt) })}
                  </span>
                ) : null}
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:bg-destructive-soft"
                disabled={remove.isPending}
                aria-label={`${t("senders.remove")}: ${sender.email}`}
                data-testid="sender-remove"
                onClick={() =>
                  remove.mutate(sender.id, {
                    onSuccess: () => toast({ title: t("senders.removed", { email: sender.email }) }),
                    onError: (error) =>
                      toast({
                        variant: "destructive",
                        title: t("toast.errorTitle"),
                        description: serverMessage(error),
                      }),
                  })
                }
              >
                <Trash2 aria-hidden />
                {t("senders.remove")}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
