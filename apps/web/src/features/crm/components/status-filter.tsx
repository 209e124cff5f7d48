import type { TContactCounts } from "@shobai/shared";
import { CONTACT_STATUSES } from "@shobai/shared/constants";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import type { ContactStatusFilter } from "../api/get-contacts";
import { StatusDot } from "./status-dot";

const FILTERS: ContactStatusFilter[] = ["all", ...CONTACT_STATUSES];

/**
 * The status filter as chips with their counts (all, then the pipeline in order). On a phone the
 * row scrolls sideways inside itself rather than widening the page.
 */
export function StatusFilter({
  value,
  onChange,
  counts,
}: {
  value: ContactStatusFilter;
  onChange: (status: ContactStatusFilter) => void;
  counts: TContactCounts | undefined;
}) {
  const { t } = useTranslation("crm");
  return (
    <fieldset
      aria-label={t("filter.label")}
      data-testid="crm-status-filter"
      data-value={value}
      className="m-0 -mx-4 flex min-w-0 gap-2 border-0 pt-0 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {FILTERS.map((status) => {
        const selected = value === status;
        const count = counts ? (status === "all" ? counts.total : (counts.byStatus[status] ?? 0)) : undefined;
        return (
          <button
            key={status}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(status)}
            data-testid={`crm-status-filter-${status}`}
            className={cn(
              "inline-flex h-9 shrink-0 cursor-pointer items-center gap-2 rounded-full border px-3.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              selected
                ? "border-primary bg-primary text-primary-foreground shadow-sm"
                : "border-border bg-background text-foreground hover:bg-muted",
            )}
          >
            {status === "all" ? null : (
              <StatusDot status={status} className={selected ? "ring-2 ring-white/70" : undefined} />
            )}
            {status === "all" ? t("filter.all") : t(`status.${status}`)}
            {count === undefined ? (
              <Skeleton className="h-4 w-5 rounded-full" />
            ) : (
              <span
                data-testid={`crm-count-${status}`}
                className={cn(
                  "min-w-5 rounded-full px-1.5 text-center text-xs leading-5 tabular-nums",
                  selected ? "bg-white/20" : "bg-muted text-muted-foreground",
                )}
              >
                {formatNumber(count)}
              </span>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}
