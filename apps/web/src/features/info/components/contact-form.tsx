import { ZContactMessage } from "@shobai/shared";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { getErrorCode } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";
import { useSendContactMessage } from "../api/send-contact-message";

type Field = "name" | "email" | "company" | "message";
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: "", email: "", company: "", message: "" };
const FIELDS: readonly Field[] = ["name", "email", "company", "message"];
const MESSAGE_MAX = 5000;

/** Checks with the server's own schema, so the form and the API never disagree. */
function validate(values: Values, t: (key: string) => string): Errors {
  const result = ZContactMessage.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || !FIELDS.includes(field as Field) || errors[field as Field]) continue;
    const empty = values[field as Field].trim() === "";
    const kind = empty ? "required" : issue.code === "too_big" ? "tooLong" : "invalid";
    errors[field as Field] = t(`contact.errors.${field}.${kind}`);
  }
  return errors;
}

/**
 * The public contact form (spec §2 Contact, §3, §8): name, email, company (optional), message.
 * Saved for real; the toasts are the spec's. Success clears the form, failure keeps the input.
 */
export function ContactForm() {
  const { t } = useTranslation("info");
  const language = useCurrentLanguage();
  const send = useSendContactMessage();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  // Hidden from people; a bot that fills it is thanked and ignored by the server.
  const [trap, setTrap] = useState("");

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = validate(values, t);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    send.mutate(
      { ...values, language, ...(trap ? { website: trap } : {}) },
      {
        onSuccess: () => {
          toast({
            title: t("contact.toast.successTitle"),
            description: t("contact.toast.successDescription"),
          });
          setValues(EMPTY);
          setErrors({});
        },
        onError: (error) => {
          const limited = getErrorCode(error) === "rate_limited";
          toast({
            variant: "destructive",
            title: t("contact.toast.errorTitle"),
            description: (
              <>
                <span className="block">{t("contact.toast.errorDescription")}</span>
                {limited ? <span className="block">{t("contact.toast.rateLimited")}</span> : null}
              </>
            ),
          });
        },
      },
    );
  };

  const field = (name: Field, required: boolean, control: (props: FieldProps) => React.ReactNode) => {
    const id = `contact-${name}`;
    const error = errors[name];
    return (
      <div className="grid content-start gap-1.5">
        <Label htmlFor={id}>
          {t(`contact.form.${name}`)}
          <span
            className={
              required
                ? "rounded bg-brand-50 px-1.5 text-[11px] leading-5 font-medium text-brand-700"
                : "rounded bg-muted px-1.5 text-[11px] leading-5 font-medium text-muted-foreground"
            }
          >
            {t(required ? "contact.form.required" : "contact.form.optional")}
          </span>
        </Label>
        {control({
          id,
          name,
          "data-testid": id,
          value: values[name],
          disabled: send.isPending,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-error` : undefined,
          "aria-required": required || undefined,
        })}
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="relative grid gap-5" data-testid="contact-form">
      <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
        {field("name", true, (p) => (
          <Input
            {...p}
            autoComplete="name"
            placeholder={t("contact.form.namePlaceholder")}
            onChange={(e) => change("name", e.target.value)}
          />
        ))}
        {field("email", true, (p) => (
          <Input
            {...p}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="name@example.jp"
            onChange={(e) => change("email", e.target.value)}
          />
        ))}
      </div>
      {field("company", false, (p) => (
        <Input
          {...p}
          autoComplete="organization"
          placeholder={t("contact.form.companyPlaceholder")}
          onChange={(e) => change("company", e.target.value)}
        />
      ))}
      {field("message", true, (p) => (
        <Textarea
          {...p}
          rows={7}
          maxLength={MESSAGE_MAX}
          placeholder={t("contact.form.messagePlaceholder")}
          onChange={(e) => change("message", e.target.value)}
        />
      ))}
      <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={trap}
          onChange={(e) => setTrap(e.target.value)}
        />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          {t("contact.form.privacyNote")}{" "}
          <Link
            href="/privacy"
            className="text-primary underline underline-offset-4 hover:text-primary-hover"
          >
            {t("contact.form.privacyLink")}
          </Link>
        </p>
        <Button type="submit" size="lg" data-testid="contact-submit" disabled={send.isPending}>
          {send.isPending ? <Spinner /> : <Send aria-hidden />}
          {send.isPending ? t("contact.form.sending") : t("contact.form.submit")}
        </Button>
      </div>
    </form>
  );
}

type FieldProps = {
  id: string;
  name: string;
  "data-testid": string;
  value: string;
  disabled: boolean;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
};
