import { Download } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useImportWebsite } from "../api/import-website";
import { showFailureToast } from "./failure-toast";
import { PendingHint } from "./pending-hint";

/** The import tab (spec §2, §5): a URL is required; the server fetches it and makes a site. */
export function ImportForm({ signedIn, onRequireLogin }: { signedIn: boolean; onRequireLogin: () => void }) {
  const { t } = useTranslation("websites");
  const importSite = useImportWebsite();
  const [url, setUrl] = useState("");
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (importSite.isPending) return;
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    const trimmed = url.trim();
    if (!trimmed) {
      setInvalid(true);
      toast({
        variant: "destructive",
        title: t("toast.inputErrorTitle"),
        description: t("toast.urlRequired"),
      });
      return;
    }
    importSite.mutate(
      { url: trimmed },
      {
        onSuccess: (website) => {
          toast({
            title: t("toast.importedTitle"),
            description: t("toast.imported", { name: website.name }),
          });
          setUrl("");
          setInvalid(false);
        },
        onError: (error) =>
          showFailureToast({
            error,
            title: t("toast.importErrorTitle"),
            message: t("toast.importFailed"),
            upgradeLabel: t("usage.upgrade"),
            limitReason: t("toast.websiteLimit"),
            planRequiredReason: t("toast.planRequired"),
          }),
      },
    );
  };

  const pending = importSite.isPending;
  return (
    <form onSubmit={submit} className="grid gap-5" noValidate aria-busy={pending}>
      <div className="grid gap-2">
        <Label htmlFor="websites-import-url">{t("import.urlLabel")}</Label>
        <Input
          id="websites-import-url"
          data-testid="websites-import-url"
          type="url"
          inputMode="url"
          autoComplete="url"
          maxLength={2000}
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            if (invalid) setInvalid(false);
          }}
          placeholder={t("import.urlPlaceholder")}
          aria-invalid={invalid || undefined}
          aria-describedby="websites-import-hint"
          disabled={pending}
        />
        <p id="websites-import-hint" className="text-xs text-muted-foreground">
          {t("import.urlHint")}
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={pending} data-testid="websites-import-submit">
          {pending ? <Spinner /> : <Download aria-hidden />}
          {pending ? t("import.pending") : t("import.submit")}
        </Button>
        {pending ? <PendingHint text={t("import.pendingHint")} /> : null}
      </div>
    </form>
  );
}
