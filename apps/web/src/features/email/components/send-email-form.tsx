import { Send } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useSendEmail } from "../api/send-email";
import { isSenderUnverified, serverMessage } from "../error-text";

/**
 * The send tab (spec §3 Email compose, §5, §8): to, from, subject and content. To, subject and
 * content are required ('Validation Error'); a failure shows 'Send Error' and the server's message.
 */
export function SendEmailForm({
  signedIn,
  onRequireLogin,
  defaultFrom,
}: {
  signedIn: boolean;
  onRequireLogin: () => void;
  /** The sender email of the settings, if any. */
  defaultFrom: string;
}) {
  const { t } = useTranslation("email");
  const id = useId();
  const send = useSendEmail();
  const [to, setTo] = useState("");
  const [from, setFrom] = useState<string | null>(null);
  const [subject, setSubject] = useState("");
  const [content, setContent] = useState("");
  const fromEmail = from ?? defaultFrom;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    if (send.isPending) return;
    if (!to.trim() || !subject.trim() || !content.trim()) {
      toast({
        variant: "destructive",
        title: t("toast.validationTitle"),
        description: t("toast.validation"),
      });
      return;
    }
    send.mutate(
      { to: to.trim(), subject: subject.trim(), content, fromEmail: fromEmail.trim() },
      {
        onSuccess: (result) => {
          if (!result.success) {
            toast({
              variant: "destructive",
              title: t("toast.sendErrorTitle"),
              description: result.message || t("toast.sendFailed"),
            });
            return;
          }
          toast({ title: t("toast.sentTitle"), description: t("toast.sent") });
          setTo("");
          setSubject("");
          setContent("");
        },
        onError: (error) => {
          const message = serverMessage(error);
          toast({
            variant: "destructive",
            title: t("toast.sendErrorTitle"),
            description: (
              <>
                <span className="block">{t("toast.sendFailed")}</span>
                {message ? <span className="block">{message}</span> : null}
                {isSenderUnverified(error) ? (
                  <span className="block">{t("toast.senderUnverified")}</span>
                ) : null}
              </>
            ),
          });
        },
      },
    );
  };

  const pending = send.isPending;
  return (
    <form
      onSubmit={submit}
      className="grid gap-4"
      noValidate
      aria-busy={pending}
      data-testid="email-send-form"
    >
      <fieldset className="grid gap-4" disabled={pending}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-to`}>{t("send.to")}</Label>
            <Input
              id={`${id}-to`}
              data-testid="email-send-to"
              type="email"
              autoComplete="off"
              value={to}
              maxLength={254}
              placeholder={t("send.toPlaceholder")}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-from`}>{t("send.from")}</Label>
            <Input
              id={`${id}-from`}
              data-testid="email-send-from"
              type="email"
              autoComplete="email"
              value={fromEmail}
              maxLength={254}
              placeholder={t("send.fromPlaceholder")}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-subject`}>{t("send.subject")}</Label>
          <Input
            id={`${id}-subject`}
            data-testid="email-send-subject"
            value={subject}
            maxLength={200}
            onChange={(e) => setSubject(e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-content`}>{t("send.content")}</Label>
          <Textarea
            id={`${id}-content`}
            data-testid="email-send-content"
            rows={8}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" data-testid="email-send-submit" disabled={pending} className="w-full sm:w-auto">
          {pending ? <Spinner /> : <Send aria-hidden />}
          {t("send.submit")}
        </Button>
      </div>
    </form>
  );
}
