import type { TUser } from "@shobai/shared";
import { LogOut, ShieldCheck } from "lucide-react";
import { BrandLogo } from "@/components/brand-logo";
import { LanguageSwitcher } from "@/components/language-switcher";
import { OrDivider } from "@/components/signup/or-divider";
import { CodeForm } from "@/components/two-factor/code-form";
import { EnrolWithPasskey } from "@/components/two-factor/enrol-with-passkey";
import { Enrolment } from "@/components/two-factor/enrolment";
import { PasskeyVerify } from "@/components/two-factor/passkey-verify";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";
import { useVerifySecondFactor } from "@/queries/second-factor";
import { logout } from "../api/logout";

/**
 * What a signed-in user sees instead of the app until the session is through two-factor sign-in
 * (decision 0052): the code screen after any sign-in (password or Google), or the enrolment a user
 * who must use it has not done yet. The server refuses everything else meanwhile (403).
 */
export default function SecondFactorScreen({ user }: { user: TUser }) {
  const { t } = useTranslation("auth");
  const verify = useVerifySecondFactor();
  const enrol = user.secondFactor.state === "enrolment_required";
  const signOut = (
    <Button type="button" variant="ghost" onClick={() => void logout()} data-testid="two-factor-sign-out">
      <LogOut aria-hidden />
      {t("twoFactor.signOut")}
    </Button>
  );
  return (
    <div className="flex min-h-dvh flex-col bg-muted/30 px-4 py-4 sm:px-8 sm:py-6">
      <div className="flex items-center justify-end">
        <LanguageSwitcher label={t("languageLabel")} className="w-auto min-w-40 sm:w-48" />
      </div>
      <main id="main" className="flex flex-1 items-center justify-center py-10">
        <div
          className={`w-full ${enrol ? "max-w-[560px]" : "max-w-[420px]"} rounded-xl border border-border bg-background p-6 shadow-card sm:p-8`}
          data-testid={enrol ? "second-factor-enrol-screen" : "second-factor-screen"}
        >
          <BrandLogo className="mb-6" />
          <div className="mb-2 flex items-center gap-2">
            <ShieldCheck aria-hidden className="size-6 text-primary" />
            <h1 className="text-xl font-bold sm:text-2xl">
              {t(
                enrol
                  ? "twoFactor.enrolTitle"
                  : user.secondFactor.enabled
                    ? "twoFactor.screenTitle"
                    : "twoFactor.confirmTitle",
              )}
            </h1>
          </div>
          <p className="mb-6 text-sm text-muted-foreground">
            {enrol
              ? t("twoFactor.enrolRequiredBody")
              : t(user.secondFactor.enabled ? "twoFactor.screenBody" : "passkeys.screenBody", {
                  email: user.email,
                })}
          </p>
          {enrol ? (
            <>
              {/* After the backup codes (or the passkey), the user query says "ok" and the app appears. */}
              <Enrolment onDone={() => undefined} />
              <div className="mt-6 grid gap-3 border-t border-border pt-6">
                <p className="text-sm text-muted-foreground">{t("passkeys.enrolInstead")}</p>
                <EnrolWithPasskey />
              </div>
              <div className="mt-4 flex justify-start">{signOut}</div>
            </>
          ) : (
            <div className="grid gap-5">
              {/* A passkey is a second factor too (decision 0052). */}
              {user.secondFactor.passkey ? <PasskeyVerify id="second-factor-passkey" /> : null}
              {user.secondFactor.passkey && user.secondFactor.enabled ? <OrDivider label={t("or")} /> : null}
              {user.secondFactor.enabled ? (
                <CodeForm
                  id="second-factor-code"
                  backup
                  submitLabel={t("twoFactor.verify")}
                  onSubmit={(code) => verify.mutateAsync({ code })}
                  extra={signOut}
                />
              ) : (
                <div className="flex justify-start">{signOut}</div>
              )}
            </div>
          )}
        </div>
      </main>
    </div>
  );
}
