import type { TLanguage } from "@shobai/shared";
import type { TSiteContent } from "@shobai/sitegen/editor";
import { createContext, useContext } from "react";
import { useStore } from "zustand";
import type { EditorStore } from "./editor-store";

export const EditorContext = createContext<{ store: EditorStore; lang: TLanguage; websiteId: string } | null>(
  null,
);

function useEditorContext() {
  const context = useContext(EditorContext);
  if (!context) throw new Error("the editor's panels need the EditorContext");
  return context;
}

const derived = new WeakMap<(site: TSiteContent) => unknown, WeakMap<TSiteContent, unknown>>();

/**
 * A value computed from the site, the same object for the same site: a selector must not return a
 * new array on every call (the store would see a change each time and redraw without end).
 */
export function useDerived<T>(compute: (site: TSiteContent) => T): T {
  return useSite((site) => {
    let cache = derived.get(compute);
    if (!cache) {
      cache = new WeakMap();
      derived.set(compute, cache);
    }
    if (!cache.has(site)) cache.set(site, compute(site));
    return cache.get(site) as T;
  });
}

/** A part of the site being edited; the component redraws only when that part changes. */
export function useSite<T>(select: (site: TSiteContent) => T): T {
  const { store } = useEditorContext();
  return useStore(store, (state) => select(state.site));
}

export function useChange() {
  return useStore(useEditorContext().store, (state) => state.change);
}

export const useEditingLanguage = () => useEditorContext().lang;

export const useWebsiteId = () => useEditorContext().websiteId;
