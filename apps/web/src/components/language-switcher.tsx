import { LANGUAGE_NATIVE_NAMES } from "@shobai/shared/constants";
import { ChevronDown, Globe } from "lucide-react";
import { type KeyboardEvent, Suspense, useRef, useState } from "react";
import { SELECT_TRIGGER_CLASS } from "@/components/ui/select-trigger-class";
import { useSetLanguage } from "@/hooks/use-set-language";
import { cn } from "@/lib/cn";
import { onDemand } from "@/lib/on-demand";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";

// The Radix select (with its positioning engine) is fetched when the visitor reaches for it:
// every public page shows this switcher, and most visitors never open it.
const { Component: LanguageSelect, preloadProps } = onDemand(() =>
  import("@/components/ui/language-select").then((m) => m.LanguageSelect),
);

interface LanguageSwitcherProps {
  compact?: boolean;
  /** Accessible name; defaults to "Language" in the interface language. */
  label?: string;
  testId?: string;
  className?: string;
}

export function LanguageSwitcher({
  compact,
  label,
  testId = "language-select",
  className,
}: LanguageSwitcherProps) {
  const { t } = useTranslation("common");
  const language = useCurrentLanguage();
  const setLanguage = useSetLanguage();
  const [live, setLive] = useState(false);
  const placeholder = useRef<HTMLButtonElement>(null);
  const name = label ?? t("language.label");

  const standIn = (
    <button
      ref={placeholder}
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-label={name}
      data-testid={testId}
      className={cn(
        SELECT_TRIGGER_CLASS,
        compact ? "h-9 w-auto gap-1.5 px-2.5" : "w-full sm:w-56",
        className,
      )}
      {...preloadProps}
      onClick={() => setLive(true)}
      onKeyDown={(event: KeyboardEvent) => {
        if (["Enter", " ", "ArrowDown", "ArrowUp"].includes(event.key)) {
          event.preventDefault();
          setLive(true);
        }
      }}
    >
      <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      {compact ? (
        <span className="text-sm font-medium uppercase">{language}</span>
      ) : (
        <>
          <span className="flex-1 truncate text-left">{LANGUAGE_NATIVE_NAMES[language]}</span>
          <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        </>
      )}
    </button>
  );

  if (!live) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LanguageSelect
        defaultOpen
        value={language}
        onValueChange={(next) => void setLanguage(next)}
        label={name}
        compact={compact}
        testId={testId}
        className={className}
      />
    </Suspense>
  );
}
