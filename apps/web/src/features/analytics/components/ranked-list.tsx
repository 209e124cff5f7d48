import { formatNumber } from "@/lib/format";

export interface RankedItem {
  key: string;
  label: string;
  value: number;
  /** Set for labels in another language, so screen readers pronounce them right. */
  lang?: string;
}

interface RankedListProps {
  items: RankedItem[];
  language: string;
  empty: string;
  /** Names the list for assistive technology and tests. */
  testId: string;
  color?: string;
}

/** Names with their counts and a bar relative to the largest, most first. */
export function RankedList({ items, language, empty, testId, color }: RankedListProps) {
  if (items.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  const max = Math.max(...items.map((i) => i.value), 1);
  return (
    <ul className="flex flex-col gap-3" data-testid={testId}>
      {items.map((item) => (
        <li key={item.key} className="flex flex-col gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate" lang={item.lang} title={item.label}>
              {item.label}
            </span>
            <span className="shrink-0 font-medium tabular-nums">{formatNumber(item.value, language)}</span>
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${(item.value / max) * 100}%`, backgroundColor: color }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
