import { PASSWORD_MIN_LENGTH } from "@shobai/shared/constants";
import { type FormEvent, useState } from "react";
import { Link, useSearch } from "wouter";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { getErrorCode, getErrorMessage } from "@/lib/api-error";
import { hardNavigate, LOGIN_REDIRECT_DELAY_MS } from "@/lib/navigation";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useResetPassword } from "../api/reset-password";
import { AuthCardLayout } from "../components/auth-card-layout";
import { newPasswordError } from "../password-errors";

/** /auth/reset?token=…: the emailed link's screen; a new password signs the owner in everywhere else out. */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(token === "");
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setPasswordError(t("passwordErrors.tooShort", { count: PASSWORD_MIN_LENGTH }));
      return;
    }
    setPasswordError(null);
    setFormError(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          setDone(true);
          toast({ title: t("reset.done"), description: t("toast.redirecting") });
          setTimeout(() => hardNavigate("/"), LOGIN_REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          const fieldError = newPasswordError(error, t);
          if (fieldError) setPasswordError(fieldError);
          else if (getErrorCode(error) === "invalid_token") setLinkInvalid(true);
          else setFormError(getErrorMessage(error, t("reset.failed")));
        },
      },
    );
  };

  if (linkInvalid) {
    return (
      <AuthCardLayout title={t("reset.invalidTitle")}>
        <Alert variant="destructive" data-testid="reset-invalid">
          <p>{t("reset.invalid")}</p>
        </Alert>
        <Button asChild className="mt-4 w-full">
          <Link href="/auth/forgot">{t("reset.askAgain")}</Link>
        </Button>
      </AuthCardLayout>
    );
  }

  return (
    <AuthCardLayout title={t("reset.title")} subtitle={t("reset.subtitle")}>
      <form className="grid gap-4" onSubmit={submit} noValidate data-testid="reset-form">
        <div className="grid gap-2">
          <Label htmlFor="reset-password">{t("reset.newPassword")}</Label>
          <Input
            id="reset-password"
            data-testid="reset-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? "reset-password-error" : "reset-password-hint"}
            disabled={reset.isPending || done}
          />
          <p id="reset-password-hint" className="text-xs text-muted-foreground">
            {t("passwordHint")}
          </p>
          <FieldError id="reset-password-error" message={passwordError} testId="reset-password-error" />
        </div>
        <FieldError id="reset-form-error" message={formError} />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={reset.isPending || done}
          data-testid="reset-submit"
        >
          {reset.isPending ? <Spinner /> : null}
          {t("reset.submit")}
        </Button>
      </form>
    </AuthCardLayout>
  );
}
