import { useRef } from "react";

let next = 0;

/**
 * Stable React keys for rows that have no id of their own (items, opening hours): a row keeps its
 * key while others are added or removed, so an input being typed in keeps its focus.
 */
export function useRowKeys(length: number) {
  const keys = useRef<number[]>([]);
  while (keys.current.length < length) keys.current.push(next++);
  if (keys.current.length > length) keys.current = keys.current.slice(0, length);
  return {
    keys: keys.current,
    /** Call before removing row `index` from the data. */
    remove(index: number) {
      keys.current = keys.current.filter((_, i) => i !== index);
    },
  };
}
