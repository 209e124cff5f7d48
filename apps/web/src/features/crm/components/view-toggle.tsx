import { Columns3, List } from "lucide-react";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";

export type CrmView = "list" | "board";

const VIEWS = [
  { view: "list", icon: List },
  { view: "board", icon: Columns3 },
] as const;

/** List or pipeline board: a two-button segmented control. */
export function ViewToggle({ value, onChange }: { value: CrmView; onChange: (view: CrmView) => void }) {
  const { t } = useTranslation("crm");
  return (
    <fieldset
      aria-label={t("view.label")}
      className="m-0 inline-flex h-10 min-w-0 shrink-0 border-0 items-center gap-1 rounded-lg bg-muted p-1"
    >
      {VIEWS.map(({ view, icon: Icon }) => (
        <button
          key={view}
          type="button"
          aria-pressed={value === view}
          onClick={() => onChange(view)}
          data-testid={`crm-view-${view}`}
          className={cn(
            "inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md px-2.5 sm:px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
            value === view && "bg-background text-foreground shadow-card",
          )}
        >
          <Icon className="size-4" aria-hidden />
          <span className="sr-only sm:not-sr-only">{t(`view.${view}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}
