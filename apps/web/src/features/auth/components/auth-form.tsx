import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { currentLanguage } from "@/lib/language";
import { hardNavigate, LOGIN_REDIRECT_DELAY_MS } from "@/lib/navigation";
import { clearSignupDraft, keepSignupBusinessType, type SignupDraft } from "@/lib/signup-draft";
import { toast } from "@/lib/toast";
import { useLogin } from "../api/login";
import { useRegister } from "../api/register";
import { loginErrorMessage, registerErrorMessage } from "../auth-errors";
import { useAuthTranslation } from "../hooks/use-auth-translation";
import { newPasswordError } from "../password-errors";
import { NameFields } from "./name-fields";

export type AuthMode = "login" | "register";

interface AuthFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** Details from the signup dialog (decision 0009): filled in, and sign-up then opens /websites. */
  draft?: SignupDraft | null;
}

/** Email and password sign-in, or sign-up with names (spec §2, §5, §8). */
export function AuthForm({ mode, onModeChange, draft = null }: AuthFormProps) {
  const { t } = useAuthTranslation();
  const loginMutation = useLogin();
  const registerMutation = useRegister();
  const [email, setEmail] = useState(draft?.email ?? "");
  const [password, setPassword] = useState("");
  const [firstName, setFirstName] = useState(draft?.firstName ?? "");
  const [lastName, setLastName] = useState(draft?.lastName ?? "");
  const [redirecting, setRedirecting] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const pending = loginMutation.isPending || registerMutation.isPending || redirecting;
  const isRegister = mode === "register";

  const succeed = (titleKey: string, to = "/") => {
    setRedirecting(true);
    toast({ title: t(titleKey), description: t("toast.redirecting") });
    setTimeout(() => hardNavigate(to), LOGIN_REDIRECT_DELAY_MS);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPasswordError(null);
    if (!isRegister) {
      loginMutation.mutate(
        { email, password },
        {
          onSuccess: () => succeed("toast.loginSuccessTitle"),
          onError: (error) =>
            toast({
              variant: "destructive",
              title: t("toast.loginFailedTitle"),
              description: loginErrorMessage(error, t),
            }),
        },
      );
      return;
    }
    if (!firstName.trim()) {
      toast({
        variant: "destructive",
        title: t("toast.inputErrorTitle"),
        description: t("toast.firstNameRequired"),
      });
      return;
    }
    registerMutation.mutate(
      {
        email,
        password,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        language: currentLanguage(),
      },
      {
        onSuccess: () => {
          // Came through the signup dialog: the next step is the first website.
          if (draft) {
            keepSignupBusinessType(draft.businessType);
            clearSignupDraft();
          }
          succeed("toast.registerSuccessTitle", draft ? "/websites" : "/");
        },
        onError: (error) => {
          // A guessable password is said next to its field; other failures as before.
          const fieldError = newPasswordError(error, t);
          if (fieldError) {
            setPasswordError(fieldError);
            return;
          }
          toast({
            variant: "destructive",
            title: t("toast.registerFailedTitle"),
            description: registerErrorMessage(error, t),
          });
        },
      },
    );
  };

  return (
    <div className="grid gap-5">
      <form className="grid gap-4" onSubmit={submit} data-testid="auth-form" data-mode={mode}>
        {isRegister ? (
          <NameFields
            firstName={firstName}
            lastName={lastName}
            onFirstNameChange={setFirstName}
            onLastNameChange={setLastName}
            disabled={pending}
          />
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor="auth-email">{t("email")}</Label>
          <Input
            id="auth-email"
            data-testid="auth-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t("emailPlaceholder")}
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={pending}
          />
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
            aria-describedby={
              passwordError ? "auth-password-error" : isRegister ? "auth-password-hint" : undefined
            }
            aria-invalid={passwordError ? true : undefined}
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
          <FieldError id="auth-password-error" message={passwordError} testId="auth-password-error" />
        </div>
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
