/**
 * Calendar days in Asia/Tokyo, where the owners are. Japan has had no daylight saving time since
 * 1951, so a fixed +09:00 is exact. Days are "YYYY-MM-DD" strings.
 */
const OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function tokyoDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Tokyo day begins. */
export function dayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to && out.length < 1000; day = addDays(day, 1)) out.push(day);
  return out;
}

export function monthStart(day: string): string {
  return `${day.slice(0, 8)}01`;
}
