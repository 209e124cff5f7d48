import { ArrowLeft, ShieldCheck } from "lucide-react";
import { useRef, useState } from "react";
import { Link, Redirect, useLocation, useSearch } from "wouter";
import { BrandLogo } from "@/components/brand-logo";
import { LanguageSwitcher } from "@/components/language-switcher";
import { GoogleSignIn } from "@/components/signup/google-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { readDemoDraft, readSignupDraft, saveDemoDraft } from "@/lib/signup-draft";
import { useTranslation } from "@/lib/use-translation";
import { useGoogleSignIn } from "@/queries/sign-in-options";
import { useUser } from "@/queries/user";
import { type AuthMode, authModeOf } from "../auth-mode";
import { AuthForm } from "../components/auth-form";
import { AuthModeSwitch } from "../components/auth-mode-switch";
import { AuthSidePanel } from "../components/auth-side-panel";
import { PasskeySignIn } from "../components/passkey-sign-in";
import { useAuthTranslation } from "../hooks/use-auth-translation";
import { useSignInError } from "../hooks/use-sign-in-error";

/** /auth: sign in or sign up (spec §2 Auth page). */
export default function AuthPage() {
  const { t, language } = useAuthTranslation();
  const { t: tCommon, i18n } = useTranslation("common");
  const { user, isLoading } = useUser();
  const signInError = useSignInError();
  const googleShown = useGoogleSignIn();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  // From the signup dialog: register mode with its details filled in.
  const fromSignup = params.get("signup") === "1";
  const [draft] = useState(() => (fromSignup ? readSignupDraft() : null));
  // From the landing demo: its description waits for the first generation form. Without script the
  // demo's form arrives here as a GET with the description in the address.
  const [demo] = useState(() => {
    const typed = params.get("description");
    if (typed?.trim()) saveDemoDraft({ description: typed, market: params.get("market") ?? "" });
    return params.get("from") === "demo" || typed ? readDemoDraft() : null;
  });
  const mode = authModeOf(params, Boolean(draft || demo));
  // Arriving from the demo's button, the note saying its description is kept takes the focus once:
  // it is what that button did (a screen reader reads it, the next Tab reaches the form).
  const demoNoteFocused = useRef(false);
  const focusDemoNote = (note: HTMLParagraphElement | null) => {
    if (!note || demoNoteFocused.current) return;
    demoNoteFocused.current = true;
    note.focus();
  };
  // The mode lives in the address: a link can open either, and Back returns to the other.
  const setMode = (next: AuthMode) => {
    const nextParams = new URLSearchParams(search);
    nextParams.set("mode", next);
    nextParams.delete("description");
    nextParams.delete("error");
    navigate(`/auth?${nextParams.toString()}`, { replace: true });
  };

  if (isLoading) return <PageSpinner label={tCommon("loading")} />;
  if (user) return <Redirect to="/" replace />;

  const isRegister = mode === "register";
  return (
    <div
      // In pl, ro, ms and id the sign-in screen falls back to English (spec §1): say so, for screen
      // readers to read it with an English voice (WCAG 3.1.2).
      lang={language === i18n.language ? undefined : language}
      className="grid min-h-dvh bg-background lg:grid-cols-[minmax(0,1fr)_minmax(0,0.9fr)]"
      // index.css moves the cookie banner off the form on wide screens.
      data-auth-page=""
    >
      <div className="flex flex-col px-4 py-4 sm:px-8 sm:py-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button asChild variant="ghost" size="sm" className="-ml-2">
            <Link href="/" data-testid="back-to-home">
              <ArrowLeft aria-hidden />
              {t("backToHome")}
            </Link>
          </Button>
          <LanguageSwitcher label={t("languageLabel")} className="ml-auto w-auto min-w-40 sm:w-48" />
        </div>
        <main className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-[400px]">
            <div className="mb-6">
              <BrandLogo className="mb-6" />
              <h1 className="text-2xl font-bold sm:text-[1.75rem]">
                {t(isRegister ? "register.title" : "login.title")}
              </h1>
              <p className="mt-1 text-muted-foreground">
                {t(isRegister ? "register.subtitle" : "login.subtitle")}
              </p>
              {demo && isRegister ? (
                <p
                  ref={focusDemoNote}
                  tabIndex={-1}
                  role="status"
                  className="mt-3 text-sm text-foreground outline-none"
                  data-testid="auth-demo-kept"
                >
                  {t("register.demoKept")}
                </p>
              ) : null}
            </div>
            <AuthModeSwitch mode={mode} onModeChange={setMode} />
            {signInError ? (
              <Alert variant="destructive" className="mb-5" data-testid="auth-google-error">
                <div>
                  <p className="font-semibold">
                    {t(
                      signInError === "google_not_configured"
                        ? "toast.googleNotConfiguredTitle"
                        : "toast.googleFailedTitle",
                    )}
                  </p>
                  <p>
                    {t(
                      signInError === "google_not_configured"
                        ? "toast.googleNotConfigured"
                        : "toast.googleFailed",
                    )}
                  </p>
                </div>
              </Alert>
            ) : null}
            <div className="grid gap-5">
              {isRegister ? null : <PasskeySignIn orLabel={googleShown ? null : t("or")} />}
              <GoogleSignIn label={t("google")} orLabel={t("or")} />
              <AuthForm mode={mode} onModeChange={setMode} draft={draft} demo={demo !== null} />
            </div>
            <p className="mt-6 flex gap-2 rounded-lg bg-surface px-4 py-3 text-xs text-muted-foreground">
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span data-testid="auth-no-hosting-account">{t("noHostingAccount")}</span>
            </p>
          </div>
        </main>
      </div>
      <AuthSidePanel />
    </div>
  );
}
