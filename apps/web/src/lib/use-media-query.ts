import { useCallback, useSyncExternalStore } from "react";

/** Whether a CSS media query matches now; true where matchMedia is missing (tests, old browsers). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  const getSnapshot = () =>
    typeof window.matchMedia === "function" ? window.matchMedia(query).matches : true;
  return useSyncExternalStore(subscribe, getSnapshot, () => true);
}

/** The width (Tailwind's lg) from which the full navigation fits in the header. */
export const DESKTOP_QUERY = "(min-width: 1024px)";
