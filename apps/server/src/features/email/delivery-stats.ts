import { RANGE_DAYS, type TAnalyticsRange, type TDeliveryStats } from "@shobai/shared";
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailDeliveries } from "../../db/schema/index";
import { addDays, dayStart, daysBetween, tokyoDay } from "../../lib/tokyo-days";

/** What an owner's emails did: sent in all, and sent, opened and clicked per Tokyo day. */
export function createDeliveryStats({ db, now }: { db: Database; now: () => Date }) {
  return {
    /** Emails sent by an owner (campaigns and one-off), for the dashboard. */
    async countSent(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(emailDeliveries)
        .where(and(eq(emailDeliveries.ownerId, ownerId), eq(emailDeliveries.status, "sent")));
      return Number(row?.n ?? 0);
    },

    async deliveryStats(ownerId: string, range: TAnalyticsRange): Promise<TDeliveryStats> {
      const today = tokyoDay(now());
      const from = addDays(today, -(RANGE_DAYS[range] - 1));
      const since = dayStart(from).toISOString();
      const result = await db.execute(sql`
        SELECT day, sum(sent)::int AS sent, sum(opened)::int AS opened, sum(clicked)::int AS clicked FROM (
          SELECT to_char(sent_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD') AS day, 1 AS sent, 0 AS opened, 0 AS clicked
            FROM email_deliveries WHERE owner_id = ${ownerId} AND sent_at >= ${since}::timestamptz
          UNION ALL
          SELECT to_char(opened_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD'), 0, 1, 0
            FROM email_deliveries WHERE owner_id = ${ownerId} AND opened_at >= ${since}::timestamptz
          UNION ALL
          SELECT to_char(clicked_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD'), 0, 0, 1
            FROM email_deliveries WHERE owner_id = ${ownerId} AND clicked_at >= ${since}::timestamptz
        ) e GROUP BY day`);
      const byDay = new Map(
        (
          (result as { rows?: { day: string; sent: number; opened: number; clicked: number }[] }).rows ?? []
        ).map((r) => [r.day, r]),
      );
      const days = daysBetween(from, today);
      const series = (key: "sent" | "opened" | "clicked") =>
        days.map((date) => ({ date, value: Number(byDay.get(date)?.[key] ?? 0) }));
      const sent = series("sent");
      const opened = series("opened");
      const clicked = series("clicked");
      const total = (s: { value: number }[]) => s.reduce((n, p) => n + p.value, 0);
      return {
        from,
        to: today,
        sent,
        opened,
        clicked,
        totals: { sent: total(sent), opened: total(opened), clicked: total(clicked) },
      };
    },
  };
}
