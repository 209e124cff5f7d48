import { TOAST_DURATION, useToast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";

/** Spec §9: 5000 ms, swipe right past 50 px to dismiss, F8 focuses the viewport. */
export function Toaster() {
  const { toasts } = useToast();
  const { t } = useTranslation("common");
  return (
    <ToastProvider
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={50}
      label={t("toast.region")}
    >
      {toasts.map(({ id, title, description, action, variant, duration, open, onOpenChange }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={onOpenChange}
          data-testid="toast"
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose aria-label={t("toast.close")} />
        </Toast>
      ))}
      <ToastViewport hotkey={["F8"]} />
    </ToastProvider>
  );
}
