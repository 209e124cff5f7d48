import type { TContactStatus, TDuplicateMatch } from "@shobai/shared";
import { UserPlus, Users } from "lucide-react";
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
import { checkDuplicates } from "../api/check-duplicates";
import { useCreateContact } from "../api/create-contact";
import { missingRequired, phoneError, trimFields } from "../contact-form-rules";
import { contactName } from "../contact-name";
import { contactErrorText, contactFieldErrors } from "../error-text";
import {
  type ContactFieldErrors,
  ContactFields,
  type ContactFieldValues,
  focusField,
} from "./contact-fields";
import { StatusSelect } from "./status-select";

const EMPTY: ContactFieldValues = {
  firstName: "",
  lastName: "",
  firstNameKana: "",
  lastNameKana: "",
  email: "",
  company: "",
  companyKana: "",
  phone: "",
};

/**
 * Add a contact (spec §2, §5, §8). Name and email are required ('名前とメールアドレスは必須です。',
 * nothing sent); a refusal from the server is shown and the dialog keeps what was typed.
 */
export function AddContactDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(["crm", "common"]);
  const create = useCreateContact();
  const [values, setValues] = useState<ContactFieldValues>(EMPTY);
  const [status, setStatus] = useState<TContactStatus>("new");
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  // Look-alikes already in the CRM, shown once before adding; "add anyway" then adds.
  const [duplicates, setDuplicates] = useState<TDuplicateMatch[] | null>(null);
  const [checking, setChecking] = useState(false);
  const duplicatesRef = useRef<HTMLDivElement>(null);
  // The warning takes the focus once it is on the page (a frame scheduled with the state change
  // could come before React had rendered it, on a busy machine).
  useEffect(() => {
    if (duplicates && duplicates.length > 0) duplicatesRef.current?.focus();
  }, [duplicates]);

  const reset = () => {
    setDuplicates(null);
    setValues(EMPTY);
    setStatus("new");
    setErrors({});
  };

  const change = (open: boolean) => {
    if (create.isPending) return;
    onOpenChange(open);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const missing = missingRequired(values, t);
    if (missing) {
      setErrors(missing);
      // Said under each field; the first takes the focus.
      const first = Object.keys(missing)[0];
      if (first) focusField("crm-add", first);
      toast({
        variant: "destructive",
        title: t("toast.inputErrorTitle"),
        description: t("toast.requiredFields"),
      });
      return;
    }
    const badPhone = phoneError(values, t);
    if (badPhone) {
      setErrors(badPhone);
      focusField("crm-add", "phone");
      toast({ variant: "destructive", title: t("toast.inputErrorTitle"), description: badPhone.phone });
      return;
    }
    setErrors({});
    const fields = trimFields(values);
    if (duplicates === null) {
      setChecking(true);
      checkDuplicates(fields)
        .catch(() => [] as TDuplicateMatch[]) // the check only warns: if it fails, the add goes on
        .then((matches) => {
          setChecking(false);
          // The same email is refused by the server anyway: that answer goes beside the email field.
          if (matches.length > 0 && !matches.some((m) => m.reasons.includes("email"))) {
            setDuplicates(matches);
          } else {
            add(fields);
          }
        });
      return;
    }
    add(fields);
  };

  const add = (fields: ReturnType<typeof trimFields>) => {
    create.mutate(
      { ...fields, status },
      {
        onSuccess: (contact) => {
          toast({
            title: t("toast.addedTitle"),
            description: t("toast.added", { name: contactName(contact) }),
          });
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          const reason = contactErrorText(error, t);
          // The server's field errors go next to their fields; the first one gets the focus.
          const fields = contactFieldErrors(error, t);
          setErrors(fields);
          const first = Object.keys(fields)[0];
          if (first) focusField(`crm-add`, first);
          toast({
            variant: "destructive",
            title: t("toast.errorTitle"),
            description: (
              <>
                <span className="block">{t("toast.addFailed")}</span>
                {reason ? <span className="block">{reason}</span> : null}
              </>
            ),
          });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent closeLabel={t("common:nav.close")} data-testid="crm-add-dialog" className="sm:max-w-xl">
        <form onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <UserPlus className="size-5 text-primary" aria-hidden />
              {t("add.title")}
            </DialogTitle>
            <DialogDescription>{t("add.description")}</DialogDescription>
          </DialogHeader>
          <ContactFields
            idPrefix="crm-add"
            values={values}
            errors={errors}
            onChange={(field, value) => {
              setValues((v) => ({ ...v, [field]: value }));
              setDuplicates(null);
              if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
            }}
            disabled={create.isPending}
          />
          <div className="grid gap-1.5 sm:w-1/2 sm:pr-1.5">
            <span className="text-sm font-medium">{t("fields.status")}</span>
            <StatusSelect
              value={status}
              onValueChange={setStatus}
              label={t("fields.status")}
              testId="crm-add-status"
              disabled={create.isPending}
              className="h-10"
            />
          </div>
          {duplicates && duplicates.length > 0 ? (
            <div
              ref={duplicatesRef}
              tabIndex={-1}
              role="alert"
              data-testid="crm-add-duplicates"
              className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-amber-950 outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
            >
              <p className="flex items-center gap-2 font-semibold">
                <Users className="size-4" aria-hidden />
                {t("duplicates.title")}
              </p>
              <ul className="grid gap-1">
                {duplicates.map((d) => (
                  <li key={d.contact.id} className="min-w-0 break-words">
                    <span className="font-medium">{contactName(d.contact)}</span>{" "}
                    <span className="text-amber-900/80">
                      {d.contact.email} ・ {d.reasons.map((r) => t(`duplicates.reasons.${r}`)).join("、")}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="text-amber-900/80">{t("duplicates.hint")}</p>
            </div>
          ) : null}
          <DialogFormFooter
            cancelLabel={t("form.cancel")}
            submitLabel={duplicates && duplicates.length > 0 ? t("duplicates.addAnyway") : t("add.submit")}
            pending={create.isPending || checking}
            submitTestId="crm-add-submit"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
