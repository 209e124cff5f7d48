import type { TContactStatus } from "@shobai/shared";
import { CONTACT_STATUSES } from "@shobai/shared/constants";
import { Select, SelectContent, SelectItem, SelectTrigger } from "@/components/ui/select";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";
import { STATUS_STYLE } from "../status-style";
import { StatusDot } from "./status-dot";

interface StatusSelectProps {
  value: TContactStatus;
  onValueChange: (status: TContactStatus) => void;
  /** Accessible name, e.g. "Status of Taro Yamada". */
  label: string;
  testId?: string;
  size?: "sm" | "default";
  disabled?: boolean;
  className?: string;
}

/**
 * The pipeline stage of a contact as a select: a keyboard- and phone-friendly way to move it
 * (the board's drag and drop does the same). Options have data-testid `crm-status-option-<status>`.
 */
export function StatusSelect({
  value,
  onValueChange,
  label,
  testId,
  size = "default",
  disabled,
  className,
}: StatusSelectProps) {
  const { t } = useTranslation("crm");
  return (
    <Select value={value} onValueChange={(next) => onValueChange(next as TContactStatus)} disabled={disabled}>
      <SelectTrigger
        aria-label={label}
        data-testid={testId}
        data-status={value}
        className={cn(
          "gap-2 border-transparent font-medium shadow-none",
          STATUS_STYLE[value].soft,
          size === "sm" ? "h-8 px-2.5 text-[13px]" : "h-9 px-3",
          className,
        )}
      >
        <span className="flex min-w-0 items-center gap-2">
          <StatusDot status={value} />
          <span className="truncate">{t(`status.${value}`)}</span>
        </span>
      </SelectTrigger>
      <SelectContent>
        {CONTACT_STATUSES.map((status) => (
          <SelectItem key={status} value={status} data-testid={`crm-status-option-${status}`}>
            <span className="flex items-center gap-2">
              <StatusDot status={status} />
              {t(`status.${status}`)}
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
