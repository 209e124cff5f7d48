import type { TContact } from "@shobai/shared";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentLanguage } from "@/features/language/hooks/use-current-language";
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
  const { t } = useTranslation(["crm", "common"]);
  const language = useCurrentLanguage();
  const remove = useDeleteContact();
  const [open, setOpen] = useState(false);
  const name = contactName(contact, language);

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
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive-soft"
          data-testid="crm-delete-open"
        >
          <Trash2 aria-hidden />
          {t("drawer.delete")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("common:nav.close")} data-testid="crm-delete-dialog">
        <DialogHeader>
          <DialogTitle>{t("delete.title")}</DialogTitle>
          <DialogDescription>{t("delete.description", { name })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              {t("form.cancel")}
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={confirm}
            disabled={remove.isPending}
            data-testid="crm-delete-confirm"
          >
            {remove.isPending ? <Spinner /> : null}
            {t("delete.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
