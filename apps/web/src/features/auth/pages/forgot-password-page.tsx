import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { getErrorCode, getErrorMessage } from "@/lib/api-error";
import { useTranslation } from "@/lib/use-translation";
import { useForgotPassword } from "../api/forgot-password";
import { AuthCardLayout } from "../components/auth-card-layout";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /auth/forgot: asks for the address and says the same thing whether or not it has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const forgot = useForgotPassword();
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value)) {
      setEmailError(t("forgot.emailInvalid"));
      return;
    }
    setEmailError(null);
    setFormError(null);
    forgot.mutate(
      { email: value },
      {
        onSuccess: () => setSentTo(value),
        onError: (error) =>
          getErrorCode(error) === "validation_error"
            ? setEmailError(t("forgot.emailInvalid"))
            : setFormError(getErrorMessage(error, t("forgot.failed"))),
      },
    );
  };

  if (sentTo) {
    return (
      <AuthCardLayout title={t("forgot.sentTitle")}>
        <Alert variant="info" data-testid="forgot-sent">
          <MailCheck aria-hidden />
          <div className="grid gap-2">
            <p>{t("forgot.sent", { email: sentTo })}</p>
            <p className="text-xs">{t("forgot.outboxNote")}</p>
          </div>
        </Alert>
        <Button asChild variant="link" className="mt-4 px-0">
          <Link href="/auth">{t("forgot.backToLogin")}</Link>
        </Button>
      </AuthCardLayout>
    );
  }

  return (
    <AuthCardLayout title={t("forgot.title")} subtitle={t("forgot.subtitle")}>
      <form className="grid gap-4" onSubmit={submit} noValidate data-testid="forgot-form">
        <div className="grid gap-2">
          <Label htmlFor="forgot-email">{t("email")}</Label>
          <Input
            id="forgot-email"
            data-testid="forgot-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t("emailPlaceholder")}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? "forgot-email-error" : undefined}
            disabled={forgot.isPending}
          />
          <FieldError id="forgot-email-error" message={emailError} testId="forgot-email-error" />
        </div>
        <FieldError id="forgot-form-error" message={formError} />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={forgot.isPending}
          data-testid="forgot-submit"
        >
          {forgot.isPending ? <Spinner /> : null}
          {t("forgot.submit")}
        </Button>
      </form>
    </AuthCardLayout>
  );
}
