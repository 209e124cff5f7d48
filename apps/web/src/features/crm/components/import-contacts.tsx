import type { TImportConsentBasis, TImportReport } from "@shobai/shared";
import { CircleCheck, TriangleAlert } from "lucide-react";
import { type Ref, type RefObject, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { getErrorMessage } from "@/lib/api-error";
import { formatNumber } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useImportContacts } from "../api/import-contacts";
import { importSkipText } from "../error-text";
import { readCsvFile } from "../read-csv-file";

/**
 * The hidden file input behind the Import buttons, and the report after an import: how many rows
 * came in, and each skipped row with its number, email and reason.
 */
export function ImportContacts({
  inputRef,
  onPendingChange,
  returnFocus,
}: {
  inputRef: Ref<HTMLInputElement>;
  onPendingChange: (pending: boolean) => void;
  /** The Import button: focus returns there when the report closes (it was disabled while reading). */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation("crm");
  const importer = useImportContacts();
  const [report, setReport] = useState<TImportReport | null>(null);
  // The file waits here while the owner says what consent it records (特定電子メール法).
  const [pendingCsv, setPendingCsv] = useState<string | null>(null);

  const importFile = async (file: File) => {
    onPendingChange(true);
    try {
      setPendingCsv(await readCsvFile(file));
    } catch (error) {
      toast({
        variant: "destructive",
        title: t("toast.importErrorTitle"),
        description: getErrorMessage(error, t("toast.importFailed")),
      });
      onPendingChange(false);
    }
  };

  const importWith = async (consent: { basis: TImportConsentBasis; note: string }) => {
    const csv = pendingCsv;
    setPendingCsv(null);
    if (csv === null) return;
    try {
      const result = await importer.mutateAsync({ csv, consent });
      setReport(result);
    } catch (error) {
      toast({
        variant: "destructive",
        title: t("toast.importErrorTitle"),
        description: getErrorMessage(error, t("toast.importFailed")),
      });
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="crm-import-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ""; // choosing the same file again imports again
          if (file) void importFile(file);
        }}
      />
      <ImportBasisDialog
        open={pendingCsv !== null}
        onCancel={() => {
          setPendingCsv(null);
          onPendingChange(false);
        }}
        onImport={(consent) => void importWith(consent)}
      />
      <ImportReportDialog report={report} onClose={() => setReport(null)} returnFocus={returnFocus} />
    </>
  );
}

/** Before an import: what consent the file records; "consented" needs a word on how. */
function ImportBasisDialog({
  open,
  onCancel,
  onImport,
}: {
  open: boolean;
  onCancel: () => void;
  onImport: (consent: { basis: TImportConsentBasis; note: string }) => void;
}) {
  const { t } = useTranslation(["crm", "common"]);
  const [basis, setBasis] = useState<TImportConsentBasis>("none");
  const [note, setNote] = useState("");
  const ready = basis === "none" || note.trim().length > 0;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent closeLabel={t("common:nav.close")} data-testid="crm-import-basis">
        <DialogHeader>
          <DialogTitle>{t("importBasis.title")}</DialogTitle>
          <DialogDescription>{t("importBasis.description")}</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-3">
          <legend className="sr-only">{t("importBasis.title")}</legend>
          {(["none", "consented"] as const).map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="crm-import-basis"
                className="mt-1"
                checked={basis === value}
                onChange={() => setBasis(value)}
                data-testid={`crm-import-basis-${value}`}
              />
              <span>
                <span className="font-medium">{t(`importBasis.${value}`)}</span>
                <span className="block text-xs text-muted-foreground">{t(`importBasis.${value}Hint`)}</span>
              </span>
            </label>
          ))}
          {basis === "consented" ? (
            <div className="grid gap-1 pl-6">
              <Label htmlFor="crm-import-note">{t("importBasis.noteLabel")}</Label>
              <Textarea
                id="crm-import-note"
                rows={2}
                maxLength={500}
                value={note}
                placeholder={t("importBasis.notePlaceholder")}
                onChange={(e) => setNote(e.target.value)}
                data-testid="crm-import-note"
              />
            </div>
          ) : null}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {t("form.cancel")}
          </Button>
          <Button
            disabled={!ready}
            onClick={() => onImport({ basis, note: basis === "consented" ? note.trim() : "" })}
            data-testid="crm-import-confirm"
          >
            {t("importBasis.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ImportReportDialog({
  report,
  onClose,
  returnFocus,
}: {
  report: TImportReport | null;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null> | undefined;
}) {
  const { t } = useTranslation(["crm", "common"]);
  return (
    <Dialog open={report !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        returnFocus={returnFocus}
        closeLabel={t("common:nav.close")}
        data-testid="crm-import-report"
        className="sm:max-w-xl"
      >
        {report ? (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                {report.skipped.length === 0 ? (
                  <CircleCheck className="size-5 text-success" aria-hidden />
                ) : (
                  <TriangleAlert className="size-5 text-amber-600" aria-hidden />
                )}
                {t("import.title")}
              </DialogTitle>
              <DialogDescription>
                {report.skipped.length === 0 ? t("import.allImported") : t("import.someSkipped")}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-3 gap-2 text-center">
              <Figure
                label={t("import.imported")}
                value={report.imported}
                tone="text-success"
                testId="crm-import-imported"
              />
              <Figure
                label={t("import.skipped")}
                value={report.skipped.length}
                tone={report.skipped.length ? "text-amber-700" : ""}
                testId="crm-import-skipped"
              />
              <Figure label={t("import.totalRows")} value={report.totalRows} testId="crm-import-total" />
            </dl>
            {report.skipped.length > 0 ? (
              <div className="grid gap-2">
                <h3 className="text-sm font-semibold">{t("import.skippedRows")}</h3>
                <ul className="max-h-72 divide-y divide-border overflow-y-auto rounded-lg border border-border">
                  {report.skipped.map((skip) => (
                    <li
                      key={`${skip.row}-${skip.email ?? ""}`}
                      data-testid="crm-import-skip"
                      className="flex gap-3 px-3 py-2.5 text-sm"
                    >
                      <span className="shrink-0 self-start rounded-md bg-muted px-2 text-xs leading-6 font-medium text-muted-foreground tabular-nums">
                        {t("import.rowNumber", { row: skip.row })}
                      </span>
                      <div className="min-w-0 flex-1">
                        <p className="font-medium [overflow-wrap:anywhere]">
                          {skip.email ?? <span className="text-muted-foreground">{t("import.noEmail")}</span>}
                        </p>
                        <p className="text-muted-foreground">{importSkipText(skip, t)}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {(report.possibleDuplicates?.length ?? 0) > 0 ? (
              <div className="grid gap-2" data-testid="crm-import-lookalikes">
                <h3 className="text-sm font-semibold">{t("import.lookalikesTitle")}</h3>
                <p className="text-sm text-muted-foreground">{t("import.lookalikesHint")}</p>
                <ul className="max-h-48 divide-y divide-border overflow-y-auto rounded-lg border border-amber-300 bg-amber-50">
                  {report.possibleDuplicates?.map((d) => (
                    <li
                      key={d.contactId}
                      data-testid="crm-import-lookalike"
                      className="flex gap-3 px-3 py-2 text-sm"
                    >
                      <span className="shrink-0 self-start rounded-md bg-background px-2 text-xs leading-6 font-medium text-muted-foreground tabular-nums">
                        {t("import.rowNumber", { row: d.row })}
                      </span>
                      <span className="min-w-0 text-amber-950">
                        {d.reasons.map((r) => t(`duplicates.reasons.${r}`)).join("、")}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button data-testid="crm-import-close">{t("import.close")}</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Figure({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: number;
  tone?: string;
  testId: string;
}) {
  return (
    <div className="rounded-lg bg-surface px-2 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={`text-2xl font-bold tabular-nums ${tone ?? ""}`} data-testid={testId}>
        {formatNumber(value)}
      </dd>
    </div>
  );
}
