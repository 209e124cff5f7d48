/** Today as a Tokyo calendar day (yyyy-MM-dd): tasks are due on days in Tokyo, as the server counts them. */
export function tokyoToday(at: Date = new Date()): string {
  return at.toLocaleDateString("sv-SE", { timeZone: "Asia/Tokyo" });
}

/** A yyyy-MM-dd day as an instant at Tokyo noon, for date formatters in any time zone. */
export const dayInstant = (day: string) => `${day}T12:00:00+09:00`;
