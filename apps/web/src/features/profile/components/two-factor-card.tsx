import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { BackupCodes } from "@/components/two-factor/backup-codes";
import { CodeForm } from "@/components/two-factor/code-form";
import { Enrolment } from "@/components/two-factor/enrolment";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import {
  useDisableSecondFactor,
  useRegenerateBackupCodes,
  useSecondFactorStatus,
} from "@/queries/second-factor";

type Action = "regenerate" | "disable" | null;

/** /profile: turn two-factor sign-in on (QR code or key), replace the backup codes, turn it off. */
export function TwoFactorCard() {
  const { t } = useTranslation(["auth", "common"]);
  const status = useSecondFactorStatus();
  const regenerate = useRegenerateBackupCodes();
  const disable = useDisableSecondFactor();
  const [enrolling, setEnrolling] = useState(false);
  const [action, setAction] = useState<Action>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  const closeDialog = () => {
    setAction(null);
    setNewCodes(null);
  };
  const data = status.data;

  return (
    <Card data-testid="two-factor-card">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 text-primary" />
          <CardTitle>{t("twoFactor.cardTitle")}</CardTitle>
          {data && (data.enabled || data.passkeys === 0) ? (
            <Badge variant={data.enabled ? "success" : "muted"} data-testid="two-factor-status">
              {t(data.enabled ? "twoFactor.statusOn" : "twoFactor.statusOff")}
            </Badge>
          ) : null}
          {data && !data.enabled && data.passkeys > 0 ? (
            <Badge variant="success" data-testid="two-factor-by-passkey">
              {t("passkeys.onByPasskey")}
            </Badge>
          ) : null}
        </div>
        <CardDescription>{t("twoFactor.cardDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!data ? (
          <Skeleton className="h-10 w-48" />
        ) : data.enabled ? (
          <>
            <p className="text-sm text-muted-foreground" data-testid="two-factor-codes-left">
              {t("twoFactor.codesLeft", { count: data.backupCodesLeft })}
              {data.required ? ` · ${t("twoFactor.required")}` : ""}
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={() => setAction("regenerate")}
                data-testid="two-factor-regenerate"
              >
                {t("twoFactor.regenerate")}
              </Button>
              {/* A user who must use 2FA may drop the app while a passkey remains (decision 0052). */}
              {data.required && data.passkeys === 0 ? null : (
                <Button
                  type="button"
                  variant="outline"
                  className="text-destructive"
                  onClick={() => setAction("disable")}
                  data-testid="two-factor-disable"
                >
                  {t("twoFactor.turnOff")}
                </Button>
              )}
            </div>
          </>
        ) : enrolling ? (
          <Enrolment
            onCancel={() => setEnrolling(false)}
            onDone={() => {
              setEnrolling(false);
              toast({ title: t("twoFactor.enabledToast") });
            }}
          />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              {data.passkeys > 0
                ? t("passkeys.appOptional")
                : data.required
                  ? t("twoFactor.required")
                  : t("twoFactor.offBody")}
            </p>
            <Button type="button" onClick={() => setEnrolling(true)} data-testid="two-factor-turn-on">
              {t("twoFactor.turnOn")}
            </Button>
          </div>
        )}
      </CardContent>

      <Dialog open={action !== null} onOpenChange={(open) => (open ? undefined : closeDialog())}>
        <DialogContent closeLabel={t("common:nav.close")} data-testid="two-factor-dialog">
          <DialogHeader>
            <DialogTitle>
              {t(action === "disable" ? "twoFactor.turnOff" : "twoFactor.regenerate")}
            </DialogTitle>
            {newCodes ? null : (
              <DialogDescription>
                {t(action === "disable" ? "twoFactor.turnOffBody" : "twoFactor.regenerateBody")}
              </DialogDescription>
            )}
          </DialogHeader>
          {newCodes ? (
            <BackupCodes codes={newCodes} onDone={closeDialog} />
          ) : (
            <CodeForm
              id="two-factor-action-code"
              backup={action === "disable"}
              submitLabel={t(action === "disable" ? "twoFactor.turnOff" : "twoFactor.regenerate")}
              onSubmit={async (code) => {
                if (action === "disable") {
                  await disable.mutateAsync({ code });
                  closeDialog();
                  toast({ title: t("twoFactor.disabledToast") });
                } else {
                  setNewCodes((await regenerate.mutateAsync({ code })).backupCodes);
                }
              }}
              extra={
                <Button type="button" variant="outline" onClick={closeDialog}>
                  {t("twoFactor.cancel")}
                </Button>
              }
            />
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
