import { Send } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { FormDone } from "@/components/ui/form-done";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { fieldErrors, topLevelField } from "@/lib/api-error";
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
  type Field = "to" | "fromEmail" | "subject" | "content";
  const FIELDS: readonly Field[] = ["to", "fromEmail", "subject", "content"];
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const refs = {
    to: useRef<HTMLInputElement>(null),
    fromEmail: useRef<HTMLInputElement>(null),
    subject: useRef<HTMLInputElement>(null),
    content: useRef<HTMLTextAreaElement>(null),
  };
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** Marks the fields, and moves the focus to the first of them (once the fieldset is enabled again). */
  const refuse = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) requestAnimationFrame(() => refs[first].current?.focus());
  };
  const invalid = (field: Field) =>
    errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${field}-error` } : {};
  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    if (send.isPending) return;
    if (!to.trim() || !subject.trim() || !content.trim()) {
      const required = t("form.required");
      refuse({
        ...(to.trim() ? {} : { to: required }),
        ...(subject.trim() ? {} : { subject: required }),
        ...(content.trim() ? {} : { content: required }),
      });
      toast({
        variant: "destructive",
        title: t("toast.validationTitle"),
        description: t("toast.validation"),
      });
      return;
    }
    setErrors({});
    setSentTo(null);
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
          setSentTo(to.trim());
          setTo("");
          setSubject("");
          setContent("");
        },
        onError: (error) => {
          const message = serverMessage(error);
          const found = fieldErrors(error, topLevelField(FIELDS));
          // An unverified sender is the From field's problem.
          if (isSenderUnverified(error)) found.fromEmail ??= t("toast.senderUnverified");
          refuse(found);
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
              ref={refs.to}
              onChange={(e) => edit("to", setTo)(e.target.value)}
              {...invalid("to")}
            />
            <FieldError id={`${id}-to-error`} message={errors.to} testId="email-send-to-error" />
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
              ref={refs.fromEmail}
              onChange={(e) => edit("fromEmail", setFrom)(e.target.value)}
              {...invalid("fromEmail")}
            />
            <FieldError
              id={`${id}-fromEmail-error`}
              message={errors.fromEmail}
              testId="email-send-from-error"
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
            ref={refs.subject}
            onChange={(e) => edit("subject", setSubject)(e.target.value)}
            {...invalid("subject")}
          />
          <FieldError id={`${id}-subject-error`} message={errors.subject} testId="email-send-subject-error" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-content`}>{t("send.content")}</Label>
          <Textarea
            id={`${id}-content`}
            data-testid="email-send-content"
            rows={8}
            value={content}
            ref={refs.content}
            onChange={(e) => edit("content", setContent)(e.target.value)}
            {...invalid("content")}
          />
          <FieldError id={`${id}-content-error`} message={errors.content} testId="email-send-content-error" />
        </div>
      </fieldset>
      <FormDone message={sentTo ? t("send.sentTo", { email: sentTo }) : null} testId="email-send-done" />
      <div className="flex justify-end">
        <Button type="submit" data-testid="email-send-submit" disabled={pending} className="w-full sm:w-auto">
          {pending ? <Spinner /> : <Send aria-hidden />}
          {t("send.submit")}
        </Button>
      </div>
    </form>
  );
}
