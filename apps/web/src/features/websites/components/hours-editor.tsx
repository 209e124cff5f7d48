import type { TOpeningHoursInput, TOpeningPeriod } from "@shobai/shared";
import { Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useTranslation } from "@/lib/use-translation";
import { useRowKeys } from "../hooks/use-row-keys";
import { DayToggles } from "./day-toggles";

const EMPTY_HOURS: TOpeningHoursInput = {
  periods: [],
  closedDays: [],
  closedOnHolidays: false,
  openEveryDay: false,
  notes: [],
};

/** Opening hours as data: rows of days and times, closed days, holidays; notes are kept as read. */
export function HoursEditor({
  value,
  onChange,
}: {
  value: TOpeningHoursInput | null;
  onChange: (hours: TOpeningHoursInput | null) => void;
}) {
  const { t } = useTranslation("websites");
  const hours = value ?? EMPTY_HOURS;
  const periods = (hours.periods ?? []) as TOpeningPeriod[];
  const { keys, remove } = useRowKeys(periods.length);
  const update = (patch: Partial<TOpeningHoursInput>) => onChange({ ...hours, ...patch });
  const setPeriod = (i: number, patch: Partial<TOpeningPeriod>) =>
    update({ periods: periods.map((p, j) => (j === i ? { ...p, ...patch } : p)) });

  return (
    <fieldset className="m-0 grid min-w-0 gap-3 border-0 p-0" data-testid="facts-hours">
      <legend className="mb-1 text-sm font-medium">{t("facts.hours")}</legend>
      {periods.map((period, i) => (
        <div
          key={keys[i]}
          className="grid grid-cols-[1fr_auto] gap-2 rounded-lg border border-border bg-background p-3"
          data-testid="facts-period"
        >
          <div className="grid gap-2">
            <DayToggles
              value={period.days ?? []}
              onChange={(days) => setPeriod(i, { days })}
              label={t("facts.days")}
              testId={`facts-period-days-${i}`}
            />
            <div className="flex flex-wrap items-center gap-2">
              <Input
                type="time"
                className="w-32"
                aria-label={t("facts.opens")}
                data-testid={`facts-period-opens-${i}`}
                value={period.opens}
                onChange={(e) => setPeriod(i, { opens: e.target.value })}
              />
              <span aria-hidden>–</span>
              <Input
                type="time"
                className="w-32"
                aria-label={t("facts.closes")}
                data-testid={`facts-period-closes-${i}`}
                value={period.closes ?? ""}
                onChange={(e) => setPeriod(i, { closes: e.target.value || null })}
              />
            </div>
            <p className="text-xs text-muted-foreground">{t("facts.daysHint")}</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={t("facts.removeHours")}
            onClick={() => {
              remove(i);
              update({ periods: periods.filter((_, j) => j !== i) });
            }}
          >
            <X aria-hidden />
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          data-testid="facts-add-hours"
          onClick={() => update({ periods: [...periods, { days: [], opens: "09:00", closes: "18:00" }] })}
        >
          <Plus aria-hidden />
          {t("facts.addHours")}
        </Button>
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium">{t("facts.closedDays")}</span>
        <div className="flex flex-wrap items-center gap-3">
          <DayToggles
            value={hours.closedDays ?? []}
            onChange={(closedDays) =>
              update({ closedDays, openEveryDay: closedDays.length === 0 && hours.openEveryDay })
            }
            label={t("facts.closedDays")}
            testId="facts-closed-days"
          />
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              checked={hours.closedOnHolidays ?? false}
              onChange={(e) => update({ closedOnHolidays: e.target.checked })}
              data-testid="facts-closed-holidays"
            />
            {t("facts.holidays")}
          </label>
        </div>
      </div>
      {(hours.notes ?? []).length > 0 ? (
        <p className="text-xs text-muted-foreground">
          {t("facts.notes", { notes: (hours.notes ?? []).join(" / ") })}
        </p>
      ) : null}
    </fieldset>
  );
}
