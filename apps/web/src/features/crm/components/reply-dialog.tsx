import type { TContact, TContactActivity } from "@shobai/shared";
import { ERROR_CODES } from "@shobai/shared/constants";
import { Reply } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { fieldErrors, getErrorCode, topLevelField } from "@/lib/api-error";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useReplyToContact } from "../api/reply-to-contact";
import { contactName } from "../contact-name";
import { contactErrorText } from "../error-text";

type ReplyField = "subject" | "text";
const REPLY_FIELDS = ["subject", "text"] as const;

/**
 * A reply to a person who wrote in (a site form enquiry): a one-off transactional email from the
 * owner's verified sender, the enquiry quoted below; it goes on the timeline under the enquiry.
 */
export function ReplyDialog({
  contact,
  enquiry,
  onOpenChange,
  onSent,
  focusResult,
}: {
  contact: TContact;
  /** The enquiry being answered; null closes the dialog. */
  enquiry: TContactActivity | null;
  onOpenChange: (open: boolean) => void;
  onSent: () => void;
  /** Where the focus goes once the reply is sent and the dialog closed (the result). */
  focusResult: () => void;
}) {
  const { t } = useTranslation(["crm", "common"]);
  const reply = useReplyToContact();
  const website = enquiry?.data.website ?? "";
  const [subject, setSubject] = useState(() =>
    website ? t("reply.defaultSubject", { website }) : t("reply.defaultSubjectNoSite"),
  );
  const [text, setText] = useState(() => t("reply.greeting", { name: contactName(contact) }));
  const [errors, setErrors] = useState<Partial<Record<ReplyField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const sent = useRef(false);

  const focus = (field: ReplyField | undefined) =>
    (field === "subject" ? subjectRef : field === "text" ? textRef : null)?.current?.focus();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!enquiry || reply.isPending) return;
    const local: Partial<Record<ReplyField, string>> = {};
    if (!subject.trim()) local.subject = t("reply.subjectRequired");
    if (!text.trim()) local.text = t("reply.textRequired");
    setFailure(null);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focus(REPLY_FIELDS.find((f) => local[f]));
      return;
    }
    setErrors({});
    reply.mutate(
      { id: contact.id, input: { subject: subject.trim(), text: text.trim(), inReplyTo: enquiry.id } },
      {
        onSuccess: () => {
          toast({ title: t("reply.sentTitle"), description: t("reply.sent", { email: contact.email }) });
          sent.current = true;
          onSent();
        },
        onError: (error) => {
          const fields = fieldErrors(error, topLevelField(REPLY_FIELDS));
          setErrors(fields);
          const first = REPLY_FIELDS.find((f) => fields[f]);
          if (first) {
            focus(first);
            return;
          }
          const code = getErrorCode(error);
          setFailure(
            code === ERROR_CODES.senderUnverified
              ? t("reply.noSender")
              : code === ERROR_CODES.forbidden
                ? t("reply.notAllowed")
                : contactErrorText(error, t) || t("reply.failed"),
          );
          requestAnimationFrame(() => failureRef.current?.focus());
        },
      },
    );
  };

  return (
    <Dialog open={enquiry !== null} onOpenChange={(open) => !reply.isPending && onOpenChange(open)}>
      <DialogContent
        closeLabel={t("common:nav.close")}
        data-testid="crm-reply-dialog"
        className="sm:max-w-xl"
        onCloseAutoFocus={(event) => {
          if (!sent.current) return;
          event.preventDefault();
          focusResult();
        }}
      >
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <Reply className="size-5 text-primary" aria-hidden />
              {t("reply.title")}
            </DialogTitle>
            <DialogDescription className="break-all">
              {t("reply.to", { name: contactName(contact), email: contact.email })}
            </DialogDescription>
          </DialogHeader>
          {failure ? (
            <Alert variant="destructive" ref={failureRef} tabIndex={-1} data-testid="crm-reply-failure">
              {failure}
            </Alert>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor="crm-reply-subject">{t("reply.subject")}</Label>
            <Input
              id="crm-reply-subject"
              ref={subjectRef}
              data-testid="crm-reply-subject"
              maxLength={200}
              value={subject}
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={errors.subject ? "crm-reply-subject-error" : undefined}
              onChange={(e) => setSubject(e.target.value)}
              disabled={reply.isPending}
            />
            <FieldError id="crm-reply-subject-error" message={errors.subject} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="crm-reply-text">{t("reply.text")}</Label>
            <Textarea
              id="crm-reply-text"
              ref={textRef}
              data-testid="crm-reply-text"
              rows={7}
              maxLength={20000}
              value={text}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={errors.text ? "crm-reply-text-error" : undefined}
              onChange={(e) => setText(e.target.value)}
              disabled={reply.isPending}
              className="min-h-36 resize-y text-sm"
            />
            <FieldError id="crm-reply-text-error" message={errors.text} testId="crm-reply-text-error" />
          </div>
          {enquiry ? (
            <figure className="grid gap-1 rounded-lg border-l-4 border-border bg-surface px-3 py-2">
              <figcaption className="text-xs text-muted-foreground">
                {t("reply.quoted", { date: formatDateTime(enquiry.createdAt) })}
              </figcaption>
              <blockquote className="max-h-32 overflow-auto text-sm whitespace-pre-wrap text-foreground/80">
                {enquiry.data.message ?? ""}
              </blockquote>
            </figure>
          ) : null}
          <p className="text-xs text-muted-foreground">{t("reply.transactionalNote")}</p>
          <DialogFormFooter
            cancelLabel={t("form.cancel")}
            submitLabel={t("reply.send")}
            pending={reply.isPending}
            submitTestId="crm-reply-send"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
