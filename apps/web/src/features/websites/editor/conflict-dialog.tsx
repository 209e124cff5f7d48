import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useTranslation } from "@/lib/use-translation";

/** Another tab or device saved this draft since it was loaded here: the owner chooses, nothing is lost silently. */
export function ConflictDialog({
  open,
  onReload,
  onKeepMine,
}: {
  open: boolean;
  onReload: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation("websites");
  return (
    <Dialog open={open}>
      <DialogContent
        closeLabel={t("editor.close")}
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        data-testid="editor-conflict"
        className="[&>button:last-child]:hidden"
      >
        <DialogHeader>
          <DialogTitle>{t("editor.conflict.title")}</DialogTitle>
          <DialogDescription>{t("editor.conflict.description")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onReload} data-testid="editor-conflict-reload">
            {t("editor.conflict.reload")}
          </Button>
          <Button onClick={onKeepMine} data-testid="editor-conflict-keep">
            {t("editor.conflict.keepMine")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
