import type { TOwnedDomain } from "@shobai/shared";
import { Globe, Pencil, Search } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatJpy } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useSetAutoRenew } from "../api/set-auto-renew";
import { serverMessage } from "../error-text";
import { formatYears } from "../period";
import { DomainStatusBadge } from "./domain-status-badge";
import { NameServersDialog } from "./name-servers-dialog";

/** "My domains": what the owner registered here, when it expires, and its name servers. */
export function OwnedDomainsSection({
  domains,
  isLoading,
  isError,
  onRetry,
  signedIn,
  onRequireLogin,
  onFindDomain,
}: {
  domains: TOwnedDomain[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  signedIn: boolean;
  onRequireLogin: () => void;
  onFindDomain: () => void;
}) {
  const { t, i18n } = useTranslation("domains");
  const [editing, setEditing] = useState<TOwnedDomain | null>(null);

  return (
    <Card data-testid="owned-domains">
      <CardHeader>
        <CardTitle className="text-lg">{t("owned.title")}</CardTitle>
        <CardDescription>{t("owned.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {isError ? (
          <Alert variant="destructive" className="items-center justify-between">
            <span>{t("owned.loadFailed")}</span>
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t("actions.retry")}
            </Button>
          </Alert>
        ) : isLoading || !domains ? (
          <div className="grid gap-3" data-testid="owned-domains-loading">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-24 w-full rounded-lg" />
            ))}
          </div>
        ) : domains.length === 0 ? (
          <div
            className="flex flex-col items-center rounded-lg border border-dashed border-border px-6 py-10 text-center"
            data-testid="owned-domains-empty"
          >
            <span className="mb-4 grid size-12 place-items-center rounded-2xl bg-brand-50 text-primary ring-1 ring-brand-100">
              <Globe className="size-6" aria-hidden />
            </span>
            <p className="font-semibold">{t("owned.emptyTitle")}</p>
            <p className="mt-1 max-w-[34em] text-sm text-muted-foreground">{t("owned.emptyDescription")}</p>
            <Button variant="outline" className="mt-4" onClick={onFindDomain}>
              <Search aria-hidden />
              {t("owned.emptyAction")}
            </Button>
          </div>
        ) : (
          <ul className="grid gap-3">
            {domains.map((domain) => (
              <li
                key={domain.id}
                className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
                data-testid="owned-domain"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="break-all font-semibold">{domain.unicodeDomain}</p>
                    <DomainStatusBadge status={domain.status} />
                  </div>
                  {domain.unicodeDomain !== domain.domain ? (
                    <p className="break-all text-xs text-muted-foreground">{domain.domain}</p>
                  ) : null}
                  <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm sm:gap-x-6">
                    <dt className="text-muted-foreground">{t("owned.expiresAt")}</dt>
                    <dd data-testid="owned-domain-expires">
                      {domain.expiresAt ? formatDate(domain.expiresAt) : t("owned.expiresPending")}
                    </dd>
                    <dt className="text-muted-foreground">{t("owned.period")}</dt>
                    <dd>{formatYears(domain.registrationPeriod, i18n.language)}</dd>
                    {domain.priceJpy !== null ? (
                      <>
                        <dt className="text-muted-foreground">{t("owned.pricePaid")}</dt>
                        <dd>{t("purchase.taxIncluded", { price: formatJpy(domain.priceJpy) })}</dd>
                      </>
                    ) : null}
                    <dt className="text-muted-foreground">{t("owned.autoRenew")}</dt>
                    <dd>
                      <AutoRenewSwitch domain={domain} signedIn={signedIn} onRequireLogin={onRequireLogin} />
                    </dd>
                    <dt className="text-muted-foreground">{t("owned.nameServers")}</dt>
                    <dd data-testid="owned-domain-name-servers">
                      {domain.nameServers.length > 0 ? (
                        <ul className="grid gap-0.5 font-mono text-[0.8125rem]">
                          {domain.nameServers.map((server) => (
                            <li key={server} className="break-all">
                              {server}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span className="text-muted-foreground">{t("owned.defaultNameServers")}</span>
                      )}
                    </dd>
                  </dl>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  data-testid="owned-domain-edit-name-servers"
                  disabled={domain.status === "expired"}
                  onClick={() => (signedIn ? setEditing(domain) : onRequireLogin())}
                  className="justify-self-start"
                >
                  <Pencil aria-hidden />
                  {t("owned.editNameServers")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {editing ? (
        <NameServersDialog
          key={editing.id}
          domain={editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
    </Card>
  );
}

/** Automatic renewal on or off (decision 0042): renewed a year at a time, charged before the registrar. */
function AutoRenewSwitch({
  domain,
  signedIn,
  onRequireLogin,
}: {
  domain: TOwnedDomain;
  signedIn: boolean;
  onRequireLogin: () => void;
}) {
  const { t } = useTranslation("domains");
  const update = useSetAutoRenew();
  const on = domain.autoRenew;
  return (
    <label className="flex items-start gap-2">
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        className="mt-1 size-4 accent-primary"
        checked={on}
        disabled={update.isPending || domain.status === "expired"}
        data-testid="owned-domain-auto-renew"
        onChange={(e) => {
          if (!signedIn) {
            onRequireLogin();
            return;
          }
          update.mutate(
            { domain: domain.domain, autoRenew: e.target.checked },
            {
              onError: (error) =>
                toast({
                  variant: "destructive",
                  title: t("toast.errorTitle"),
                  description: serverMessage(error) || t("owned.autoRenewFailed"),
                }),
            },
          );
        }}
      />
      <span className="text-sm">{t(on ? "owned.autoRenewOn" : "owned.autoRenewOff")}</span>
    </label>
  );
}
