import type { TSecondFactorSetup } from "@shobai/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/api-error";
import { useTranslation } from "@/lib/use-translation";
import { useEnableSecondFactor, useRefreshSecondFactor, useSetupSecondFactor } from "@/queries/second-factor";
import { BackupCodes } from "./backup-codes";
import { CodeForm } from "./code-form";

/** The key in groups of four, as authenticator apps print it. */
const grouped = (key: string) => key.replace(/(.{4})(?=.)/g, "$1 ");

/**
 * Turning two-factor sign-in on: a QR code and the same key to type, a code from the app to
 * confirm, then the backup codes (once). `onDone` after the user has seen them.
 */
export function Enrolment({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation("auth");
  const setup = useSetupSecondFactor();
  const enable = useEnableSecondFactor();
  const refresh = useRefreshSecondFactor();
  const [secret, setSecret] = useState<TSecondFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return (
      <BackupCodes
        codes={codes}
        onDone={() => {
          refresh();
          onDone();
        }}
      />
    );
  }

  if (!secret) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">{t("twoFactor.intro")}</p>
        <FieldError
          id="two-factor-setup-error"
          message={setup.error ? errorText(setup.error, t("twoFactor.failed")) : null}
        />
        <div className="flex flex-wrap justify-end gap-2">
          {onCancel ? (
            <Button type="button" variant="outline" onClick={onCancel}>
              {t("twoFactor.cancel")}
            </Button>
          ) : null}
          <Button
            type="button"
            data-testid="two-factor-start"
            disabled={setup.isPending}
            onClick={() => setup.mutate(undefined, { onSuccess: setSecret })}
          >
            {setup.isPending ? <Spinner /> : null}
            {t("twoFactor.start")}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-6" data-testid="two-factor-enrolment">
      <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.qrSvg)}`}
          alt={t("twoFactor.qrAlt")}
          width={176}
          height={176}
          className="size-44 rounded-lg border border-border bg-white p-2"
          data-testid="two-factor-qr"
        />
        <div className="grid gap-3 text-sm">
          <p>
            <span className="font-semibold">1. </span>
            {t("twoFactor.step1")}
          </p>
          <div className="grid gap-1">
            <span className="text-muted-foreground">{t("twoFactor.keyLabel")}</span>
            <code
              className="w-fit rounded-md bg-muted px-2 py-1 font-mono text-sm select-all"
              data-testid="two-factor-key"
              data-key={secret.key}
            >
              {grouped(secret.key)}
            </code>
          </div>
          <p>
            <span className="font-semibold">2. </span>
            {t("twoFactor.step2")}
          </p>
        </div>
      </div>
      <CodeForm
        id="two-factor-enable-code"
        backup={false}
        submitLabel={t("twoFactor.confirm")}
        onSubmit={async (code) => setCodes((await enable.mutateAsync({ code })).backupCodes)}
        extra={
          onCancel ? (
            <Button type="button" variant="outline" onClick={onCancel}>
              {t("twoFactor.cancel")}
            </Button>
          ) : null
        }
      />
    </div>
  );
}
