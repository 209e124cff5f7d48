import {
  cloneElement,
  Fragment,
  type ReactElement,
  type ReactNode,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from "react";
import { i18n } from "./i18n";
import type { TFunction, TOptions } from "./i18n-engine";

export type { TFunction } from "./i18n-engine";

/**
 * The interface texts of `namespaces` (the first is searched first; `ns:key` picks one). Re-renders
 * when the language changes or texts arrive; `ready` is false until its namespaces are loaded.
 */
export function useTranslation(namespaces?: string | readonly string[]) {
  const list =
    namespaces === undefined
      ? [i18n.defaultNamespace]
      : typeof namespaces === "string"
        ? [namespaces]
        : namespaces;
  const key = list.join(",");
  for (const ns of list) i18n.usedNamespaces.add(ns);
  // Re-render only when this component's answer can change: another language, or its own
  // namespaces arriving (not whenever some other screen's texts load).
  const snapshot = () => `${i18n.language}|${list.every((ns) => i18n.hasLoadedNamespace(ns)) ? "ready" : ""}`;
  const state = useSyncExternalStore(i18n.subscribe, snapshot, snapshot);
  const ready = state.endsWith("|ready");
  useEffect(() => {
    if (!ready) void i18n.loadNamespaces(key.split(","));
  }, [ready, key]);
  // A new function when that happens, so memoised children follow the language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: state is the signal that the texts changed
  const t = useMemo(() => i18n.getFixedT(null, key.split(",")), [key, state]);
  return { t, i18n, ready };
}

/**
 * A text with markup in it: `<0>{{date}}</0>` in the text becomes `components[0]` holding the
 * interpolated inner text. Keeps tags out of the translations' hands while letting them move.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: TOptions;
  components: ReactElement[];
}): ReactNode {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  const tag = /<(\d+)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const component = components[Number(match[1])];
    parts.push(component ? cloneElement(component, { key: parts.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
