import type { TContact, TUpdateContact } from "@shobai/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useUpdateContact } from "../api/update-contact";
import { missingRequired, phoneError, trimFields } from "../contact-form-rules";
import { contactName } from "../contact-name";
import { contactErrorText, contactFieldErrors } from "../error-text";
import {
  type ContactFieldErrors,
  ContactFields,
  type ContactFieldValues,
  focusField,
} from "./contact-fields";

function valuesOf(contact: TContact): ContactFieldValues {
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    firstNameKana: contact.firstNameKana,
    lastNameKana: contact.lastNameKana,
    email: contact.email,
    company: contact.company,
    companyKana: contact.companyKana,
    phone: contact.phone,
  };
}

/** The contact's fields, editable; Save sends only what changed (PATCH). */
export function ContactDetailsForm({ contact, onDemo }: { contact: TContact; onDemo: (() => void) | null }) {
  const { t } = useTranslation("crm");
  const update = useUpdateContact();
  const [values, setValues] = useState<ContactFieldValues>(() => valuesOf(contact));
  const [errors, setErrors] = useState<ContactFieldErrors>({});

  const saved = valuesOf(contact);
  const trimmed = trimFields(values);
  const patch: TUpdateContact = Object.fromEntries(
    (Object.keys(trimmed) as (keyof ContactFieldValues)[])
      .filter((field) => trimmed[field] !== saved[field])
      .map((field) => [field, trimmed[field]]),
  );
  const changed = Object.keys(patch).length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed || update.isPending) return;
    if (onDemo) {
      onDemo();
      return;
    }
    const invalid = missingRequired(values, t) ?? phoneError(values, t);
    if (invalid) {
      setErrors(invalid);
      // Said under each field; the first takes the focus.
      const first = Object.keys(invalid)[0];
      if (first) focusField("crm-edit", first);
      toast({
        variant: "destructive",
        title: t("toast.inputErrorTitle"),
        description: invalid.phone ?? t("toast.requiredFields"),
      });
      return;
    }
    setErrors({});
    update.mutate(
      { contact, patch },
      {
        onSuccess: (next) => {
          setValues(valuesOf(next));
          toast({
            title: t("toast.updatedTitle"),
            description: t("toast.saved", { name: contactName(next) }),
          });
        },
        onError: (error) => {
          const reason = contactErrorText(error, t);
          // The server's field errors go next to their fields; the first one gets the focus.
          const fields = contactFieldErrors(error, t);
          setErrors(fields);
          const first = Object.keys(fields)[0];
          if (first) focusField(`crm-edit`, first);
          toast({
            variant: "destructive",
            title: t("toast.errorTitle"),
            description: [t("toast.updateFailed"), reason].filter(Boolean).join(" "),
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" data-testid="crm-edit-form">
      <ContactFields
        idPrefix="crm-edit"
        values={values}
        errors={errors}
        onChange={(field, value) => {
          setValues((v) => ({ ...v, [field]: value }));
          if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
        }}
        disabled={update.isPending}
      />
      <div className="flex justify-end gap-2">
        {changed ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setValues(saved);
              setErrors({});
            }}
            disabled={update.isPending}
          >
            {t("form.discard")}
          </Button>
        ) : null}
        <Button type="submit" size="sm" data-testid="crm-edit-save" disabled={!changed || update.isPending}>
          {update.isPending ? <Spinner /> : null}
          {t("drawer.save")}
        </Button>
      </div>
    </form>
  );
}
