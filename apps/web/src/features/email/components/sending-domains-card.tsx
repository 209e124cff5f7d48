import type { TSendingDomain } from "@shobai/shared";
import { Check, Copy, RefreshCw, ShieldCheck, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormDone } from "@/components/ui/form-done";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { getErrorCode, getErrorMessage } from "@/lib/api-error";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import {
  useAddSendingDomain,
  useCheckSendingDomain,
  useRemoveSendingDomain,
  useSendingDomains,
} from "../api/sending-domains";

function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation("email");
  const [copied, setCopied] = useState(false);
  // "Copied" shows for a moment; the timer goes with the button if it leaves the screen first.
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label={copied ? t("domains.copied") : label}
      title={label}
      onClick={() =>
        void navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => toast({ variant: "destructive", title: t("domains.copyFailed"), description: value }),
        )
      }
    >
      {copied ? <Check className="text-success" aria-hidden /> : <Copy aria-hidden />}
    </Button>
  );
}

function DomainItem({ domain }: { domain: TSendingDomain }) {
  const { t } = useTranslation("email");
  const check = useCheckSendingDomain();
  const remove = useRemoveSendingDomain();
  const verified = domain.status === "verified";
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:p-4"
      data-testid="sending-domain"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <span className="break-all font-semibold">{domain.domain}</span>
          <Badge variant={verified ? "default" : "secondary"} data-testid="sending-domain-status">
            {verified ? t("domains.verified") : t("domains.pending")}
          </Badge>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={check.isPending}
            onClick={() => check.mutate(domain.id)}
            data-testid="sending-domain-check"
          >
            {check.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
            {t("domains.check")}
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-destructive hover:bg-destructive-soft"
            aria-label={`${t("domains.remove")}: ${domain.domain}`}
            title={t("domains.remove")}
            disabled={remove.isPending}
            onClick={() => remove.mutate(domain.id)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {verified ? t("domains.verifiedText", { domain: domain.domain }) : t("domains.publishText")}
      </p>
      <ul className="flex flex-col gap-2">
        {domain.records.map((record) => (
          <li key={record.name} className="grid gap-1 rounded-md bg-surface p-2 text-sm">
            <span className="text-xs font-medium text-muted-foreground">
              {record.type} ・ {t(`domains.purpose.${record.purpose}`)}
            </span>
            <span className="flex min-w-0 items-center gap-1">
              <code className="min-w-0 break-all font-mono text-xs">{record.name}</code>
              <CopyValue value={record.name} label={t("domains.copyName")} />
            </span>
            <span className="flex min-w-0 items-start gap-1">
              <code className="max-h-24 min-w-0 overflow-y-auto break-all font-mono text-xs">
                {record.value}
              </code>
              <CopyValue value={record.value} label={t("domains.copyValue")} />
            </span>
          </li>
        ))}
      </ul>
      {domain.problem ? (
        <p className="text-sm text-destructive" role="status" data-testid="sending-domain-problem">
          {t(`domains.problem.${domain.problem}`, { name: domain.records[0]?.name ?? domain.domain })}
        </p>
      ) : null}
      {domain.spf ? (
        <p
          className={domain.spf === "ok" ? "text-sm text-success" : "text-sm text-destructive"}
          role="status"
          data-testid="sending-domain-spf"
        >
          {t(`domains.spf.${domain.spf}`, { include: domain.spfInclude })}
        </p>
      ) : null}
      {domain.checkedAt ? (
        <p className="text-xs text-muted-foreground">
          {t("domains.checkedAt", { date: formatDateTime(domain.checkedAt) })}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Sending as yourself (decision 0036), in plain words: until the owner's own domain carries our
 * DKIM record, their emails go From Shobai's address under their name ("さくら食堂 via Shobai") with
 * replies to them; free-mail addresses always do. Here they add the domain, copy the records and check.
 */
export function SendingDomainsCard() {
  const { t } = useTranslation("email");
  const id = useId();
  const domains = useSendingDomains({ enabled: true });
  const add = useAddSendingDomain();
  const [value, setValue] = useState("");
  const [error, setError] = useState("");
  const [added, setAdded] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!value.trim() || add.isPending) return;
    setError("");
    setAdded(null);
    const domain = value.trim().toLowerCase();
    add.mutate(value.trim(), {
      onSuccess: () => {
        setValue("");
        // Said beside the form, and it takes the focus (the button is off with the field empty).
        setAdded(t("domains.added", { domain }));
      },
      onError: (e) => {
        setError(
          getErrorCode(e) === "free_mail_domain"
            ? t("domains.freeMail", { domain })
            : getErrorCode(e) === "validation_error"
              ? t("domains.invalid")
              : getErrorMessage(e, t("domains.addFailed")),
        );
        // The field keeps the address and takes the focus back from the button.
        inputRef.current?.focus();
      },
    });
  };

  return (
    <Card data-testid="sending-domains">
      <CardContent className="flex flex-col gap-4 p-4 sm:p-6">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <ShieldCheck className="size-5 text-primary" aria-hidden />
            {t("domains.title")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("domains.via")}</p>
        </div>
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor={`${id}-domain`}>{t("domains.domainLabel")}</Label>
            <Input
              ref={inputRef}
              id={`${id}-domain`}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError("");
                setAdded(null);
              }}
              placeholder="example.jp"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              data-testid="sending-domain-input"
            />
          </div>
          <Button type="submit" disabled={add.isPending || !value.trim()} data-testid="sending-domain-add">
            {add.isPending ? <Spinner /> : null}
            {t("domains.add")}
          </Button>
        </form>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : null}
        <FormDone message={added} testId="sending-domain-added" />
        {domains.data && domains.data.length > 0 ? (
          <ul className="flex flex-col gap-3">
            {domains.data.map((domain) => (
              <DomainItem key={domain.id} domain={domain} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
