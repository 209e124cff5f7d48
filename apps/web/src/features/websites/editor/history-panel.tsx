import type { TSiteDraft, TSiteRevision } from "@shobai/sitegen/editor";
import { Eye, History, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/api-error";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { fetchRevisions, restoreRevision } from "./draft-api";
import { useWebsiteId } from "./store-context";

/** Published versions, newest first; restoring one makes it the draft, to check and publish. */
export function HistoryPanel({
  publishedRevision,
  onRestored,
  onPreview,
}: {
  publishedRevision: number;
  onRestored: (draft: TSiteDraft) => void;
  /** Shows one version in the preview, to compare before restoring it. */
  onPreview: (revision: number) => void;
}) {
  const { t } = useTranslation("websites");
  const id = useWebsiteId();
  const [revisions, setRevisions] = useState<TSiteRevision[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    // Listed again after each publish.
    void publishedRevision;
    fetchRevisions(id)
      .then((list) => live && setRevisions(list))
      .catch(() => live && setRevisions([]));
    return () => {
      live = false;
    };
  }, [id, publishedRevision]);

  const restore = async (revision: number) => {
    setBusy(revision);
    try {
      const draft = await restoreRevision(id, revision);
      onRestored(draft);
      toast({
        title: t("editor.history.restored", { n: revision }),
        ...(draft.photosRemoved
          ? { description: t("editor.history.photosRemoved", { count: draft.photosRemoved }) }
          : {}),
      });
    } catch (error) {
      toast({ title: errorText(error, t("editor.history.restoreFailed")), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  if (revisions === null) return <Skeleton className="h-32 w-full" />;
  if (revisions.length === 0) {
    return (
      <div className="grid place-items-center gap-2 rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
        <History className="size-6" aria-hidden />
        {t("editor.history.empty")}
      </div>
    );
  }
  return (
    <ol className="m-0 grid list-none grid-cols-[minmax(0,1fr)] gap-2 p-0" data-testid="editor-revisions">
      {revisions.map((revision) => (
        <li
          key={revision.revision}
          className="flex items-center justify-between gap-2 rounded-lg border border-border p-3"
          data-testid="editor-revision"
        >
          <div className="grid text-sm">
            <span className="font-medium">
              {revision.kind === "generated"
                ? t("editor.history.generated")
                : t("editor.history.version", { n: revision.revision })}
              {revision.revision === publishedRevision ? (
                <span className="ml-2 text-xs font-normal text-success">{t("editor.history.live")}</span>
              ) : null}
            </span>
            <span className="text-xs text-muted-foreground">{formatDateTime(revision.publishedAt)}</span>
          </div>
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onPreview(revision.revision)}
              data-testid="editor-revision-preview"
            >
              <Eye aria-hidden />
              {t("editor.history.preview")}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={busy !== null}
              onClick={() => void restore(revision.revision)}
              data-testid="editor-revision-restore"
            >
              <RotateCcw aria-hidden />
              {t("editor.history.restore")}
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
