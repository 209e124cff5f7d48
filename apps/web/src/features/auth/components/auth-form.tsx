import { ERROR_CODES } from "@shobai/shared/constants";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, getErrorCode } from "@/lib/api-error";
import { currentLanguage } from "@/lib/language";
import { hardNavigate, LOGIN_REDIRECT_DELAY_MS } from "@/lib/navigation";
import { pendingInvitationEmail, pendingInvitationPath } from "@/lib/pending-invitation";
import { clearSignupDraft, keepSignupBusinessType, type SignupDraft } from "@/lib/signup-draft";
import { toast } from "@/lib/toast";
import { useLogin } from "../api/login";
import { useRegister } from "../api/register";
import { loginErrorMessage, registerErrorMessage } from "../auth-errors";
import type { AuthMode } from "../auth-mode";
import { useAuthTranslation } from "../hooks/use-auth-translation";
import { newPasswordError } from "../password-errors";
import { NameFields } from "./name-fields";

interface AuthFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** Details from the signup dialog (decision 0009): filled in, and sign-up then opens /websites. */
  draft?: SignupDraft | null;
  /** The landing demo's description waits for the first site: sign-up then opens /websites. */
  demo?: boolean;
}

type Field = "firstName" | "email" | "password";
type FieldErrors = Partial<Record<Field, string>>;
const FIELD_ORDER: readonly Field[] = ["firstName", "email", "password"];
const FIELD_INPUT_ID: Record<Field, string> = {
  firstName: "auth-first-name",
  email: "auth-email",
  password: "auth-password",
};
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Email and password sign-in, or sign-up with names (spec §2, §5, §8). */
export function AuthForm({ mode, onModeChange, draft = null, demo = false }: AuthFormProps) {
  const { t } = useAuthTranslation();
  const loginMutation = useLogin();
  const registerMutation = useRegister();
  const [email, setEmail] = useState(draft?.email ?? pendingInvitationEmail() ?? "");
  const [password, setPassword] = useState("");
  const [firstName, setFirstName] = useState(draft?.firstName ?? "");
  const [lastName, setLastName] = useState(draft?.lastName ?? "");
  const [redirecting, setRedirecting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ title: string; message: string } | null>(null);
  // After a refused submission focus goes to the first field in error, or to the form's message.
  const [focusRequest, setFocusRequest] = useState(0);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const pending = loginMutation.isPending || registerMutation.isPending || redirecting;
  const isRegister = mode === "register";

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per refused submission
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) document.getElementById(FIELD_INPUT_ID[first])?.focus();
    else formErrorRef.current?.focus();
  }, [focusRequest]);

  // Switching between sign-in and sign-up starts without the other mode's messages.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on mode change only
  useEffect(() => {
    setErrors({});
    setFormError(null);
  }, [mode]);

  const refuse = (fields: FieldErrors, form: { title: string; message: string } | null = null) => {
    setErrors(fields);
    setFormError(form);
    setFocusRequest((n) => n + 1);
  };

  const succeed = (titleKey: string, to = "/") => {
    setRedirecting(true);
    toast({ title: t(titleKey), description: t("toast.redirecting") });
    setTimeout(() => hardNavigate(to), LOGIN_REDIRECT_DELAY_MS);
  };

  /** What the browser can tell before asking the server. */
  const checkFields = (): FieldErrors => {
    const found: FieldErrors = {};
    if (isRegister && !firstName.trim()) found.firstName = t("toast.firstNameRequired");
    if (!LOOKS_LIKE_EMAIL.test(email.trim())) found.email = t("fieldErrors.emailInvalid");
    if (!password) found.password = t("fieldErrors.passwordRequired");
    else if (isRegister && password.length < 8) found.password = t("fieldErrors.passwordShort");
    return found;
  };

  /** The server's refusal, said beside the field it concerns when it concerns one. */
  const serverRefusal = (error: unknown, title: string, fallback: string) => {
    const passwordProblem = isRegister ? newPasswordError(error, t) : null;
    if (passwordProblem) return refuse({ password: passwordProblem });
    const code = getErrorCode(error);
    if (isRegister && code === ERROR_CODES.emailTaken) return refuse({ email: fallback });
    const issues = error instanceof ApiError ? error.issues : [];
    const fields: FieldErrors = {};
    for (const issue of issues) {
      if (issue.path === "email") fields.email = t("fieldErrors.emailInvalid");
      if (issue.path === "password") fields.password = t("fieldErrors.passwordShort");
      if (issue.path === "firstName") fields.firstName = t("toast.firstNameRequired");
    }
    if (Object.keys(fields).length > 0) return refuse(fields);
    return refuse({}, { title, message: fallback });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = checkFields();
    if (found.firstName) {
      // The spec's toast for a missing first name, beside what the form says at the field.
      toast({ variant: "destructive", title: t("toast.inputErrorTitle"), description: found.firstName });
    }
    if (Object.keys(found).length > 0) return refuse(found);
    setErrors({});
    setFormError(null);
    if (!isRegister) {
      loginMutation.mutate(
        { email: email.trim(), password },
        {
          onSuccess: () => succeed("toast.loginSuccessTitle", pendingInvitationPath() ?? "/"),
          onError: (error) => serverRefusal(error, t("toast.loginFailedTitle"), loginErrorMessage(error, t)),
        },
      );
      return;
    }
    registerMutation.mutate(
      {
        email: email.trim(),
        password,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        language: currentLanguage(),
      },
      {
        onSuccess: () => {
          // Came through the signup dialog or the landing demo: the next step is the first website.
          if (draft) {
            keepSignupBusinessType(draft.businessType);
            clearSignupDraft();
          }
          succeed(
            "toast.registerSuccessTitle",
            pendingInvitationPath() ?? (draft || demo ? "/websites" : "/"),
          );
        },
        onError: (error) =>
          serverRefusal(error, t("toast.registerFailedTitle"), registerErrorMessage(error, t)),
      },
    );
  };

  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? `${FIELD_INPUT_ID[field]}-error` : null, hint].filter(Boolean).join(" ") || undefined;

  return (
    <div className="grid gap-5">
      <form className="grid gap-4" onSubmit={submit} data-testid="auth-form" data-mode={mode} noValidate>
        {isRegister ? (
          <NameFields
            firstName={firstName}
            lastName={lastName}
            onFirstNameChange={setFirstName}
            onLastNameChange={setLastName}
            disabled={pending}
            firstNameError={errors.firstName ?? null}
          />
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor="auth-email">{t("email")}</Label>
          <Input
            id="auth-email"
            data-testid="auth-email"
            name="email"
            type="email"
            autoComplete={isRegister ? "email" : "username webauthn"}
            inputMode="email"
            placeholder={t("emailPlaceholder")}
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy("email")}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={pending}
          />
          <FieldError id="auth-email-error" message={errors.email} testId="auth-email-error" />
        </div>
        <div className="grid gap-2">
          <div className="flex items-baseline justify-between gap-2">
            <Label htmlFor="auth-password">{t("password")}</Label>
            {isRegister ? null : (
              <Link
                href="/auth/forgot"
                className="text-sm font-medium text-primary underline-offset-2 hover:underline"
                data-testid="auth-forgot-link"
              >
                {t("forgotLink")}
              </Link>
            )}
          </div>
          <Input
            id="auth-password"
            data-testid="auth-password"
            name="password"
            type="password"
            autoComplete={isRegister ? "new-password" : "current-password"}
            required
            aria-describedby={describedBy("password", isRegister ? "auth-password-hint" : undefined)}
            aria-invalid={errors.password ? true : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={pending}
          />
          {isRegister ? (
            <p
              id="auth-password-hint"
              className="text-xs text-muted-foreground"
              data-testid="auth-password-hint"
            >
              {t("passwordHint")}
            </p>
          ) : null}
          <FieldError id="auth-password-error" message={errors.password} testId="auth-password-error" />
        </div>
        {formError ? (
          <div
            ref={formErrorRef}
            tabIndex={-1}
            role="alert"
            className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm outline-none focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="auth-form-error"
          >
            <p className="font-semibold text-destructive">{formError.title}</p>
            <p className="text-foreground">{formError.message}</p>
          </div>
        ) : null}
        <Button
          type="submit"
          size="lg"
          className="mt-2 w-full text-[0.9375rem]"
          disabled={pending}
          data-testid="auth-submit"
        >
          {pending ? <Spinner /> : null}
          {t(isRegister ? "submitRegister" : "submitLogin")}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        {t(isRegister ? "toLoginPrompt" : "toRegisterPrompt")}{" "}
        <Button
          variant="link"
          className="text-sm font-semibold"
          data-testid="auth-mode-toggle"
          onClick={() => onModeChange(isRegister ? "login" : "register")}
          disabled={pending}
        >
          {t(isRegister ? "toLogin" : "toRegister")}
        </Button>
      </p>
    </div>
  );
}
