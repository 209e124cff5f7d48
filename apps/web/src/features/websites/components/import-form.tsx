import { DEFAULT_LANGUAGE, type TLanguage } from "@shobai/shared/constants";
import { Download, FileSearch, RotateCcw } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useImportWebsite } from "../api/import-website";
import { useReadSite } from "../api/read-site";
import { useConfirmedFacts } from "../hooks/use-confirmed-facts";
import { FactsPanel } from "./facts-panel";
import { FailureNotice, showFailureToast } from "./failure-toast";
import { LanguageCheckboxes } from "./language-checkboxes";
import { PendingHint } from "./pending-hint";

/**
 * The import tab (spec §2, §5), in two steps: the server reads the owner's site (up to 15 pages)
 * and the form shows what it found, in the same confirm form as generation; the site is made from
 * what the owner confirmed.
 */
export function ImportForm({ signedIn, onRequireLogin }: { signedIn: boolean; onRequireLogin: () => void }) {
  const { t } = useTranslation("websites");
  const readSite = useReadSite();
  const importSite = useImportWebsite();
  const [url, setUrl] = useState("");
  const [invalid, setInvalid] = useState(false);
  // A refused read or import, said beside its button too (it takes the focus).
  const [failed, setFailed] = useState<Error | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  const [languages, setLanguages] = useState<TLanguage[] | null>(null);
  const reading = readSite.data;
  const facts = useConfirmedFacts(reading?.facts, { profileAndNotes: true });
  const failure = (error: Error, title: string, message: string) => {
    setFailed(error);
    showFailureToast({
      error,
      title,
      message,
      upgradeLabel: t("usage.upgrade"),
      limitReason: t("toast.websiteLimit"),
      planRequiredReason: t("toast.planRequired"),
    });
  };

  const startOver = () => {
    readSite.reset();
    facts.reset();
    setLanguages(null);
  };

  const read = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readSite.isPending || importSite.isPending) return;
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    const trimmed = url.trim();
    setFailed(null);
    if (!trimmed) {
      // Said beside the field, which takes the focus; the spec's toast says it too.
      setInvalid(true);
      urlRef.current?.focus();
      toast({
        variant: "destructive",
        title: t("toast.inputErrorTitle"),
        description: t("toast.urlRequired"),
      });
      return;
    }
    facts.reset();
    setLanguages(null);
    readSite.mutate(trimmed, {
      onError: (error) => failure(error, t("toast.importErrorTitle"), t("toast.importFailed")),
    });
  };

  const create = () => {
    if (!reading || importSite.isPending) return;
    setFailed(null);
    const chosen = languages ?? [reading.facts.sourceLanguage ?? DEFAULT_LANGUAGE];
    importSite.mutate(
      {
        url: reading.sourceUrl,
        languages: chosen.length > 0 ? chosen : [DEFAULT_LANGUAGE],
        ...(facts.confirmed() ? { facts: facts.confirmed() } : {}),
      },
      {
        onSuccess: (website) => {
          toast({
            title: t("toast.importedTitle"),
            description: t("toast.imported", { name: website.name }),
          });
          setUrl("");
          setInvalid(false);
          startOver();
        },
        onError: (error) => failure(error, t("toast.importErrorTitle"), t("toast.importFailed")),
      },
    );
  };

  const reading_ = readSite.isPending;
  const creating = importSite.isPending;
  return (
    <div className="grid gap-5">
      <form onSubmit={read} className="grid gap-5" noValidate aria-busy={reading_}>
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
              setFailed(null);
              if (reading) startOver();
            }}
            placeholder={t("import.urlPlaceholder")}
            aria-invalid={invalid || undefined}
            aria-describedby={
              invalid ? "websites-import-url-error websites-import-hint" : "websites-import-hint"
            }
            ref={urlRef}
            // Read-only, not disabled, while the site is read: the field keeps the focus.
            readOnly={reading_ || creating}
          />
          <FieldError
            id="websites-import-url-error"
            message={invalid ? t("toast.urlRequired") : null}
            testId="websites-import-url-error"
          />
          <p id="websites-import-hint" className="text-xs text-muted-foreground">
            {t("import.urlHint")}
          </p>
        </div>
        {reading ? null : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" size="lg" disabled={reading_} data-testid="websites-import-read">
              {reading_ ? <Spinner /> : <FileSearch aria-hidden />}
              {reading_ ? t("import.reading") : t("import.read")}
            </Button>
            {reading_ ? (
              <PendingHint
                text={
                  readSite.progress
                    ? t("import.progress", {
                        read: readSite.progress.read,
                        of: Math.max(readSite.progress.of, readSite.progress.read),
                      })
                    : t("import.readingHint")
                }
              />
            ) : null}
          </div>
        )}
      </form>
      <FailureNotice
        error={failed}
        message={t("toast.importFailed")}
        upgradeLabel={t("usage.upgrade")}
        limitReason={t("toast.websiteLimit")}
        planRequiredReason={t("toast.planRequired")}
        testId="websites-import-failure"
      />
      {reading ? (
        <div className="grid gap-5" data-testid="websites-import-found">
          <details className="text-sm text-muted-foreground">
            <summary data-testid="websites-import-pages">
              {t("import.pagesRead", { count: reading.pages.length })}
            </summary>
            <ul className="mt-2 grid gap-1 break-all">
              {reading.pages.map((page) => (
                <li key={page.url}>
                  {page.title || page.url} <span className="text-xs">({page.url})</span>
                </li>
              ))}
            </ul>
          </details>
          <FactsPanel
            shown={facts.shown}
            set={facts.set}
            status="ready"
            intro={t("import.factsIntro")}
            disabled={creating}
          />
          <LanguageCheckboxes
            value={languages ?? [reading.facts.sourceLanguage ?? DEFAULT_LANGUAGE]}
            onChange={setLanguages}
            disabled={creating}
            testIdPrefix="websites-import-language"
            legend={t("generate.languagesLabel")}
            hint={t("generate.languagesHint")}
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button
              type="button"
              size="lg"
              disabled={creating}
              onClick={create}
              data-testid="websites-import-submit"
            >
              {creating ? <Spinner /> : <Download aria-hidden />}
              {creating ? t("import.pending") : t("import.submit")}
            </Button>
            <Button type="button" variant="ghost" disabled={creating} onClick={startOver}>
              <RotateCcw aria-hidden />
              {t("import.startOver")}
            </Button>
            {creating ? <PendingHint text={t("import.pendingHint")} /> : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
