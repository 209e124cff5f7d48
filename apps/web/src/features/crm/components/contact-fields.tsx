import type { ReactNode } from "react";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { inNameOrder } from "@/lib/name-order";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";
import { FieldMarker } from "./field-marker";

export interface ContactFieldValues {
  firstName: string;
  lastName: string;
  firstNameKana: string;
  lastNameKana: string;
  email: string;
  company: string;
  companyKana: string;
  phone: string;
}

export type ContactField = keyof ContactFieldValues;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

interface ContactFieldsProps {
  /** Prefix of ids and test ids: `crm-add` gives `crm-add-first-name`, … */
  idPrefix: string;
  values: ContactFieldValues;
  errors: ContactFieldErrors;
  onChange: (field: ContactField, value: string) => void;
  disabled?: boolean;
}

const TEST_IDS: Record<ContactField, string> = {
  firstName: "first-name",
  lastName: "last-name",
  firstNameKana: "first-name-kana",
  lastNameKana: "last-name-kana",
  email: "email",
  company: "company",
  companyKana: "company-kana",
  phone: "phone",
};

/**
 * Moves the focus to a field of a ContactFields group (after the server refused it). Waits a
 * frame, so a field the same render enables again can take it.
 */
export function focusField(idPrefix: string, field: string): void {
  const testId = TEST_IDS[field as ContactField];
  if (!testId) return;
  requestAnimationFrame(() => document.getElementById(`${idPrefix}-${testId}`)?.focus());
}

/**
 * Name (family name first in Japanese), email, company and phone: the add dialog and the drawer's
 * edit form share them. Errors sit under their field.
 */
export function ContactFields({ idPrefix, values, errors, onChange, disabled }: ContactFieldsProps) {
  const { t } = useTranslation("crm");
  const language = useCurrentLanguage();

  const field = (
    name: ContactField,
    props: { label: string; marker?: ReactNode; input: Partial<React.ComponentProps<"input">> },
  ) => {
    const id = `${idPrefix}-${TEST_IDS[name]}`;
    const error = errors[name];
    return (
      <div key={name} className="grid content-start gap-1.5">
        <Label htmlFor={id}>
          {props.label}
          {props.marker}
        </Label>
        <Input
          id={id}
          data-testid={id}
          name={name}
          value={values[name]}
          onChange={(e) => onChange(name, e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={disabled}
          {...props.input}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  };

  const required = <FieldMarker kind="required" label={t("form.required")} />;
  const first = field("firstName", {
    label: t("fields.firstName"),
    input: { autoComplete: "off", placeholder: t("form.firstNamePlaceholder") },
  });
  const last = field("lastName", {
    label: t("fields.lastName"),
    input: { autoComplete: "off", placeholder: t("form.lastNamePlaceholder") },
  });
  const firstKana = field("firstNameKana", {
    label: t("fields.firstNameKana"),
    input: { autoComplete: "off", placeholder: t("form.firstNameKanaPlaceholder") },
  });
  const lastKana = field("lastNameKana", {
    label: t("fields.lastNameKana"),
    input: { autoComplete: "off", placeholder: t("form.lastNameKanaPlaceholder") },
  });

  return (
    <div className="grid gap-4">
      <p className="text-xs text-muted-foreground" data-testid={`${idPrefix}-name-rule`}>
        {t("form.nameOrCompanyHint")}
      </p>
      <div className="grid grid-cols-2 gap-3">{inNameOrder(language, first, last)}</div>
      <div className="grid grid-cols-2 gap-3">{inNameOrder(language, firstKana, lastKana)}</div>
      {field("email", {
        label: t("fields.email"),
        marker: required,
        input: { type: "email", inputMode: "email", autoComplete: "off", placeholder: "name@example.jp" },
      })}
      <div className="grid gap-4 sm:grid-cols-2 sm:gap-3">
        {field("company", {
          label: t("fields.company"),
          input: { autoComplete: "off", placeholder: t("form.companyPlaceholder") },
        })}
        {field("companyKana", {
          label: t("fields.companyKana"),
          input: { autoComplete: "off", placeholder: t("form.companyKanaPlaceholder") },
        })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 sm:gap-3">
        {field("phone", {
          label: t("fields.phone"),
          input: { type: "tel", inputMode: "tel", autoComplete: "off", placeholder: "090-1234-5678" },
        })}
      </div>
    </div>
  );
}
