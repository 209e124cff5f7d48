import type { TContactTag } from "@shobai/shared";
import { Check } from "lucide-react";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";

/** Tag chips that narrow the list: every pressed tag must be on a contact. */
export function TagFilter({
  tags,
  value,
  onChange,
}: {
  tags: TContactTag[];
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const { t } = useTranslation("crm");
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5" data-testid="crm-tag-filter">
      <legend className="sr-only">{t("tags.filterLabel")}</legend>
      <span className="mr-1 text-xs text-muted-foreground" aria-hidden>
        {t("tags.title")}
      </span>
      {tags.map((tag) => {
        const on = value.includes(tag.id);
        return (
          <button
            key={tag.id}
            type="button"
            aria-pressed={on}
            data-testid="crm-tag-filter-option"
            onClick={() => onChange(on ? value.filter((id) => id !== tag.id) : [...value, tag.id])}
            className={cn(
              "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
              on
                ? "border-primary bg-primary text-primary-foreground"
                : "border-border bg-background text-foreground hover:bg-surface",
            )}
          >
            {on ? <Check className="size-3" aria-hidden /> : null}
            {tag.name}
          </button>
        );
      })}
    </fieldset>
  );
}
