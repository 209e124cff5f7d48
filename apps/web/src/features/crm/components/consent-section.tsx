import type { TContact } from "@shobai/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useSetConsent } from "../api/set-consent";
import { contactErrorText } from "../error-text";

/**
 * The contact's marketing consent (特定電子メール法): its state, where it came from, when and the
 * wording agreed to; the owner records a consent (saying how it was given) or an opt-out.
 */
export function ConsentSection({ contact, onDemo }: { contact: TContact; onDemo: (() => void) | null }) {
  const { t } = useTranslation("crm");
  const save = useSetConsent();
  const [asking, setAsking] = useState(false);
  const [text, setText] = useState("");

  const send = (state: "opted_in" | "opted_out") => {
    if (onDemo) return onDemo();
    save.mutate(
      { id: contact.id, input: { state, text: state === "opted_in" ? text.trim() : "" } },
      {
        onSuccess: () => {
          setAsking(false);
          setText("");
          toast({ title: t(state === "opted_in" ? "consent.recordedIn" : "consent.recordedOut") });
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: t("toast.errorTitle"),
            description: contactErrorText(error, t),
          }),
      },
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim()) send("opted_in");
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
          <Label htmlFor={`crm-consent-${contact.id}`}>{t("consent.howLabel")}</Label>
          <Textarea
            id={`crm-consent-${contact.id}`}
            data-testid="crm-consent-how"
            rows={2}
            maxLength={1000}
            placeholder={t("consent.howPlaceholder")}
            value={text}
            onChange={(e) => setText(e.target.value)}
            disabled={save.isPending}
            className="text-sm"
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              size="sm"
              disabled={!text.trim() || save.isPending}
              data-testid="crm-consent-save"
            >
              {save.isPending ? <Spinner /> : null}
              {t("consent.save")}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(false)}>
              {t("form.cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          {contact.marketingConsent !== "opted_in" ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setAsking(true)}
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
              disabled={save.isPending}
              data-testid="crm-consent-optout"
            >
              {t("consent.optOut")}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
