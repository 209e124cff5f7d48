import { MERGE_FIELDS, type TContact, type TMergeField } from "@shobai/shared";
import { Merge } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useMergeContacts } from "../api/merge-contacts";
import { contactName } from "../contact-name";
import { contactErrorText } from "../error-text";

type Side = "keep" | "other";

const fieldValue = (contact: TContact, field: TMergeField) => contact[field];

/**
 * Merge a look-alike into this contact: for each field the two disagree on, the owner picks the
 * value to keep; both timelines, tasks, tags and custom values stay.
 */
export function MergeDialog({
  keep,
  other,
  onOpenChange,
  onMerged,
  focusResult,
}: {
  keep: TContact;
  /** The contact merged into `keep`; null closes the dialog. */
  other: TContact | null;
  onOpenChange: (open: boolean) => void;
  onMerged: () => void;
  /** Where the focus goes once merged and the dialog closed (the result). */
  focusResult: () => void;
}) {
  const { t } = useTranslation(["crm", "common"]);
  const merge = useMergeContacts();
  const merged = useRef(false);
  const differing = other ? MERGE_FIELDS.filter((f) => fieldValue(keep, f) !== fieldValue(other, f)) : [];
  const [choice, setChoice] = useState<Partial<Record<TMergeField, Side>>>({});
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // The reason takes the focus once it is on the screen (the submit button was off while sending).
  useEffect(() => {
    if (error && !merge.isPending) errorRef.current?.focus();
  }, [error, merge.isPending]);
  const sideOf = (field: TMergeField): Side =>
    choice[field] ?? (other && !fieldValue(keep, field) && fieldValue(other, field) ? "other" : "keep");

  const shown = (contact: TContact, field: TMergeField) => {
    const value = fieldValue(contact, field);
    if (!value) return t("merge.empty");
    return field === "status" ? t(`status.${contact.status}`) : value;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!other || merge.isPending) return;
    const take = differing.filter((f) => sideOf(f) === "other");
    setError(null);
    merge.mutate(
      { id: keep.id, input: { otherId: other.id, take } },
      {
        onSuccess: (detail) => {
          toast({ title: t("merge.doneTitle"), description: t("merge.done", { name: contactName(detail) }) });
          setChoice({});
          merged.current = true;
          onMerged();
        },
        onError: (failure) => {
          // Said in the dialog, which stays open with the choices; the text takes the focus.
          setError([t("merge.failed"), contactErrorText(failure, t)].filter(Boolean).join(" "));
        },
      },
    );
  };

  return (
    <Dialog
      open={other !== null}
      onOpenChange={(open) => {
        if (merge.isPending) return;
        setError(null);
        onOpenChange(open);
      }}
    >
      <DialogContent
        closeLabel={t("common:nav.close")}
        data-testid="crm-merge-dialog"
        className="sm:max-w-2xl"
        onCloseAutoFocus={(event) => {
          if (!merged.current) return;
          event.preventDefault();
          focusResult();
        }}
      >
        <form onSubmit={submit} className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <Merge className="size-5 text-primary" aria-hidden />
              {t("merge.title")}
            </DialogTitle>
            <DialogDescription>{t("merge.description")}</DialogDescription>
          </DialogHeader>
          {other ? (
            differing.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("merge.noDifferences")}</p>
            ) : (
              <div className="grid gap-3">
                {differing.map((field) => (
                  <fieldset key={field} className="grid min-w-0 gap-1.5" data-testid={`crm-merge-${field}`}>
                    <legend className="mb-1 text-sm font-medium">{t(`fields.${field}`)}</legend>
                    <div className="grid gap-2 sm:grid-cols-2">
                      {(["keep", "other"] as const).map((side) => {
                        const contact = side === "keep" ? keep : other;
                        const id = `crm-merge-${field}-${side}`;
                        return (
                          <label
                            key={side}
                            htmlFor={id}
                            className="flex min-w-0 cursor-pointer items-start gap-2 rounded-lg border border-border px-3 py-2 has-checked:border-primary has-checked:bg-brand-50"
                          >
                            <input
                              type="radio"
                              id={id}
                              name={`merge-${field}`}
                              value={side}
                              checked={sideOf(field) === side}
                              onChange={() => setChoice((c) => ({ ...c, [field]: side }))}
                              className="mt-1 accent-primary"
                            />
                            <span className="grid min-w-0">
                              <span className="text-xs text-muted-foreground">
                                {side === "keep" ? t("merge.thisContact") : t("merge.otherContact")}
                              </span>
                              <span className="text-sm break-all">{shown(contact, field)}</span>
                            </span>
                          </label>
                        );
                      })}
                    </div>
                  </fieldset>
                ))}
              </div>
            )
          ) : null}
          <p className="text-xs text-muted-foreground">{t("merge.keepsBoth")}</p>
          {error ? (
            <p
              ref={errorRef}
              tabIndex={-1}
              role="alert"
              className="text-sm text-destructive outline-none"
              data-testid="crm-merge-error"
            >
              {error}
            </p>
          ) : null}
          <DialogFormFooter
            cancelLabel={t("form.cancel")}
            submitLabel={t("merge.submit")}
            pending={merge.isPending}
            submitTestId="crm-merge-submit"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
