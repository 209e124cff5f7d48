import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";

interface StatTileProps {
  label: string;
  value: string;
  icon: LucideIcon;
  /** `analytics-stat-{testId}` marks the figure itself. */
  testId: string;
  hint?: string;
  className?: string;
}

/** One headline figure of a report. */
export function StatTile({ label, value, icon: Icon, testId, hint, className }: StatTileProps) {
  return (
    <Card className={cn("flex min-w-0 flex-col p-4", className)}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </div>
      <p className="mt-1.5 text-2xl font-bold tabular-nums" data-testid={`analytics-stat-${testId}`}>
        {value}
      </p>
      {hint ? <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}
