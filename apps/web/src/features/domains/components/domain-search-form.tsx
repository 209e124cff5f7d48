import type { TDomainSearchResult } from "@shobai/shared";
import { ArrowRight, CircleCheck, CircleX, Search } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { formatJpy } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useSearchDomain } from "../api/search-domain";
import { serverMessage } from "../error-text";
import { HOSTNAME_INPUT_PROPS } from "../hostname-input";
import { formatYears } from "../period";

/**
 * The search tab (spec §2, §5, §8): a non-empty term and a configured service. Each answer is
 * toasted; an available name is handed up so the register form can take it.
 */
export function DomainSearchForm({
  signedIn,
  onRequireLogin,
  configured,
  disabledReason,
  result,
  onResult,
  onRegister,
}: {
  signedIn: boolean;
  onRequireLogin: () => void;
  /** Searching waits for a configured service… */
  configured: boolean;
  /** …and says why it is off once that is known (null while the status loads). */
  disabledReason: string | null;
  result: TDomainSearchResult | null;
  onResult: (result: TDomainSearchResult) => void;
  onRegister: () => void;
}) {
  const { t, i18n } = useTranslation("domains");
  const id = useId();
  const search = useSearchDomain();
  const [term, setTerm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const canSearch = configured && term.trim() !== "";
  const input = useRef<HTMLInputElement>(null);
  const answer = useRef<HTMLDivElement>(null);
  // After a search, focus goes to its answer (screen readers read it); after a refusal, back to the
  // field, which says why beside it.
  const [focusTarget, setFocusTarget] = useState<"answer" | "input" | null>(null);
  useEffect(() => {
    if (focusTarget === "answer") answer.current?.focus();
    if (focusTarget === "input") input.current?.focus();
    if (focusTarget) setFocusTarget(null);
  }, [focusTarget]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    if (!canSearch || search.isPending) return;
    setError(null);
    search.mutate(term, {
      onSuccess: (found) => {
        onResult(found);
        setFocusTarget("answer");
        if (found.available) {
          toast({
            title: t("toast.availableTitle"),
            description: t("toast.available", { domain: found.unicodeDomain }),
          });
        } else {
          toast({
            variant: "destructive",
            title: t("toast.unavailableTitle"),
            description: t("toast.unavailable", { domain: found.unicodeDomain }),
          });
        }
      },
      onError: (failure) => {
        const message = serverMessage(failure) || t("toast.searchFailed");
        setError(message);
        setFocusTarget("input");
        toast({ variant: "destructive", title: t("toast.searchErrorTitle"), description: message });
      },
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={submit} className="grid gap-2" noValidate>
        <Label htmlFor={`${id}-term`}>{t("search.label")}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={input}
            id={`${id}-term`}
            data-testid="domain-search-input"
            value={term}
            {...HOSTNAME_INPUT_PROPS}
            placeholder={t("search.placeholder")}
            onChange={(e) => {
              setTerm(e.target.value);
              setError(null);
            }}
            {...(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {})}
          />
          <Button
            type="submit"
            data-testid="domain-search-submit"
            disabled={search.isPending || (signedIn && !canSearch)}
            className="sm:w-auto"
          >
            {search.isPending ? <Spinner /> : <Search aria-hidden />}
            {t("search.submit")}
          </Button>
        </div>
        <FieldError id={`${id}-error`} message={error} testId="domain-search-error" />
        <p className="text-xs text-muted-foreground" data-testid="domain-search-hint">
          {disabledReason ?? t("search.hint")}
        </p>
      </form>

      {result ? (
        <div
          ref={answer}
          tabIndex={-1}
          className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-row sm:items-center"
          data-testid="domain-search-result"
          data-available={result.available}
          aria-live="polite"
        >
          <div className="flex min-w-0 flex-1 items-start gap-3">
            {result.available ? (
              <CircleCheck className="mt-1 size-5 shrink-0 text-success" aria-hidden />
            ) : (
              <CircleX className="mt-1 size-5 shrink-0 text-destructive" aria-hidden />
            )}
            <div className="min-w-0">
              <p className="break-all text-lg font-semibold">{result.unicodeDomain}</p>
              {result.unicodeDomain !== result.domain ? (
                <p className="break-all text-xs text-muted-foreground">{result.domain}</p>
              ) : null}
              <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm">
                <Badge variant={result.available ? "success" : "destructive"}>
                  {result.available ? t("search.available") : t("search.taken")}
                </Badge>
                {result.available && result.price !== null ? (
                  <span data-testid="domain-search-price">
                    <span className="font-semibold">
                      {t("purchase.taxIncluded", { price: formatJpy(result.price) })}
                    </span>
                    <span className="text-muted-foreground">
                      {" "}
                      / {formatYears(result.registrationPeriod, i18n.language)}
                    </span>
                  </span>
                ) : null}
              </div>
            </div>
          </div>
          {result.available ? (
            <Button
              variant="secondary"
              data-testid="domain-search-register"
              onClick={onRegister}
              className="sm:w-auto"
            >
              {t("search.register")}
              <ArrowRight aria-hidden />
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground sm:max-w-[16rem]">{t("search.tryAnother")}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
