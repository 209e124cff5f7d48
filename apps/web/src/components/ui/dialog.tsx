import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps, RefObject } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";
import { useReturnFocus } from "./return-focus";
import { Spinner } from "./spinner";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** The × in the top-right corner of a dialog or sheet. */
export function DialogCornerClose({ label }: { label: string }) {
  return (
    <DialogPrimitive.Close
      className="absolute top-4 right-4 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
      aria-label={label}
    >
      <X className="size-4" aria-hidden />
    </DialogPrimitive.Close>
  );
}

export function DialogContent({
  className,
  children,
  closeLabel,
  returnFocus,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  closeLabel: string;
  /** Where focus goes on closing when not back to what opened the dialog (return-focus.ts). */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const focus = useReturnFocus({ returnFocus, onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-background p-6 shadow-popover data-[state=open]:animate-zoom-in",
          className,
        )}
        {...props}
        {...focus}
      >
        {children}
        <DialogCornerClose label={closeLabel} />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2 pr-8", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />
  );
}

/**
 * A dialog form's footer: Cancel closes the dialog, the submit button shows a spinner while the
 * form is being sent; both wait while it is. `submitDisabled` keeps the submit button off for
 * another reason (nothing to send to); `destructive` for a form that deletes.
 */
export function DialogFormFooter({
  cancelLabel,
  submitLabel,
  pending,
  submitTestId,
  submitDisabled = false,
  destructive = false,
}: {
  cancelLabel: string;
  submitLabel: string;
  pending: boolean;
  submitTestId: string;
  submitDisabled?: boolean;
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button
        type="submit"
        variant={destructive ? "destructive" : "default"}
        data-testid={submitTestId}
        disabled={pending || submitDisabled}
      >
        {pending ? <Spinner /> : null}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
