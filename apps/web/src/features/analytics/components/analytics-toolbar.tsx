import type { TAnalyticsRange } from "@shobai/shared";
import { ANALYTICS_RANGES } from "@shobai/shared/constants";
import { CalendarRange, Globe } from "lucide-react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useTranslation } from "@/lib/use-translation";

interface AnalyticsToolbarProps {
  websites: { id: string; name: string }[];
  websiteId: string;
  onWebsiteChange: (id: string) => void;
  range: TAnalyticsRange;
  onRangeChange: (range: TAnalyticsRange) => void;
}

function isRange(value: string): value is TAnalyticsRange {
  return (ANALYTICS_RANGES as readonly string[]).includes(value);
}

/** Spec §2: which website, and over which range (7, 30 or 90 days). */
export function AnalyticsToolbar({
  websites,
  websiteId,
  onWebsiteChange,
  range,
  onRangeChange,
}: AnalyticsToolbarProps) {
  const { t } = useTranslation("analytics");
  return (
    <div className="grid grid-cols-1 gap-3 sm:flex sm:flex-wrap sm:items-center">
      <Select value={websiteId} onValueChange={onWebsiteChange}>
        <SelectTrigger
          className="sm:w-72"
          aria-label={t("toolbar.website")}
          data-testid="analytics-website-select"
        >
          <span className="flex min-w-0 items-center gap-2">
            <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="truncate">
              <SelectValue />
            </span>
          </span>
        </SelectTrigger>
        <SelectContent>
          {websites.map((website) => (
            <SelectItem key={website.id} value={website.id}>
              {website.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={range} onValueChange={(value) => isRange(value) && onRangeChange(value)}>
        <SelectTrigger
          className="sm:w-48"
          aria-label={t("toolbar.range")}
          data-testid="analytics-range-select"
        >
          <span className="flex min-w-0 items-center gap-2">
            <CalendarRange className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="truncate">
              <SelectValue />
            </span>
          </span>
        </SelectTrigger>
        <SelectContent>
          {ANALYTICS_RANGES.map((value) => (
            <SelectItem key={value} value={value} data-testid={`analytics-range-${value}`}>
              {t(`ranges.${value}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
