import type { TContact, TContactField } from "@shobai/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { FormDone } from "@/components/ui/form-done";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SELECT_TRIGGER_CLASS } from "@/components/ui/select-trigger-class";
import { Spinner } from "@/components/ui/spinner";
import { fieldErrors, issueText } from "@/lib/api-error";
import { type TFunction, useTranslation } from "@/lib/use-translation";
import { useUpdateContact } from "../api/update-contact";
import { contactErrorText } from "../error-text";

const asText = (value: string | number | undefined) => (value === undefined ? "" : String(value));

/** The custom fields the server refused (paths "customFields.<id>"), each said for its kind of input. */
export function customFieldErrors(
  error: unknown,
  fields: readonly TContactField[],
  t: TFunction<"crm">,
): Partial<Record<string, string>> {
  const byId = new Map(fields.map((f) => [f.id, f]));
  return fieldErrors(
    error,
    (path) => {
      const id = path.startsWith("customFields.") ? path.slice("customFields.".length) : undefined;
      return id !== undefined && byId.has(id) ? id : undefined;
    },
    (id, issue) => {
      const field = byId.get(id);
      if (issue.code === "unknown_field") return t("customFields.removed");
      if (!field || issue.code !== "custom") return issueText(issue);
      return t(`customFields.invalid.${field.type}`);
    },
  );
}

/** The owner's custom fields for one contact, each in its own kind of input; Save sends what changed. */
export function CustomFieldsForm({
  contact,
  fields,
  onDemo,
}: {
  contact: TContact;
  fields: TContactField[];
  onDemo: (() => void) | null;
}) {
  const { t } = useTranslation("crm");
  const update = useUpdateContact();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.id, asText(contact.customFields[f.id])])),
  );
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  // A reason not about one field takes the focus once it is on the screen.
  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);
  const changed = fields.filter((f) => (values[f.id] ?? "") !== asText(contact.customFields[f.id]));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changed.length === 0 || update.isPending) return;
    if (onDemo) {
      onDemo();
      return;
    }
    const customFields = Object.fromEntries(
      changed.map((f) => {
        const raw = (values[f.id] ?? "").trim();
        return [f.id, raw === "" ? null : f.type === "number" ? Number(raw) : raw];
      }),
    );
    setErrors({});
    setFormError(null);
    setSaved(false);
    update.mutate(
      { contact, patch: { customFields } },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => {
          const refused = customFieldErrors(error, fields, t);
          setErrors(refused);
          // The first refused field in the form's order takes the focus; otherwise the reason does.
          const first = fields.find((f) => refused[f.id]);
          if (first) {
            document.getElementById(`crm-custom-${first.id}`)?.focus();
            return;
          }
          setFormError(contactErrorText(error, t) || t("toast.updateFailed"));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3" data-testid="crm-custom-fields">
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map((field) => {
          const id = `crm-custom-${field.id}`;
          const value = values[field.id] ?? "";
          const error = errors[field.id];
          const described = error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
          const set = (next: string) => {
            setValues((v) => ({ ...v, [field.id]: next }));
            setErrors((e) => ({ ...e, [field.id]: undefined }));
            setSaved(false);
          };
          return (
            <div key={field.id} className="grid content-start gap-1.5">
              <Label htmlFor={id}>{field.label}</Label>
              {field.type === "select" ? (
                <select
                  id={id}
                  value={value}
                  onChange={(e) => set(e.target.value)}
                  className={SELECT_TRIGGER_CLASS}
                  data-testid={`crm-custom-input-${field.id}`}
                  {...described}
                >
                  <option value="">{t("customFields.none")}</option>
                  {field.options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : (
                <Input
                  id={id}
                  type={field.type === "number" ? "number" : field.type === "date" ? "date" : "text"}
                  inputMode={field.type === "number" ? "decimal" : undefined}
                  value={value}
                  onChange={(e) => set(e.target.value)}
                  maxLength={500}
                  data-testid={`crm-custom-input-${field.id}`}
                  {...described}
                />
              )}
              <FieldError id={`${id}-error`} message={error} testId={`crm-custom-error-${field.id}`} />
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
        {formError ? (
          <p
            ref={formErrorRef}
            tabIndex={-1}
            role="alert"
            className="mr-auto text-sm text-destructive outline-none"
            data-testid="crm-custom-fields-error"
          >
            {formError}
          </p>
        ) : null}
        <FormDone
          message={saved ? t("customFields.saved") : null}
          testId="crm-custom-fields-done"
          className="mr-auto"
        />
        <Button
          type="submit"
          size="sm"
          disabled={changed.length === 0}
          aria-disabled={update.isPending || undefined}
          data-testid="crm-custom-fields-save"
        >
          {update.isPending ? <Spinner /> : null}
          {t("customFields.save")}
        </Button>
      </div>
    </form>
  );
}
