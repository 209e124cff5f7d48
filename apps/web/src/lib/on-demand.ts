import { type ComponentType, lazy } from "react";

/**
 * A component whose code is fetched when it is first wanted, not with the page (a dialog, a menu,
 * a select that most visitors never open). Spread `preloadProps` on the control that opens it: the
 * fetch starts as the visitor reaches for it (pointer over it, or focus), so it is usually here by
 * the click. Render `Component` inside a Suspense boundary once it is wanted.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  // The browser keeps each module once loaded, so calling `load` again costs nothing.
  const preload = () => void load();
  return {
    Component: lazy(() => load().then((component) => ({ default: component }))),
    preloadProps: { onPointerEnter: preload, onFocus: preload },
  };
}
