import { LANGUAGE_NATIVE_NAMES, LANGUAGES, type TLanguage } from "@shobai/shared/constants";
import { Check } from "lucide-react";
import { FieldError } from "@/components/ui/field-error";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";
import { toggleLanguage } from "../language-order";

/**
 * The six site languages as tickable chips. The order of ticking is kept: the first ticked is
 * the site's default language, and is marked so.
 */
export function LanguageCheckboxes({
  value,
  onChange,
  disabled,
  testIdPrefix,
  legend,
  hint,
  error,
}: {
  value: TLanguage[];
  onChange: (next: TLanguage[]) => void;
  disabled?: boolean;
  testIdPrefix: string;
  legend: string;
  hint?: string;
  /** Why the choice was refused (none ticked), said under the chips; the group is described by it. */
  error?: string | null;
}) {
  const { t } = useTranslation("websites");
  const errorId = `${testIdPrefix}-error`;
  return (
    <fieldset
      className="grid gap-2"
      disabled={disabled}
      aria-describedby={error ? errorId : undefined}
      data-testid={`${testIdPrefix}-group`}
    >
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {LANGUAGES.map((language) => {
          const checked = value.includes(language);
          const isDefault = value[0] === language;
          return (
            <label
              key={language}
              className={cn(
                "relative inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
                checked
                  ? "border-brand-300 bg-brand-50 text-brand-900"
                  : "border-input bg-background text-foreground hover:bg-muted",
              )}
            >
              <input
                type="checkbox"
                className="peer sr-only"
                checked={checked}
                onChange={(event) => onChange(toggleLanguage(value, language, event.target.checked))}
                data-testid={`${testIdPrefix}-${language}`}
              />
              <span
                aria-hidden
                className={cn(
                  "grid size-4 place-items-center rounded-[4px] border",
                  checked
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-input bg-background",
                )}
              >
                {checked ? <Check className="size-3" strokeWidth={3} /> : null}
              </span>
              <span lang={language}>{LANGUAGE_NATIVE_NAMES[language]}</span>
              {isDefault ? (
                <span className="rounded bg-primary px-1.5 text-[0.6875rem] font-semibold leading-5 text-primary-foreground">
                  {t("languages.default")}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} testId={errorId} />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </fieldset>
  );
}
