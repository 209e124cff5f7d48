import { MessageCircle, X } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "@/lib/hydration";
import { OPEN_SUPPORT_CHAT_EVENT } from "@/lib/open-chat";
import { useTranslation } from "@/lib/use-translation";

const loadPanel = () => import("./chat-panel");
// Only this round button is in the first bundle; the panel, its answers and matcher load on demand.
const ChatPanel = lazy(loadPanel);

/** Spec §2: the support chat, a floating button at the bottom right of every page; closed at first. */
export function SupportChat() {
  // Only the button is on every page: its two labels live in `common`, the chat texts load with the panel.
  const { t } = useTranslation("common");
  const [open, setOpen] = useState(false);
  // Once opened the panel stays mounted (hidden when closed), so the conversation survives.
  const [started, setStarted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    const openFromPage = () => {
      setStarted(true);
      setOpen(true);
    };
    window.addEventListener(OPEN_SUPPORT_CHAT_EVENT, openFromPage);
    return () => window.removeEventListener(OPEN_SUPPORT_CHAT_EVENT, openFromPage);
  }, []);

  // Not in prerendered HTML: a button that cannot open anything until the script runs is worse than none.
  const hydrated = useHydrated();

  function toggle() {
    setStarted(true);
    setOpen((value) => !value);
  }

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  if (!hydrated) return null;
  return (
    <>
      {started ? (
        <Suspense fallback={null}>
          <ChatPanel id={panelId} open={open} onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        onClick={toggle}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? t("chatButton.close") : t("chatButton.open")}
        title={open ? t("chatButton.close") : t("chatButton.open")}
        data-testid="chat-button"
        className="fixed right-4 bottom-[calc(1rem+var(--consent-banner-space,0px))] z-40 inline-flex sm:bottom-4 size-12 cursor-pointer items-center justify-center rounded-full bg-primary text-primary-foreground shadow-popover transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:size-14 print:hidden [&_svg]:size-6"
      >
        {open ? <X aria-hidden="true" /> : <MessageCircle aria-hidden="true" />}
      </button>
    </>
  );
}
