import { type FormEvent, useEffect, useId, useState } from "react";
import { Link } from "wouter";
import { Alert } from "@/components/ui/alert";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { getErrorStatus, isPlanRequiredError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useConnectDomain } from "../api/connect-domain";
import { serverMessage } from "../error-text";
import { HOSTNAME_INPUT_PROPS } from "../hostname-input";

type ConnectField = "hostname" | "website";

/**
 * Connects a host name (www.your-shop.jp, or a registered domain itself) to one of the owner's
 * websites. A refusal (in use, plan, bad name) keeps the dialog and the owner's input.
 */
export function ConnectDomainDialog({
  open,
  onOpenChange,
  websites,
  websitesLoading,
  suggestions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  websites: { id: string; name: string }[];
  websitesLoading: boolean;
  /** Registered domains, offered as host names. */
  suggestions: string[];
}) {
  const { t } = useTranslation(["domains", "common"]);
  const id = useId();
  const connect = useConnectDomain();
  const [hostname, setHostname] = useState("");
  const [websiteId, setWebsiteId] = useState("");
  const [error, setError] = useState<{
    message: string;
    planRequired: boolean;
    /** The inputs the message is about, marked invalid and pointed at it. */
    fields: readonly ConnectField[];
  } | null>(null);
  const onlyWebsite = websites.length === 1 ? websites[0]?.id : undefined;
  const chosenWebsite = websiteId || onlyWebsite || "";
  const pending = connect.isPending;
  // A refusal takes the focus to the first field it is about, else to its text (once the form,
  // disabled while sending, is usable again).
  useEffect(() => {
    if (!error || pending) return;
    const first = error.fields[0];
    document.getElementById(first ? `${id}-${first}` : `${id}-error`)?.focus();
  }, [error, pending, id]);
  const errorProps = (field: ConnectField) =>
    error?.fields.includes(field) ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!hostname.trim() || !chosenWebsite) {
      setError({
        message: t("connect.required"),
        planRequired: false,
        fields: [
          ...(hostname.trim() ? [] : ["hostname" as const]),
          ...(chosenWebsite ? [] : ["website" as const]),
        ],
      });
      return;
    }
    setError(null);
    connect.mutate(
      { hostname: hostname.trim(), websiteId: chosenWebsite },
      {
        onSuccess: (connection) => {
          toast({
            title: t("toast.connectedTitle"),
            description: t("toast.connected", { hostname: connection.unicodeHostname }),
          });
          setHostname("");
          setWebsiteId("");
          onOpenChange(false);
        },
        onError: (failure) => {
          const message = serverMessage(failure) || t("toast.connectFailed");
          // A 400 (not a usable host name) or 409 (in use) is about the host name; a plan refusal is not.
          const status = getErrorStatus(failure);
          setError({
            message,
            planRequired: isPlanRequiredError(failure),
            fields: status === 400 || status === 409 ? ["hostname"] : [],
          });
          toast({ variant: "destructive", title: t("toast.connectErrorTitle"), description: message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:nav.close")} data-testid="connect-domain-dialog">
        <DialogHeader>
          <DialogTitle>{t("connect.title")}</DialogTitle>
          <DialogDescription>{t("connect.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <fieldset className="grid gap-4" disabled={pending}>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-hostname`}>{t("connect.hostname")}</Label>
              <Input
                id={`${id}-hostname`}
                data-testid="connect-hostname"
                value={hostname}
                {...HOSTNAME_INPUT_PROPS}
                list={suggestions.length > 0 ? `${id}-suggestions` : undefined}
                placeholder={`www.${t("search.placeholder")}`}
                {...errorProps("hostname")}
                onChange={(e) => {
                  setHostname(e.target.value);
                  setError(null);
                }}
              />
              {suggestions.length > 0 ? (
                <datalist id={`${id}-suggestions`}>
                  {suggestions.flatMap((domain) => [
                    <option key={domain} value={domain} />,
                    <option key={`www.${domain}`} value={`www.${domain}`} />,
                  ])}
                </datalist>
              ) : null}
              <p className="text-xs text-muted-foreground">{t("connect.hostnameHint")}</p>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-website`}>{t("connect.website")}</Label>
              {websitesLoading ? (
                <Skeleton className="h-10 w-full" />
              ) : websites.length === 0 ? (
                <Alert data-testid="connect-no-websites">
                  <p>
                    {t("connect.noWebsites")}{" "}
                    <Link
                      href="/websites"
                      className="font-semibold text-primary underline underline-offset-4"
                    >
                      {t("connect.createWebsite")}
                    </Link>
                  </p>
                </Alert>
              ) : (
                <Select
                  value={chosenWebsite}
                  onValueChange={(value) => {
                    setWebsiteId(value);
                    setError(null);
                  }}
                >
                  <SelectTrigger
                    id={`${id}-website`}
                    data-testid="connect-website"
                    {...errorProps("website")}
                  >
                    <SelectValue placeholder={t("connect.websitePlaceholder")} />
                  </SelectTrigger>
                  <SelectContent>
                    {websites.map((website) => (
                      <SelectItem key={website.id} value={website.id}>
                        {website.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </div>
          </fieldset>
          {error ? (
            <Alert
              id={`${id}-error`}
              tabIndex={-1}
              variant="destructive"
              className="outline-none"
              data-testid="connect-error"
            >
              <div>
                <p>{error.message}</p>
                {error.planRequired ? (
                  <Link
                    href="/subscription"
                    className="mt-1 inline-block font-semibold underline underline-offset-4"
                    data-testid="connect-upgrade"
                  >
                    {t("connect.upgrade")}
                  </Link>
                ) : null}
              </div>
            </Alert>
          ) : null}
          <DialogFormFooter
            cancelLabel={t("actions.cancel")}
            submitLabel={t("connect.submit")}
            pending={pending}
            disabled={websites.length === 0}
            submitTestId="connect-submit"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
