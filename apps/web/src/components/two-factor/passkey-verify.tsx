import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { useTranslation } from "@/lib/use-translation";
import { useVerifyWithPasskey } from "@/queries/passkeys";
import { passkeyErrorText } from "./passkey-error";

/**
 * "Use a passkey" for the second step after a password or Google sign-in, and before a sensitive
 * action (decision 0052): one of the person's passkeys proves the second factor.
 */
export function PasskeyVerify({ id, onVerified }: { id: string; onVerified?: () => void }) {
  const { t } = useTranslation("auth");
  const verify = useVerifyWithPasskey();
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      await verify.mutateAsync();
      onVerified?.();
    } catch (err) {
      setError(passkeyErrorText(err, t));
    }
  };
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        onClick={() => void run()}
        disabled={verify.isPending}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={`${id}-button`}
      >
        {verify.isPending ? <Spinner /> : <KeyRound aria-hidden />}
        {t("passkeys.useInstead")}
      </Button>
      <FieldError id={`${id}-error`} message={error} testId={`${id}-error`} />
    </div>
  );
}
