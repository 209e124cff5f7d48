import type { TContactStatus } from "@shobai/shared";
import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
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
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
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

  const reset = () => {
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
      toast({ variant: "destructive", title: t("toast.inputErrorTitle"), description: badPhone.phone });
      return;
    }
    setErrors({});
    create.mutate(
      { ...trimFields(values), status },
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
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={create.isPending}>
                {t("form.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" data-testid="crm-add-submit" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : null}
              {t("add.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
