import type { TContactTag, TContactTagColor } from "@shobai/shared";
import { X } from "lucide-react";
import { cn } from "@/lib/cn";

/** Soft tints that keep AA contrast for the text on them. */
const TINT: Record<TContactTagColor, string> = {
  gray: "bg-slate-100 text-slate-700 ring-slate-200",
  red: "bg-red-50 text-red-700 ring-red-200",
  orange: "bg-orange-50 text-orange-800 ring-orange-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  teal: "bg-teal-50 text-teal-800 ring-teal-200",
  blue: "bg-blue-50 text-blue-700 ring-blue-200",
  violet: "bg-violet-50 text-violet-700 ring-violet-200",
  pink: "bg-pink-50 text-pink-700 ring-pink-200",
};

/** A tag in its colour; with `onRemove`, a × button that says which tag it removes. */
export function TagChip({
  tag,
  onRemove,
  removeLabel,
  className,
}: {
  tag: Pick<TContactTag, "name" | "color">;
  onRemove?: () => void;
  removeLabel?: string;
  className?: string;
}) {
  return (
    <span
      data-testid="crm-tag"
      data-tag-color={tag.color}
      className={cn(
        "inline-flex max-w-40 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        TINT[tag.color],
        className,
      )}
    >
      <span className="truncate">{tag.name}</span>
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel}
          className="-mr-1 rounded-full p-0.5 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="size-3" aria-hidden />
        </button>
      ) : null}
    </span>
  );
}
