import type { TOwnedDomain } from "@shobai/shared";
import { Plus, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useUpdateNameServers } from "../api/update-name-servers";
import { serverMessage } from "../error-text";
import { HOSTNAME_INPUT_PROPS } from "../hostname-input";

const MAX_SERVERS = 4;

function startingServers(current: string[]): string[] {
  const list = [...current];
  while (list.length < 2) list.push("");
  return list.slice(0, MAX_SERVERS);
}

/**
 * Changes a domain's name servers (at least two). On a refusal the dialog stays open with what the
 * owner typed and the server's reason.
 */
export function NameServersDialog({
  domain,
  open,
  onOpenChange,
}: {
  domain: TOwnedDomain;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(["domains", "common"]);
  const id = useId();
  const update = useUpdateNameServers();
  const [servers, setServers] = useState(() => startingServers(domain.nameServers));
  const [error, setError] = useState("");
  // A refusal from the server gives the focus back to the first slot once the form is usable again.
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (refused && !update.isPending) document.getElementById(`${id}-0`)?.focus();
  }, [refused, update.isPending, id]);

  const filled = servers.map((s) => s.trim()).filter(Boolean);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    if (filled.length < 2) {
      setError(t("nameServers.atLeastTwo"));
      // The first empty slot takes the focus.
      document
        .getElementById(
          `${id}-${Math.max(
            0,
            servers.findIndex((s) => !s.trim()),
          )}`,
        )
        ?.focus();
      return;
    }
    setError("");
    setRefused(false);
    update.mutate(
      { domain: domain.domain, nameServers: filled },
      {
        onSuccess: () => {
          toast({
            title: t("toast.nameServersSavedTitle"),
            description: t("toast.nameServersSaved", { domain: domain.unicodeDomain }),
          });
          onOpenChange(false);
        },
        onError: (failure) => {
          const message = serverMessage(failure) || t("toast.nameServersFailed");
          setError(message);
          setRefused(true);
          toast({ variant: "destructive", title: t("toast.errorTitle"), description: message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:nav.close")} data-testid="name-servers-dialog">
        <DialogHeader>
          <DialogTitle>{t("nameServers.title")}</DialogTitle>
          <DialogDescription>
            {t("nameServers.description", { domain: domain.unicodeDomain })}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <fieldset className="grid gap-3" disabled={update.isPending}>
            {servers.map((server, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the slots are positional (ns1, ns2…)
              <div key={index} className="grid gap-1.5">
                <Label htmlFor={`${id}-${index}`}>{t("register.nameServer", { number: index + 1 })}</Label>
                <div className="flex gap-2">
                  <Input
                    id={`${id}-${index}`}
                    data-testid={`name-server-${index + 1}`}
                    value={server}
                    {...HOSTNAME_INPUT_PROPS}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    placeholder={t("register.nameServerPlaceholder", { number: index + 1 })}
                    onChange={(e) => {
                      setServers(servers.map((s, i) => (i === index ? e.target.value : s)));
                      setError("");
                    }}
                  />
                  {index >= 2 ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t("nameServers.remove", { number: index + 1 })}
                      onClick={() => setServers(servers.filter((_, i) => i !== index))}
                    >
                      <X aria-hidden />
                    </Button>
                  ) : null}
                </div>
              </div>
            ))}
            {servers.length < MAX_SERVERS ? (
              <Button
                variant="ghost"
                size="sm"
                className="justify-self-start"
                data-testid="name-server-add"
                onClick={() => setServers([...servers, ""])}
              >
                <Plus aria-hidden />
                {t("nameServers.add")}
              </Button>
            ) : null}
          </fieldset>
          <FieldError id={`${id}-error`} message={error} testId="name-servers-error" />
          <DialogFormFooter
            cancelLabel={t("actions.cancel")}
            submitLabel={t("actions.save")}
            pending={update.isPending}
            submitTestId="name-servers-save"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
