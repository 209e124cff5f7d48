import type { TWebsite } from "@shobai/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { useUpdateWebsite } from "../api/update-website";
import { serverReason } from "../error-text";

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Where this site's form enquiries are mailed (issue 20). Empty means the account's address; the
 * field starts with the address in use so saving it once confirms it.
 */
export function EnquiryAlertForm({ website }: { website: TWebsite }) {
  const { t } = useTranslation("websites");
  const { user } = useUser();
  const update = useUpdateWebsite(website.id);
  const saved = website.enquiryAlertEmail ?? "";
  // Until the owner edits it, the field shows the address in use (the account's once it is known).
  const [edited, setEdited] = useState<string | null>(null);
  const address = edited ?? (saved || user?.email || "");
  const [error, setError] = useState<string | null>(null);
  // The settings page remounts its forms with the saved website (keyed by updatedAt), before this
  // save's promise settles: the result lives in the query cache for a few seconds, so whichever
  // form is mounted says it.
  const queryClient = useQueryClient();
  const resultKey = ["enquiry-alert-saved", website.id] as const;
  const kept = useQuery<{ text: string; at: number } | null>({
    queryKey: resultKey,
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
  const result = kept && Date.now() - kept.at < 10_000 ? kept.text : null;
  const setResult = (text: string | null) =>
    queryClient.setQueryData(resultKey, text ? { text, at: Date.now() } : null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setResult(null);
    const value = address.trim();
    if (value && !LOOKS_LIKE_EMAIL.test(value)) {
      setError(t("alerts.invalid"));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    update.mutateAsync({ enquiryAlertEmail: value }).then(
      (site) => setResult(t("alerts.saved", { email: site.enquiryAlertEmail || user?.email || "" })),
      (failure: unknown) => {
        setError([t("toast.saveFailed"), serverReason(failure)].filter(Boolean).join(" "));
        inputRef.current?.focus();
      },
    );
  };

  const pending = update.isPending;
  return (
    <Card data-testid="enquiry-alert-card">
      <form onSubmit={submit} noValidate>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <BellRing className="size-5 text-primary" aria-hidden />
            {t("alerts.title")}
          </CardTitle>
          <CardDescription>{t("alerts.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <Label htmlFor="enquiry-alert-email">{t("alerts.label")}</Label>
          <Input
            ref={inputRef}
            id="enquiry-alert-email"
            data-testid="enquiry-alert-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={address}
            onChange={(event) => {
              setEdited(event.target.value);
              if (result) setResult(null);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "enquiry-alert-email-error enquiry-alert-hint" : "enquiry-alert-hint"}
            disabled={pending}
          />
          <FieldError id="enquiry-alert-email-error" message={error} testId="enquiry-alert-error" />
          <p id="enquiry-alert-hint" className="text-xs text-muted-foreground">
            {saved ? t("alerts.hintSaved") : t("alerts.hintDefault", { email: user?.email ?? "" })}
          </p>
          {result ? (
            <p
              ref={resultRef}
              tabIndex={-1}
              role="status"
              className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900 outline-none focus-visible:outline-2 focus-visible:outline-ring"
              data-testid="enquiry-alert-saved"
            >
              {result}
            </p>
          ) : null}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={pending} data-testid="enquiry-alert-save">
            {pending ? <Spinner /> : null}
            {t("alerts.save")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
