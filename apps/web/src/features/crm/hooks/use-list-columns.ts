import { useCallback, useState } from "react";

const STORAGE_KEY = "shobai:crm:list-columns";

function readColumns(): string[] {
  try {
    const raw = typeof window === "undefined" ? null : window.localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string").slice(0, 50) : [];
  } catch {
    return []; // storage refused (private mode) or unreadable: no extra columns
  }
}

/**
 * The custom fields the owner chose to see as list columns, remembered in this browser (a view
 * preference, nothing the server needs).
 */
export function useListColumns(): [string[], (fieldId: string, shown: boolean) => void] {
  const [columns, setColumns] = useState<string[]>(readColumns);
  const toggle = useCallback((fieldId: string, shown: boolean) => {
    setColumns((current) => {
      const next = shown ? [...new Set([...current, fieldId])] : current.filter((id) => id !== fieldId);
      try {
        window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Not remembered; the choice still holds on this page.
      }
      return next;
    });
  }, []);
  return [columns, toggle];
}
