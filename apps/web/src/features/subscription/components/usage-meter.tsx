import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";

interface UsageMeterProps {
  id: string;
  label: string;
  count: number;
  limit: number;
  /** Said under the bar once the limit is reached. */
  fullHint?: string;
}

/** "2 / 3" with a bar that turns amber at the limit. */
export function UsageMeter({ id, label, count, limit, fullHint }: UsageMeterProps) {
  const { t, i18n } = useTranslation("subscription");
  const full = count >= limit;
  const percent = Math.min(100, Math.round((count / Math.max(1, limit)) * 100));
  const labelId = `usage-${id}-label`;
  return (
    <div className="grid gap-2" data-testid={`usage-${id}`} data-full={full || undefined}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="text-muted-foreground">
          {label}
        </span>
        <span className="font-semibold tabular-nums" data-testid={`usage-${id}-value`}>
          {t("current.usageValue", {
            count: formatNumber(count, i18n.language),
            limit: formatNumber(limit, i18n.language),
          })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(count, limit)}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn("h-full rounded-full transition-[width]", full ? "bg-amber-500" : "bg-primary")}
          style={{ width: `${percent}%` }}
        />
      </div>
      {full && fullHint ? <p className="text-xs text-amber-800">{fullHint}</p> : null}
    </div>
  );
}
