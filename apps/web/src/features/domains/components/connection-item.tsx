import type { TCustomDomain } from "@shobai/shared";
import { ArrowRight, BadgeCheck, RefreshCw, Trash2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useRemoveConnection } from "../api/remove-connection";
import { useVerifyConnection } from "../api/verify-connection";
import { serverMessage } from "../error-text";
import { ConnectionStatusBadge } from "./connection-status-badge";
import { DnsRecordsTable } from "./dns-records-table";

/**
 * One host name → website: the records to set (or, for a domain registered through Shobai on the
 * registrar's name servers, that Shobai set them), "Check DNS", what the last check found, remove.
 */
export function ConnectionItem({
  connection,
  signedIn,
  onRequireLogin,
}: {
  connection: TCustomDomain;
  signedIn: boolean;
  onRequireLogin: () => void;
}) {
  const { t } = useTranslation("domains");
  const verify = useVerifyConnection();
  const remove = useRemoveConnection();
  const [confirming, setConfirming] = useState(false);
  const verified = connection.status === "verified";

  const check = () => {
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    verify.mutate(connection.id, {
      onSuccess: (checked) => {
        if (checked.status === "verified") {
          toast({
            title: t("toast.verifiedTitle"),
            description: t("toast.verified", { hostname: checked.unicodeHostname }),
          });
        } else {
          toast({
            variant: "destructive",
            title: t("toast.notVerifiedTitle"),
            description: checked.lastError || t("toast.notVerified"),
          });
        }
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t("toast.errorTitle"),
          description: serverMessage(error) || t("toast.verifyFailed"),
        }),
    });
  };

  const confirmRemove = () =>
    remove.mutate(connection.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: t("toast.removedTitle"),
          description: t("toast.removed", { hostname: connection.unicodeHostname }),
        });
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t("toast.errorTitle"),
          description: serverMessage(error) || t("toast.removeFailed"),
        }),
    });

  return (
    <li
      className="grid gap-3 rounded-lg border border-border p-4"
      data-testid="connection"
      data-status={connection.status}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p className="break-all font-semibold" data-testid="connection-hostname">
              {connection.unicodeHostname}
            </p>
            <ConnectionStatusBadge status={connection.status} />
          </div>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted-foreground">
            <ArrowRight className="size-3.5 shrink-0" aria-hidden />
            <span className="sr-only">{t("connections.website")}: </span>
            <span className="truncate">{connection.websiteName}</span>
          </p>
        </div>
        <div className="flex gap-2">
          {verified ? null : (
            <Button
              variant="secondary"
              size="sm"
              onClick={check}
              disabled={verify.isPending}
              data-testid="connection-verify"
            >
              {verify.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
              {t("connections.verify")}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:bg-destructive-soft"
            onClick={() => (signedIn ? setConfirming(true) : onRequireLogin())}
            data-testid="connection-remove"
          >
            <Trash2 aria-hidden />
            {t("connections.remove")}
          </Button>
        </div>
      </div>

      {verified ? (
        <p className="text-sm text-muted-foreground" data-testid="connection-verified-at">
          {connection.verifiedAt
            ? t("connections.verifiedAt", { date: formatDateTime(connection.verifiedAt) })
            : t("connections.verifiedNow")}
        </p>
      ) : (
        <>
          {connection.dnsManaged ? (
            <p
              className="flex gap-2 rounded-lg bg-muted px-3 py-2 text-sm"
              data-testid="connection-dns-managed"
            >
              <BadgeCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0">{t("connections.managed")}</span>
            </p>
          ) : (
            <p className="text-sm">{t("connections.setRecords")}</p>
          )}
          <DnsRecordsTable records={connection.dnsRecords} />
          {connection.lastError ? (
            <p
              className="flex gap-2 rounded-lg bg-destructive-soft px-3 py-2 text-sm text-destructive"
              data-testid="connection-last-error"
            >
              <TriangleAlert className="mt-1 size-4 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">{connection.lastError}</span>
            </p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            {connection.lastCheckedAt
              ? t("connections.lastChecked", { date: formatDateTime(connection.lastCheckedAt) })
              : t("connections.propagation")}
          </p>
        </>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("remove.title")}
        description={t("remove.description", {
          hostname: connection.unicodeHostname,
          website: connection.websiteName,
        })}
        confirmLabel={t("remove.confirm")}
        cancelLabel={t("actions.cancel")}
        onConfirm={confirmRemove}
        pending={remove.isPending}
        destructive
        testId="remove-connection"
      >
        {connection.dnsRecords.length > 0 ? (
          <div className="grid min-w-0 gap-2 text-sm" data-testid="connection-remove-records">
            <p>{t("remove.records")}</p>
            <DnsRecordsTable records={connection.dnsRecords} />
          </div>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}
