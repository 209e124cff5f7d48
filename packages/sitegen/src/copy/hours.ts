import type { TClosedDay, THoursRange } from "./types.ts";

/** Shared hour formatting: each language passes its day names and words. */
export function formatHours(
  ranges: THoursRange[],
  closed: TClosedDay[],
  everyDay: boolean,
  words: { days: string[]; holidays: string; closed: string; everyDay: string; dash: string; join: string },
): string[] {
  const lines = ranges.map((r) => `${r.opens}${words.dash}${r.closes}`);
  if (closed.length > 0) {
    const names = closed.map((d) => (d === "holidays" ? words.holidays : (words.days[d] ?? "")));
    lines.push(`${words.closed}${names.join(words.join)}`);
  } else if (everyDay) {
    lines.push(words.everyDay);
  }
  return lines;
}
