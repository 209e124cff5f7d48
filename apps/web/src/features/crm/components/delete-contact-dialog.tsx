import type { TContact } from "@shobai/shared";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useDeleteContact } from "../api/delete-contact";
import { contactName } from "../contact-name";
import { contactErrorText } from "../error-text";

/** Deleting asks first and says plainly that the timeline goes too and it cannot be undone. */
export function DeleteContactDialog({
  contact,
  onDeleted,
  onDemo,
}: {
  contact: TContact;
  onDeleted: () => void;
  onDemo: (() => void) | null;
}) {
  const { t } = useTranslation("crm");
  const remove = useDeleteContact();
  const [open, setOpen] = useState(false);
  const name = contactName(contact);

  const confirm = () => {
    if (onDemo) {
      setOpen(false);
      onDemo();
      return;
    }
    remove.mutate(contact.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: t("toast.deletedTitle"), description: t("toast.deleted", { name }) });
        onDeleted();
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t("toast.errorTitle"),
          description: [t("toast.deleteFailed"), contactErrorText(error, t)].filter(Boolean).join(" "),
        }),
    });
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive-soft"
          data-testid="crm-delete-open"
        >
          <Trash2 aria-hidden />
          {t("drawer.delete")}
        </Button>
      }
      title={t("delete.title")}
      description={t("delete.description", { name })}
      confirmLabel={t("delete.confirm")}
      cancelLabel={t("form.cancel")}
      onConfirm={confirm}
      pending={remove.isPending}
      destructive
      testId="crm-delete"
    />
  );
}
