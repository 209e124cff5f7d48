import { useSyncExternalStore } from "react";
import { OrDivider } from "@/components/signup/or-divider";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import {
  secondFactorPromptOpen,
  settleSecondFactorPrompt,
  subscribeSecondFactorPrompt,
} from "@/lib/second-factor-prompt";
import { useTranslation } from "@/lib/use-translation";
import { useVerifySecondFactor } from "@/queries/second-factor";
import { useUser } from "@/queries/user";
import { CodeForm } from "./code-form";
import { PasskeyVerify } from "./passkey-verify";

/**
 * Asks for a code before a sensitive action when the last one is older than 15 minutes (see
 * lib/second-factor-prompt.ts); the action is then sent again.
 */
export default function FreshCodeDialog() {
  const { t } = useTranslation(["auth", "common"]);
  const open = useSyncExternalStore(subscribeSecondFactorPrompt, secondFactorPromptOpen, () => false);
  const verify = useVerifySecondFactor();
  const { user } = useUser();
  const cancel = (
    <Button type="button" variant="outline" onClick={() => settleSecondFactorPrompt(false)}>
      {t("twoFactor.cancel")}
    </Button>
  );
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : settleSecondFactorPrompt(false))}>
      <DialogContent closeLabel={t("common:nav.close")} data-testid="fresh-code-dialog">
        <DialogHeader>
          <DialogTitle>{t("twoFactor.confirmTitle")}</DialogTitle>
          <DialogDescription>
            {t(user?.secondFactor.enabled ? "twoFactor.confirmBody" : "passkeys.confirmBody")}
          </DialogDescription>
        </DialogHeader>
        {user?.secondFactor.passkey ? (
          <PasskeyVerify id="fresh-passkey" onVerified={() => settleSecondFactorPrompt(true)} />
        ) : null}
        {user?.secondFactor.passkey && user.secondFactor.enabled ? <OrDivider label={t("or")} /> : null}
        {user?.secondFactor.enabled ? (
          <CodeForm
            id="fresh-code"
            backup
            submitLabel={t("twoFactor.verify")}
            onSubmit={async (code) => {
              await verify.mutateAsync({ code });
              settleSecondFactorPrompt(true);
            }}
            extra={cancel}
          />
        ) : (
          <div className="flex justify-end">{cancel}</div>
        )}
      </DialogContent>
    </Dialog>
  );
}
