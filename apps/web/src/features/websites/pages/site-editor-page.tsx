import type { TLanguage } from "@shobai/shared";
import type { TSiteContent, TSiteDraft } from "@shobai/sitegen/editor";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useStore } from "zustand";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorText, getErrorStatus } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { BusinessPanel } from "../editor/business-panel";
import { ConflictDialog } from "../editor/conflict-dialog";
import { DesignPanel } from "../editor/design-panel";
import { fetchDraft, fetchRevision } from "../editor/draft-api";
import { createEditorStore, type EditorStore } from "../editor/editor-store";
import { EditorToolbar } from "../editor/editor-toolbar";
import { HistoryPanel } from "../editor/history-panel";
import { LanguagesPanel } from "../editor/languages-panel";
import { MediaPanel } from "../editor/media-panel";
import { PreviewFrame, type TDevice } from "../editor/preview-frame";
import { SectionsPanel } from "../editor/sections-panel";
import { setText } from "../editor/site-edits";
import { EditorContext } from "../editor/store-context";
import { readBackup, useAutosave } from "../editor/use-autosave";

/** The preview, the one part that follows every change of the site. */
function LivePreview({
  store,
  lang,
  device,
  onUndo,
  onRedo,
  old,
  websiteId,
}: {
  websiteId: string;
  store: EditorStore;
  lang: TLanguage;
  device: TDevice;
  onUndo: () => void;
  onRedo: () => void;
  /** A published version shown instead of the draft, read-only. */
  old: TSiteContent | null;
}) {
  const { t } = useTranslation("websites");
  const site = useStore(store, (state) => state.site);
  const change = useStore(store, (state) => state.change);
  const shown = old?.languages.includes(lang) ? old : null;
  return (
    <PreviewFrame
      readOnly={shown !== null}
      mediaBase={`${window.location.origin}/media/${encodeURIComponent(websiteId)}`}
      site={shown ?? site}
      lang={lang}
      device={device}
      title={t("editor.previewTitle")}
      onEdit={({ scope, path, value }) => change((s) => setText(s, lang, scope, path, value))}
      onUndo={onUndo}
      onRedo={onRedo}
    />
  );
}

function Editor({ id, loaded }: { id: string; loaded: TSiteDraft }) {
  const { t } = useTranslation("websites");
  // This browser's unsaved changes (a reload, a dropped connection) come back first.
  const [store] = useState(() => createEditorStore(readBackup(id, loaded.revision) ?? loaded.content));
  // Only what the frame needs: a keystroke redraws the preview and its field, not the whole editor.
  const name = useStore(store, (state) => state.site.businessName);
  const languages = useStore(store, (state) => state.site.languages);
  const canUndo = useStore(store.temporal, (state) => state.pastStates.length > 0);
  const canRedo = useStore(store.temporal, (state) => state.futureStates.length > 0);
  const [lang, setLang] = useState<TLanguage>(languages[0] ?? "ja");
  const [device, setDevice] = useState<TDevice>(() =>
    typeof window !== "undefined" && window.innerWidth < 640 ? "phone" : "desktop",
  );
  const [publishing, setPublishing] = useState(false);
  const [previewing, setPreviewing] = useState<{ revision: number; content: TSiteContent } | null>(null);
  const autosave = useAutosave(id, store, loaded);
  const undo = useCallback(() => store.temporal.getState().undo(), [store]);
  const redo = useCallback(() => store.temporal.getState().redo(), [store]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === "z" || key === "y") {
        event.preventDefault();
        if (key === "y" || event.shiftKey) redo();
        else undo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  const publish = async () => {
    setPublishing(true);
    try {
      if (await autosave.publish()) toast({ title: t("editor.published") });
      else toast({ title: t("editor.publishBlocked"), variant: "destructive" });
    } catch (error) {
      toast({ title: errorText(error, t("editor.publishFailed")), variant: "destructive" });
    } finally {
      setPublishing(false);
    }
  };

  const context = useMemo(() => ({ store, lang, websiteId: id }), [store, lang, id]);
  return (
    <EditorContext.Provider value={context}>
      <div className="flex flex-col gap-3" data-testid="site-editor">
        <EditorToolbar
          websiteId={id}
          name={name}
          languages={languages}
          lang={lang}
          onLang={setLang}
          device={device}
          onDevice={setDevice}
          canUndo={canUndo}
          canRedo={canRedo}
          onUndo={undo}
          onRedo={redo}
          status={autosave.status}
          savedAt={autosave.savedAt}
          unpublished={autosave.unpublished || autosave.status !== "saved"}
          publishing={publishing}
          onPublish={() => void publish()}
        />
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(340px,420px)_minmax(0,1fr)]">
          <div className="order-2 min-w-0 lg:order-1 lg:max-h-[calc(100dvh-12rem)] lg:overflow-y-auto lg:pr-1">
            <Tabs defaultValue="sections">
              <TabsList className="mb-3 w-full overflow-x-auto">
                <TabsTrigger value="sections" data-testid="editor-tab-sections">
                  {t("editor.tabs.sections")}
                </TabsTrigger>
                <TabsTrigger value="photos" data-testid="editor-tab-photos">
                  {t("editor.tabs.photos")}
                </TabsTrigger>
                <TabsTrigger value="business" data-testid="editor-tab-business">
                  {t("editor.tabs.business")}
                </TabsTrigger>
                <TabsTrigger value="design" data-testid="editor-tab-design">
                  {t("editor.tabs.design")}
                </TabsTrigger>
                {languages.length > 1 ? (
                  <TabsTrigger value="languages" data-testid="editor-tab-languages">
                    {t("editor.tabs.languages")}
                  </TabsTrigger>
                ) : null}
                <TabsTrigger value="history" data-testid="editor-tab-history">
                  {t("editor.tabs.history")}
                </TabsTrigger>
              </TabsList>
              <TabsContent value="sections">
                <SectionsPanel />
              </TabsContent>
              <TabsContent value="photos">
                <MediaPanel />
              </TabsContent>
              <TabsContent value="business">
                <BusinessPanel />
              </TabsContent>
              <TabsContent value="design">
                <DesignPanel />
              </TabsContent>
              {languages.length > 1 ? (
                <TabsContent value="languages">
                  <LanguagesPanel onEdit={setLang} />
                </TabsContent>
              ) : null}
              <TabsContent value="history">
                <HistoryPanel
                  publishedRevision={autosave.publishedRevision}
                  onRestored={(draft) => {
                    setPreviewing(null);
                    autosave.replace(draft);
                  }}
                  onPreview={(revision) =>
                    void fetchRevision(id, revision)
                      .then((content) => setPreviewing({ revision, content }))
                      .catch((error) =>
                        toast({ title: errorText(error, t("editor.loadFailed")), variant: "destructive" }),
                      )
                  }
                />
              </TabsContent>
            </Tabs>
          </div>
          <div className="order-1 flex h-[60dvh] flex-col lg:order-2 lg:h-[calc(100dvh-12rem)]">
            {previewing ? (
              <div
                className="mb-2 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-muted px-3 py-2 text-sm"
                data-testid="editor-revision-banner"
              >
                <span>{t("editor.history.previewing", { n: previewing.revision })}</span>
                <Button size="sm" variant="outline" onClick={() => setPreviewing(null)}>
                  {t("editor.history.backToDraft")}
                </Button>
              </div>
            ) : null}
            <div className="min-h-0 flex-1">
              <LivePreview
                websiteId={id}
                store={store}
                lang={lang}
                device={device}
                onUndo={undo}
                onRedo={redo}
                old={previewing?.content ?? null}
              />
            </div>
          </div>
        </div>
      </div>
      <ConflictDialog
        open={autosave.status === "conflict"}
        onReload={() => void autosave.reload()}
        onKeepMine={() => void autosave.keepMine()}
      />
    </EditorContext.Provider>
  );
}

/** /websites/:id/edit: the owner changes the generated site visually and publishes when ready. */
export default function SiteEditorPage({ id }: { id: string }) {
  const { t } = useTranslation("websites");
  const query = useQuery({
    queryKey: ["website-draft", id],
    queryFn: ({ signal }) => fetchDraft(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (query.isLoading) {
    return (
      <div className="grid gap-4 lg:grid-cols-[380px_1fr]" data-testid="site-editor-loading">
        <Skeleton className="h-96" />
        <Skeleton className="h-[60dvh]" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Alert variant="destructive" className="items-center justify-between">
        <span>
          {getErrorStatus(query.error) === 404 ? t("settings.notFoundTitle") : t("editor.loadFailed")}
        </span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t("grid.retry")}
        </Button>
      </Alert>
    );
  }
  return <Editor id={id} loaded={query.data} />;
}
