import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { OrDivider } from "@/components/signup/or-divider";
import { passkeyErrorText } from "@/components/two-factor/passkey-error";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { hardNavigate } from "@/lib/navigation";
import { PasskeyDeviceError, passkeyAutofillSupported, passkeysSupported } from "@/lib/passkeys";
import { pendingInvitationPath } from "@/lib/pending-invitation";
import { toast } from "@/lib/toast";
import { signInWithPasskey } from "@/queries/passkeys";
import { useAuthTranslation } from "../hooks/use-auth-translation";

/**
 * "Sign in with a passkey" on /auth (decision 0052): the browser offers the passkeys it holds for
 * this site; a passkey is two factors, so the app opens without a code. Where the browser can, the
 * email field's autofill offers them too (conditional UI), started once when the page opens.
 */
export function PasskeySignIn({
  orLabel,
}: {
  /** The "or" line under the button, when nothing else draws one. */ orLabel: string | null;
}) {
  const { t } = useAuthTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(false);

  const signedIn = () => {
    done.current = true;
    toast({ title: t("toast.loginSuccessTitle"), description: t("toast.redirecting") });
    hardNavigate(pendingInvitationPath() ?? "/");
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit of the sign-in form
  useEffect(() => {
    let live = true;
    void (async () => {
      if (!(await passkeyAutofillSupported()) || !live) return;
      try {
        await signInWithPasskey({ autofill: true });
        signedIn();
      } catch {
        // A closed autofill, or the button taking over: the button says what went wrong.
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  if (!passkeysSupported()) return null;

  const run = async () => {
    setError(null);
    setPending(true);
    try {
      await signInWithPasskey();
      signedIn();
    } catch (err) {
      setPending(false);
      if (done.current) return;
      setError(
        err instanceof PasskeyDeviceError && err.problem === "cancelled"
          ? t("passkeys.signInCancelled")
          : passkeyErrorText(err, t),
      );
    }
  };

  return (
    <>
      <div className="grid gap-2">
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="w-full text-[0.9375rem]"
          onClick={() => void run()}
          disabled={pending}
          aria-describedby={error ? "passkey-sign-in-error" : undefined}
          data-testid="passkey-sign-in"
        >
          {pending ? <Spinner /> : <KeyRound aria-hidden />}
          {t("passkeys.signIn")}
        </Button>
        <FieldError id="passkey-sign-in-error" message={error} testId="passkey-sign-in-error" />
      </div>
      {orLabel ? <OrDivider label={orLabel} /> : null}
    </>
  );
}
