import { Info, MailCheck } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { FormDone } from "@/components/ui/form-done";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useVerifySender } from "../api/verify-sender";
import { serverMessage } from "../error-text";

/**
 * The verify-sender tab (spec §5, §8): a non-empty email; the server mails a link that verifies it.
 * With the outbox provider that mail is in the outbox below, where the owner can open the link.
 */
export function VerifySenderForm({
  signedIn,
  onRequireLogin,
  outbox,
  defaultEmail,
}: {
  signedIn: boolean;
  onRequireLogin: () => void;
  outbox: boolean;
  defaultEmail: string;
}) {
  const { t } = useTranslation("email");
  const id = useId();
  const verify = useVerifySender();
  const [email, setEmail] = useState<string | null>(null);
  const value = email ?? defaultEmail;
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  /** The field says what is wrong beside it and takes the focus back. */
  const refuse = (message: string) => {
    setError(message);
    input.current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    if (verify.isPending) return;
    if (!value.trim()) {
      refuse(t("toast.emailRequired"));
      toast({
        variant: "destructive",
        title: t("toast.validationTitle"),
        description: t("toast.emailRequired"),
      });
      return;
    }
    setError(null);
    setSentTo(null);
    verify.mutate(value.trim(), {
      onSuccess: (result) => {
        if (!result.success) {
          refuse(result.message || t("toast.verificationFailed"));
          toast({
            variant: "destructive",
            title: t("toast.verificationErrorTitle"),
            description: result.message || t("toast.verificationFailed"),
          });
          return;
        }
        setSentTo(value.trim());
        toast({ title: t("toast.verificationSentTitle"), description: t("toast.verificationSent") });
      },
      onError: (failure) => {
        const message = serverMessage(failure);
        refuse(message || t("toast.verificationFailed"));
        toast({
          variant: "destructive",
          title: t("toast.verificationErrorTitle"),
          description: (
            <>
              <span className="block">{t("toast.verificationFailed")}</span>
              {message ? <span className="block">{message}</span> : null}
            </>
          ),
        });
      },
    });
  };

  const pending = verify.isPending;
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-busy={pending}>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>{t("verify.email")}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={input}
            id={`${id}-email`}
            data-testid="verify-sender-email"
            type="email"
            autoComplete="email"
            value={value}
            maxLength={254}
            placeholder="info@your-shop.jp"
            readOnly={pending}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            {...(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {})}
          />
          <Button type="submit" data-testid="verify-sender-submit" disabled={pending} className="sm:w-auto">
            {pending ? <Spinner /> : <MailCheck aria-hidden />}
            {t("verify.submit")}
          </Button>
        </div>
        <FieldError id={`${id}-error`} message={error} testId="verify-sender-error" />
        <FormDone
          message={sentTo ? t("verify.sentTo", { email: sentTo }) : null}
          testId="verify-sender-done"
        />
      </div>
      {outbox ? (
        <Alert variant="info">
          <Info aria-hidden />
          <p>{t("verify.outboxHint")}</p>
        </Alert>
      ) : null}
    </form>
  );
}
