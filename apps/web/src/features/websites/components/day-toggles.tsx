import { cn } from "@/lib/cn";
import { useCurrentLanguage } from "@/lib/use-current-language";

/** Monday first, as shop signs in Japan list them. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** Short weekday names in the interface language (月, Mon, pon.), from Intl rather than a word list. */
function dayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
  // 2024-01-07 was a Sunday.
  return Array.from({ length: 7 }, (_, d) => format.format(Date.UTC(2024, 0, 7 + d)));
}

/** Seven pressed/unpressed buttons, one per weekday. */
export function DayToggles({
  value,
  onChange,
  label,
  testId,
}: {
  value: number[];
  onChange: (days: number[]) => void;
  label: string;
  testId: string;
}) {
  const language = useCurrentLanguage();
  const names = dayNames(language);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a fieldset of inputs
    <div role="group" aria-label={label} className="flex flex-wrap gap-1" data-testid={testId}>
      {WEEK.map((day) => {
        const on = value.includes(day);
        return (
          <button
            key={day}
            type="button"
            aria-pressed={on}
            data-day={day}
            onClick={() => onChange(on ? value.filter((d) => d !== day) : [...value, day].sort())}
            className={cn(
              "h-8 min-w-9 rounded-md border px-2 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              on
                ? "border-brand-300 bg-brand-50 text-brand-900"
                : "border-input bg-background text-muted-foreground hover:bg-muted",
            )}
          >
            {names[day]}
          </button>
        );
      })}
    </div>
  );
}
