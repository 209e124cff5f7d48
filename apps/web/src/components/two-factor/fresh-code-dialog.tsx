import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import {
  secondFactorPromptOpen,
  settleSecondFactorPrompt,
  subscribeSecondFactorPrompt,
} from "@/lib/second-factor-prompt";
import { useTranslation } from "@/lib/use-translation";
import { useVerifySecondFactor } from "@/queries/second-factor";
import { CodeForm } from "./code-form";

/**
 * Asks for a code before a sensitive action when the last one is older than 15 minutes (see
 * lib/second-factor-prompt.ts); the action is then sent again.
 */
export default function FreshCodeDialog() {
  const { t } = useTranslation(["auth", "common"]);
  const open = useSyncExternalStore(subscribeSecondFactorPrompt, secondFactorPromptOpen, () => false);
  const verify = useVerifySecondFactor();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : settleSecondFactorPrompt(false))}>
      <DialogContent closeLabel={t("common:nav.close")} data-testid="fresh-code-dialog">
        <DialogHeader>
          <DialogTitle>{t("twoFactor.confirmTitle")}</DialogTitle>
          <DialogDescription>{t("twoFactor.confirmBody")}</DialogDescription>
        </DialogHeader>
        <CodeForm
          id="fresh-code"
          backup
          submitLabel={t("twoFactor.verify")}
          onSubmit={async (code) => {
            await verify.mutateAsync({ code });
            settleSecondFactorPrompt(true);
          }}
          extra={
            <Button type="button" variant="outline" onClick={() => settleSecondFactorPrompt(false)}>
              {t("twoFactor.cancel")}
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
