import type { TContact } from "@shobai/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { FormDone } from "@/components/ui/form-done";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { fieldErrors, topLevelField } from "@/lib/api-error";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { useSetConsent } from "../api/set-consent";
import { contactErrorText } from "../error-text";

/**
 * The contact's marketing consent (特定電子メール法): its state, where it came from, when and the
 * wording agreed to; the owner records a consent (saying how it was given) or an opt-out.
 * A refusal is said beside the wording (which keeps it and the focus) or beside the opt-out button;
 * what was recorded is said under the state and takes the focus (the form or button is gone).
 */
export function ConsentSection({ contact, onDemo }: { contact: TContact; onDemo: (() => void) | null }) {
  const { t } = useTranslation("crm");
  const save = useSetConsent();
  const [asking, setAsking] = useState(false);
  const [text, setText] = useState("");
  const [textError, setTextError] = useState<string | null>(null);
  const [optOutError, setOptOutError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const recordRef = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  const textId = `crm-consent-${contact.id}`;
  // Opening the form puts the focus in its field; Cancel gives it back to the button that opened it.
  useEffect(() => {
    if (asking) textRef.current?.focus();
    else if (opened.current) recordRef.current?.focus();
    opened.current = asking;
  }, [asking]);

  const send = (state: "opted_in" | "opted_out") => {
    if (onDemo) return onDemo();
    if (save.isPending) return;
    setTextError(null);
    setOptOutError(null);
    setDone(null);
    save.mutate(
      { id: contact.id, input: { state, text: state === "opted_in" ? text.trim() : "" } },
      {
        onSuccess: () => {
          // The focus goes to what was recorded, not back to the button.
          opened.current = false;
          setAsking(false);
          setText("");
          setDone(t(state === "opted_in" ? "consent.recordedIn" : "consent.recordedOut"));
        },
        onError: (error) => {
          const reason = contactErrorText(error, t);
          if (state === "opted_out") {
            setOptOutError([t("consent.failed"), reason].filter(Boolean).join(" "));
            return;
          }
          const field = fieldErrors(error, topLevelField(["text"] as const)).text;
          setTextError(field ?? [t("consent.failed"), reason].filter(Boolean).join(" "));
          textRef.current?.focus();
        },
      },
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) {
      setTextError(t("consent.howRequired"));
      textRef.current?.focus();
      return;
    }
    send("opted_in");
  };

  return (
    <div className="grid gap-3" data-testid="crm-consent">
      <p className="text-sm">
        <span className="font-medium" data-testid="crm-consent-state" data-consent={contact.marketingConsent}>
          {t(`consent.${contact.marketingConsent}`)}
        </span>
        {contact.consentSource ? (
          <span className="text-muted-foreground">
            {" ・ "}
            {t(`consent.source.${contact.consentSource}`)}
          </span>
        ) : null}
        {contact.consentUpdatedAt ? (
          <span className="text-muted-foreground tabular-nums">
            {" ・ "}
            {formatDateTime(contact.consentUpdatedAt)}
          </span>
        ) : null}
      </p>
      {contact.consentText ? (
        <p
          className="rounded-md bg-surface px-3 py-2 text-xs text-muted-foreground"
          data-testid="crm-consent-text"
        >
          {contact.consentText}
        </p>
      ) : null}
      {contact.marketingConsent !== "opted_in" ? (
        <p className="text-xs text-muted-foreground">{t("consent.noCampaigns")}</p>
      ) : null}
      {asking ? (
        <form onSubmit={submit} className="grid gap-2">
          <Label htmlFor={textId}>{t("consent.howLabel")}</Label>
          <Textarea
            ref={textRef}
            id={textId}
            data-testid="crm-consent-how"
            rows={2}
            maxLength={1000}
            placeholder={t("consent.howPlaceholder")}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setTextError(null);
            }}
            // Read-only, not disabled, while saving: the field keeps the focus.
            readOnly={save.isPending}
            className="text-sm"
            {...(textError ? { "aria-invalid": true, "aria-describedby": `${textId}-error` } : {})}
          />
          <FieldError id={`${textId}-error`} message={textError} testId="crm-consent-how-error" />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={save.isPending} data-testid="crm-consent-save">
              {save.isPending ? <Spinner /> : null}
              {t("consent.save")}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                setAsking(false);
                setTextError(null);
              }}
            >
              {t("form.cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          {contact.marketingConsent !== "opted_in" ? (
            <Button
              ref={recordRef}
              size="sm"
              variant="outline"
              onClick={() => {
                setAsking(true);
                setDone(null);
                setOptOutError(null);
              }}
              data-testid="crm-consent-record"
            >
              {t("consent.record")}
            </Button>
          ) : null}
          {contact.marketingConsent !== "opted_out" ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => send("opted_out")}
              aria-disabled={save.isPending || undefined}
              data-testid="crm-consent-optout"
              {...(optOutError ? { "aria-describedby": `${textId}-optout-error` } : {})}
            >
              {t("consent.optOut")}
            </Button>
          ) : null}
        </div>
      )}
      <FieldError id={`${textId}-optout-error`} message={optOutError} testId="crm-consent-optout-error" />
      <FormDone message={done} testId="crm-consent-done" />
    </div>
  );
}
