import type { TCampaign } from "@shobai/shared";
import { useRef } from "react";
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
import { useDeleteCampaign } from "../api/campaigns";
import { serverMessage } from "../error-text";

/** Deleting asks first and says plainly that it cannot be undone. */
export function DeleteCampaignDialog({
  campaign,
  onClose,
}: {
  campaign: TCampaign | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(["email", "common"]);
  const remove = useDeleteCampaign();
  // Keeps the name on screen while the dialog fades out after the campaign is cleared.
  const last = useRef(campaign);
  if (campaign) last.current = campaign;

  const confirm = () => {
    if (!campaign) return;
    remove.mutate(campaign.id, {
      onSuccess: () => {
        toast({ title: t("toast.deletedTitle"), description: t("toast.deleted", { name: campaign.name }) });
        onClose();
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t("toast.errorTitle"),
          description: [t("toast.deleteFailed"), serverMessage(error)].filter(Boolean).join(" "),
        }),
    });
  };

  return (
    <Dialog open={campaign !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent closeLabel={t("common:nav.close")} data-testid="campaign-delete-dialog">
        <DialogHeader>
          <DialogTitle>{t("delete.title")}</DialogTitle>
          <DialogDescription>{t("delete.description", { name: last.current?.name ?? "" })}</DialogDescription>
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
            data-testid="campaign-delete-confirm"
          >
            {remove.isPending ? <Spinner /> : null}
            {t("delete.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
