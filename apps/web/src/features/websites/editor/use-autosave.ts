import { type TSiteContent, type TSiteDraft, ZEditableSite } from "@shobai/sitegen/editor";
import { useCallback, useEffect, useRef, useState } from "react";
import { getErrorCode, getErrorStatus } from "@/lib/api-error";
import { fetchDraft, publishDraft, saveDraft } from "./draft-api";
import { type EditorStore, resetSite } from "./editor-store";

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;
const RETRY_MS = 4000;

export type TSaveStatus = "saved" | "pending" | "saving" | "offline" | "invalid" | "conflict";

const backupKey = (id: string) => `shobai:editor:${id}`;

function writeBackup(id: string, revision: number, site: TSiteContent): void {
  try {
    localStorage.setItem(backupKey(id), JSON.stringify({ revision, site }));
  } catch {
    // A full or blocked storage only loses the reload backup; saving goes on.
  }
}

/** The unsaved draft of this browser, kept until the server has it (reloads, dropped connections). */
export function readBackup(id: string, revision: number): TSiteContent | null {
  try {
    const raw = localStorage.getItem(backupKey(id));
    if (!raw) return null;
    const backup = JSON.parse(raw) as { revision: number; site: unknown };
    if (backup.revision !== revision) return null;
    const parsed = ZEditableSite.safeParse(backup.site);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Saves the draft a moment after each change, against the revision it was loaded at. Another tab's
 * save in between makes the server refuse (409): nothing is overwritten and the owner chooses.
 */
export function useAutosave(id: string, store: EditorStore, loaded: TSiteDraft) {
  const revision = useRef(loaded.revision);
  const saved = useRef<TSiteContent>(loaded.content);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<Promise<void> | null>(null);
  const [status, setStatusState] = useState<TSaveStatus>("saved");
  const [savedAt, setSavedAt] = useState(loaded.savedAt);
  const [unpublished, setUnpublished] = useState(loaded.unpublishedChanges);
  const [publishedRevision, setPublishedRevision] = useState(loaded.publishedRevision);
  const statusRef = useRef<TSaveStatus>("saved");
  /** The ref is read right after awaits, before React has drawn the new state. */
  const setStatus = useCallback((next: TSaveStatus) => {
    statusRef.current = next;
    setStatusState(next);
  }, []);

  const adopt = useCallback((draft: TSiteDraft) => {
    revision.current = draft.revision;
    setSavedAt(draft.savedAt);
    setUnpublished(draft.unpublishedChanges);
    setPublishedRevision(draft.publishedRevision);
  }, []);

  const save = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (running.current) await running.current;
    if (statusRef.current === "conflict") return;
    const site = store.getState().site;
    if (site === saved.current) {
      setStatus("saved");
      return;
    }
    if (!ZEditableSite.safeParse(site).success) {
      setStatus("invalid");
      return;
    }
    setStatus("saving");
    running.current = (async () => {
      try {
        const draft = await saveDraft(id, revision.current, site);
        saved.current = site;
        adopt(draft);
        if (store.getState().site === site) {
          localStorage.removeItem(backupKey(id));
          setStatus("saved");
        } else {
          // Typed while saving: the backup now stands on the new revision.
          writeBackup(id, draft.revision, store.getState().site);
          setStatus("pending");
          timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
        }
      } catch (error) {
        if (getErrorStatus(error) === 409 && getErrorCode(error) === "revision_conflict")
          setStatus("conflict");
        else if (getErrorStatus(error) === 400) setStatus("invalid");
        else {
          setStatus("offline");
          timer.current = setTimeout(() => void save(), RETRY_MS);
        }
      } finally {
        running.current = null;
      }
    })();
    await running.current;
  }, [id, store, adopt, setStatus]);

  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (state.site === previous.site) return;
        writeBackup(id, revision.current, state.site);
        if (statusRef.current === "conflict") return;
        setStatus("pending");
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
      }),
    [id, store, save, setStatus],
  );

  // A site restored from this browser's backup is saved at once.
  useEffect(() => {
    if (store.getState().site !== loaded.content) void save();
    return () => clearTimeout(timer.current);
  }, [store, loaded.content, save]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (statusRef.current !== "saved") event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, []);

  /** Conflict: take what the other tab saved (this tab's changes are dropped). */
  const reload = useCallback(async () => {
    const draft = await fetchDraft(id);
    saved.current = draft.content;
    resetSite(store, draft.content);
    localStorage.removeItem(backupKey(id));
    adopt(draft);
    setStatus("saved");
  }, [id, store, adopt, setStatus]);

  /** Conflict: save this tab's version over the other one, knowingly. */
  const keepMine = useCallback(async () => {
    const draft = await fetchDraft(id);
    revision.current = draft.revision;
    saved.current = draft.content;
    setStatus("pending");
    await save();
  }, [id, save, setStatus]);

  const publish = useCallback(async () => {
    await save();
    if (statusRef.current !== "saved") return false;
    try {
      adopt(await publishDraft(id, revision.current));
      return true;
    } catch (error) {
      if (getErrorStatus(error) === 409) setStatus("conflict");
      throw error;
    }
  }, [id, save, adopt, setStatus]);

  /** The server made a new draft (a restored revision): the editor starts from it. */
  const replace = useCallback(
    (draft: TSiteDraft) => {
      saved.current = draft.content;
      resetSite(store, draft.content);
      adopt(draft);
      setStatus("saved");
    },
    [store, adopt, setStatus],
  );

  return { status, savedAt, unpublished, publishedRevision, save, reload, keepMine, publish, replace };
}
