import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";

/** The 10 backup codes, shown once: to copy or write down before `onDone`. */
export function BackupCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation("auth");
  const copy = () => {
    void navigator.clipboard
      ?.writeText(codes.join("\n"))
      .then(() => toast({ title: t("twoFactor.codesCopied") }))
      .catch(() => undefined);
  };
  return (
    <div className="grid gap-4" data-testid="backup-codes">
      <div>
        <h3 className="font-semibold">{t("twoFactor.backupTitle")}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{t("twoFactor.backupBody")}</p>
      </div>
      <ul className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-muted/40 p-4 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} data-testid="backup-code" className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden />
          {t("twoFactor.copyCodes")}
        </Button>
        <Button type="button" onClick={onDone} data-testid="backup-codes-done">
          {t("twoFactor.saved")}
        </Button>
      </div>
    </div>
  );
}
