import { type RefObject, useRef } from "react";

type AutoFocusEvent = Event;

/**
 * Where focus goes when a dialog or sheet closes. Radix returns it to its own Trigger only; our
 * dialogs are often opened by a plain button (or a menu item, a row), and focus then fell to
 * <body> (WCAG 2.4.3). This remembers what had focus when the dialog opened and returns there, or
 * to `returnFocus` when given (the opener may be gone or disabled by then, as the Import button
 * is while a file is read).
 */
export function useReturnFocus({
  returnFocus,
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  returnFocus?: RefObject<HTMLElement | null> | undefined;
  onOpenAutoFocus?: ((event: AutoFocusEvent) => void) | undefined;
  onCloseAutoFocus?: ((event: AutoFocusEvent) => void) | undefined;
}) {
  const opener = useRef<HTMLElement | null>(null);
  const focusable = (element: HTMLElement | null | undefined): element is HTMLElement =>
    Boolean(
      element && element !== document.body && element.isConnected && !(element as HTMLButtonElement).disabled,
    );
  return {
    onOpenAutoFocus(event: AutoFocusEvent) {
      // Called before focus moves into the dialog: what has focus now opened it.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: AutoFocusEvent) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = [returnFocus?.current, opener.current].find(focusable);
      if (!target) return;
      event.preventDefault();
      target.focus({ preventScroll: false });
    },
  };
}
