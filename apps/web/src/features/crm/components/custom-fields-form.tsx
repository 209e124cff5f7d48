import type { TContact, TContactField } from "@shobai/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SELECT_TRIGGER_CLASS } from "@/components/ui/select-trigger-class";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useUpdateContact } from "../api/update-contact";
import { contactErrorText } from "../error-text";

const asText = (value: string | number | undefined) => (value === undefined ? "" : String(value));

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
    update.mutate(
      { contact, patch: { customFields } },
      {
        onSuccess: () => toast({ title: t("toast.updatedTitle"), description: t("customFields.saved") }),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: t("toast.errorTitle"),
            description: contactErrorText(error, t) || t("toast.updateFailed"),
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3" data-testid="crm-custom-fields">
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map((field) => {
          const id = `crm-custom-${field.id}`;
          const value = values[field.id] ?? "";
          const set = (next: string) => setValues((v) => ({ ...v, [field.id]: next }));
          return (
            <div key={field.id} className="grid content-start gap-1.5">
              <Label htmlFor={id}>{field.label}</Label>
              {field.type === "select" ? (
                <select
                  id={id}
                  value={value}
                  onChange={(e) => set(e.target.value)}
                  className={SELECT_TRIGGER_CLASS}
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
                />
              )}
            </div>
          );
        })}
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={changed.length === 0 || update.isPending}>
          {t("customFields.save")}
        </Button>
      </div>
    </form>
  );
}
