import { useTranslation } from "react-i18next";
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

/** Asks before a host name stops serving the site; stays open and locked while it runs. */
export function RemoveConnectionDialog({
  hostname,
  websiteName,
  open,
  onOpenChange,
  onConfirm,
  pending,
}: {
  hostname: string;
  websiteName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation(["domains", "common"]);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common:nav.close")} data-testid="remove-connection-dialog">
        <DialogHeader>
          <DialogTitle>{t("remove.title")}</DialogTitle>
          <DialogDescription>{t("remove.description", { hostname, website: websiteName })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {t("actions.cancel")}
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={onConfirm}
            disabled={pending}
            data-testid="remove-connection-confirm"
          >
            {pending ? <Spinner /> : null}
            {t("remove.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
