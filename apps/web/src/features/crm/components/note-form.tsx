import { type FormEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { FormDone } from "@/components/ui/form-done";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useAddNote } from "../api/add-note";
import { contactErrorText } from "../error-text";

/** A note on the contact's timeline (a call, a meeting, what to do next). */
export function NoteForm({ contactId, onDemo }: { contactId: string; onDemo: (() => void) | null }) {
  const { t } = useTranslation("crm");
  const add = useAddNote();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim() || add.isPending) return;
    if (onDemo) {
      onDemo();
      return;
    }
    setError(null);
    setAdded(false);
    add.mutate(
      { id: contactId, text: text.trim() },
      {
        onSuccess: () => {
          setText("");
          setAdded(true);
          toast({ title: t("toast.noteAddedTitle") });
        },
        onError: (failure) => {
          const message = [t("toast.noteFailed"), contactErrorText(failure, t)].filter(Boolean).join(" ");
          // Said beside the box, which keeps the text and the focus.
          setError(message);
          field.current?.focus();
          toast({ variant: "destructive", title: t("toast.errorTitle"), description: message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-2">
      <Label htmlFor="crm-note-input" className="sr-only">
        {t("drawer.noteLabel")}
      </Label>
      <Textarea
        ref={field}
        id="crm-note-input"
        data-testid="crm-note-input"
        rows={3}
        maxLength={5000}
        placeholder={t("drawer.notePlaceholder")}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
          setAdded(false);
        }}
        onKeyDown={(e) => {
          // Ctrl/⌘+Enter saves, as in most note boxes.
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
        }}
        readOnly={add.isPending}
        className="min-h-20 resize-y text-sm"
        {...(error ? { "aria-invalid": true, "aria-describedby": "crm-note-error" } : {})}
      />
      <FieldError id="crm-note-error" message={error} testId="crm-note-error" />
      <FormDone message={added ? t("toast.noteAddedTitle") : null} testId="crm-note-done" />
      <div className="flex items-center justify-between gap-3">
        <p className="hidden text-xs text-muted-foreground sm:block">{t("drawer.noteShortcut")}</p>
        <Button
          type="submit"
          size="sm"
          data-testid="crm-note-submit"
          disabled={!text.trim() || add.isPending}
          className="ml-auto"
        >
          {add.isPending ? <Spinner /> : null}
          {t("drawer.addNote")}
        </Button>
      </div>
    </form>
  );
}
