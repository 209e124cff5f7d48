import { LANGUAGE_NATIVE_NAMES, LANGUAGES, type TLanguage } from "@shobai/shared/constants";
import { Globe } from "lucide-react";
import { cn } from "@/lib/cn";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";

interface LanguageSelectProps {
  value: TLanguage;
  onValueChange: (language: TLanguage) => void;
  /** Accessible name of the trigger ("Language" in the current language). */
  label: string;
  /** Only the language code on the trigger, for tight headers. */
  compact?: boolean;
  languages?: readonly TLanguage[];
  testId?: string;
  className?: string;
  /** Open at once (it replaced a stand-in button that was just pressed). */
  defaultOpen?: boolean;
}

/**
 * The six interface languages, each named in its own script. Options have role=option and
 * the native name as their accessible name, and data-testid `language-option-<code>`.
 */
export function LanguageSelect({
  value,
  onValueChange,
  label,
  compact = false,
  languages = LANGUAGES,
  testId = "language-select",
  className,
  defaultOpen,
}: LanguageSelectProps) {
  return (
    <Select
      value={value}
      defaultOpen={defaultOpen}
      onValueChange={(next) => onValueChange(next as TLanguage)}
    >
      <SelectTrigger
        aria-label={label}
        data-testid={testId}
        hideIcon={compact}
        className={cn(compact ? "h-9 w-auto gap-1.5 px-2.5" : "w-full sm:w-56", className)}
      >
        <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        {compact ? (
          <span className="text-sm font-medium uppercase">{value}</span>
        ) : (
          <span className="flex-1 truncate text-left">
            <SelectValue />
          </span>
        )}
      </SelectTrigger>
      <SelectContent align="end" className="min-w-44">
        {languages.map((language) => (
          <SelectItem
            key={language}
            value={language}
            lang={language}
            data-testid={`language-option-${language}`}
          >
            {LANGUAGE_NATIVE_NAMES[language]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
