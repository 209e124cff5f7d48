import { Info, MailCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    if (verify.isPending) return;
    if (!value.trim()) {
      toast({
        variant: "destructive",
        title: t("toast.validationTitle"),
        description: t("toast.emailRequired"),
      });
      return;
    }
    verify.mutate(value.trim(), {
      onSuccess: (result) => {
        if (!result.success) {
          toast({
            variant: "destructive",
            title: t("toast.verificationErrorTitle"),
            description: result.message || t("toast.verificationFailed"),
          });
          return;
        }
        toast({ title: t("toast.verificationSentTitle"), description: t("toast.verificationSent") });
      },
      onError: (error) => {
        const message = serverMessage(error);
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
            id={`${id}-email`}
            data-testid="verify-sender-email"
            type="email"
            autoComplete="email"
            value={value}
            maxLength={254}
            placeholder="info@your-shop.jp"
            disabled={pending}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" data-testid="verify-sender-submit" disabled={pending} className="sm:w-auto">
            {pending ? <Spinner /> : <MailCheck aria-hidden />}
            {t("verify.submit")}
          </Button>
        </div>
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
