import { Search } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useVerificationStatus } from "../api/verification-status";
import { serverMessage } from "../error-text";
import { SenderStatusBadge } from "./sender-status-badge";

/** The check-status tab (spec §3 Verification status): an email's status and whether it may send. */
export function CheckStatusForm({
  signedIn,
  onRequireLogin,
}: {
  signedIn: boolean;
  onRequireLogin: () => void;
}) {
  const { t } = useTranslation("email");
  const id = useId();
  const [email, setEmail] = useState("");
  const [checked, setChecked] = useState("");
  const status = useVerificationStatus(checked, { enabled: signedIn && checked !== "" });
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const answer = useRef<HTMLDivElement>(null);
  // Focus follows the outcome: the answer once it is there, the field when it needs fixing.
  const [awaiting, setAwaiting] = useState(false);
  const settled = awaiting && !status.isFetching && (status.isError || Boolean(status.data));
  useEffect(() => {
    if (!settled) return;
    setAwaiting(false);
    answer.current?.focus();
  }, [settled]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    const value = email.trim();
    if (!value) {
      setError(t("toast.emailRequired"));
      toast({
        variant: "destructive",
        title: t("toast.validationTitle"),
        description: t("toast.emailRequired"),
      });
      input.current?.focus();
      return;
    }
    setError(null);
    setAwaiting(true);
    if (value.toLowerCase() === checked.toLowerCase()) void status.refetch();
    setChecked(value);
  };

  const result = status.data;
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>{t("check.email")}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={input}
            id={`${id}-email`}
            data-testid="check-status-email"
            type="email"
            autoComplete="email"
            value={email}
            maxLength={254}
            placeholder="info@your-shop.jp"
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            {...(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {})}
          />
          <Button
            type="submit"
            variant="secondary"
            data-testid="check-status-submit"
            disabled={status.isFetching}
            className="sm:w-auto"
          >
            {status.isFetching ? <Spinner /> : <Search aria-hidden />}
            {t("check.submit")}
          </Button>
        </div>
        <FieldError id={`${id}-error`} message={error} testId="check-status-error" />
      </div>
      <div ref={answer} tabIndex={-1} className="outline-none" aria-live="polite">
        {checked === "" ? null : status.isError ? (
          <Alert variant="destructive" data-testid="check-status-result">
            <p>
              {t("check.failed")} {serverMessage(status.error)}
            </p>
          </Alert>
        ) : !result ? (
          <Skeleton className="h-20 w-full" />
        ) : (
          <dl
            className="grid gap-3 rounded-lg border border-border bg-surface p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6"
            data-testid="check-status-result"
            data-status={result.status}
          >
            <dt className="text-muted-foreground">{t("check.email")}</dt>
            <dd className="break-all font-medium">{result.email}</dd>
            <dt className="text-muted-foreground">{t("check.status")}</dt>
            <dd>
              <SenderStatusBadge status={result.status} testId="check-status-value" />
            </dd>
            <dt className="text-muted-foreground">{t("check.verified")}</dt>
            <dd className="font-medium" data-testid="check-status-verified">
              {result.verified ? t("check.yes") : t("check.no")}
            </dd>
          </dl>
        )}
      </div>
    </form>
  );
}
