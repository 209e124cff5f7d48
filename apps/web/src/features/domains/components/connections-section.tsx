import type { TCustomDomain } from "@shobai/shared";
import { Link2, Plus } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useTranslation } from "@/lib/use-translation";
import { ConnectDomainDialog } from "./connect-domain-dialog";
import { ConnectionItem } from "./connection-item";

/** "Website connections": host names serving the owner's sites, and how to add one. */
export function ConnectionsSection({
  connections,
  isLoading,
  isError,
  onRetry,
  signedIn,
  onRequireLogin,
  websites,
  websitesLoading,
  suggestions,
}: {
  connections: TCustomDomain[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  signedIn: boolean;
  onRequireLogin: () => void;
  websites: { id: string; name: string }[];
  websitesLoading: boolean;
  suggestions: string[];
}) {
  const { t } = useTranslation("domains");
  const [open, setOpen] = useState(false);
  const openDialog = () => (signedIn ? setOpen(true) : onRequireLogin());

  return (
    <Card data-testid="connections">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <CardTitle className="text-lg">{t("connections.title")}</CardTitle>
          <CardDescription className="max-w-[44em]">{t("connections.description")}</CardDescription>
        </div>
        <Button onClick={openDialog} data-testid="connect-open" className="self-start">
          <Plus aria-hidden />
          {t("connections.add")}
        </Button>
      </CardHeader>
      <CardContent>
        {isError ? (
          <Alert variant="destructive" className="items-center justify-between">
            <span>{t("connections.loadFailed")}</span>
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t("actions.retry")}
            </Button>
          </Alert>
        ) : isLoading || !connections ? (
          <div className="grid gap-3" data-testid="connections-loading">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-28 w-full rounded-lg" />
            ))}
          </div>
        ) : connections.length === 0 ? (
          <div
            className="flex flex-col items-center rounded-lg border border-dashed border-border px-6 py-10 text-center"
            data-testid="connections-empty"
          >
            <span className="mb-4 grid size-12 place-items-center rounded-2xl bg-brand-50 text-primary ring-1 ring-brand-100">
              <Link2 className="size-6" aria-hidden />
            </span>
            <p className="font-semibold">{t("connections.emptyTitle")}</p>
            <p className="mt-1 max-w-[34em] text-sm text-muted-foreground">
              {t("connections.emptyDescription")}
            </p>
          </div>
        ) : (
          <ul className="grid gap-3">
            {connections.map((connection) => (
              <ConnectionItem
                key={connection.id}
                connection={connection}
                signedIn={signedIn}
                onRequireLogin={onRequireLogin}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {signedIn ? (
        <ConnectDomainDialog
          open={open}
          onOpenChange={setOpen}
          websites={websites}
          websitesLoading={websitesLoading}
          suggestions={suggestions}
        />
      ) : null}
    </Card>
  );
}
