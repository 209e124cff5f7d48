import { type TSiteContent, trackTranslations } from "@shobai/sitegen/editor";
import { temporal } from "zundo";
import { createStore } from "zustand/vanilla";

export type EditorState = {
  site: TSiteContent;
  /** Every change of the session goes through here, so undo and redo see it. */
  change: (update: (site: TSiteContent) => TSiteContent) => void;
};

/** Keystrokes closer together than this are one step of undo. */
const TYPING_BURST_MS = 700;

/**
 * The editor's state: the site being edited, with its undo/redo history (zundo). A burst of typing
 * is one history step; replacing the site from the server (reload, restore) starts a new history.
 */
export function createEditorStore(initial: TSiteContent) {
  return createStore<EditorState>()(
    temporal(
      (set) => ({
        site: initial,
        // Each change also notes which translations it brings in step or leaves behind.
        change: (update) => set((state) => ({ site: trackTranslations(state.site, update(state.site)) })),
      }),
      {
        partialize: (state) => ({ site: state.site }),
        limit: 300,
        equality: (a, b) => a.site === b.site,
        handleSet: (handleSet) => {
          let last = 0;
          return (pastState, replace, currentState, delta) => {
            const now = Date.now();
            if (now - last > TYPING_BURST_MS) {
              (handleSet as (...args: unknown[]) => void)(pastState, replace, currentState, delta);
            }
            last = now;
          };
        },
      },
    ),
  );
}

export type EditorStore = ReturnType<typeof createEditorStore>;

/** Replaces the site (from the server) and forgets the history: its steps no longer apply. */
export function resetSite(store: EditorStore, site: TSiteContent): void {
  store.setState({ site });
  store.temporal.getState().clear();
}
