import type { TContactStatus } from "@shobai/shared";

/**
 * One calm tone per pipeline stage: a coloured dot and soft chip, never a loud fill. The order
 * runs from the accent indigo (new) through amber and violet to green (won) and grey (closed).
 */
export const STATUS_STYLE: Record<TContactStatus, { dot: string; soft: string; bar: string }> = {
  new: { dot: "bg-brand-500", soft: "bg-brand-50 text-brand-800", bar: "bg-brand-500" },
  active: { dot: "bg-amber-500", soft: "bg-amber-50 text-amber-900", bar: "bg-amber-500" },
  qualified: { dot: "bg-violet-500", soft: "bg-violet-50 text-violet-900", bar: "bg-violet-500" },
  converted: { dot: "bg-emerald-600", soft: "bg-success-soft text-success", bar: "bg-emerald-600" },
  closed: { dot: "bg-slate-400", soft: "bg-muted text-muted-foreground", bar: "bg-slate-400" },
};
