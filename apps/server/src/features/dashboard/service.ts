import type { TDashboardStats } from "@shobai/shared";
import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contacts, websites } from "../../db/schema/index";
import { dayStart, monthStart, tokyoDay } from "../../lib/tokyo-days";
import type { AnalyticsService } from "../analytics/service";

export type DashboardDeps = {
  db: Database;
  analytics: AnalyticsService;
  /** Emails the owner has sent; the email feature provides it. */
  countEmailsSent?: (ownerId: string) => Promise<number>;
  now?: () => Date;
};

export function createDashboardService(deps: DashboardDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    /** Both of the spec's readings of the dashboard figures; "this month" is the Tokyo calendar month. */
    async stats(ownerId: string): Promise<TDashboardStats> {
      const monthBegan = dayStart(monthStart(tokyoDay(now())));
      const [[sites], [people], traffic, totalEmails] = await Promise.all([
        db
          .select({
            total: count(),
            active: sql<number>`count(*) FILTER (WHERE ${websites.isPublished})::int`,
          })
          .from(websites)
          .where(eq(websites.ownerId, ownerId)),
        db
          .select({
            total: count(),
            month: sql<number>`count(*) FILTER (WHERE ${contacts.createdAt} >= ${monthBegan.toISOString()}::timestamptz)::int`,
          })
          .from(contacts)
          .where(eq(contacts.ownerId, ownerId)),
        deps.analytics.ownerTraffic(ownerId),
        deps.countEmailsSent ? deps.countEmailsSent(ownerId) : Promise.resolve(0),
      ]);
      const monthlyVisits = traffic.monthlyVisits;
      return {
        totalWebsites: Number(sites?.total ?? 0),
        activeWebsites: Number(sites?.active ?? 0),
        totalContacts: Number(people?.total ?? 0),
        monthlyLeads: Number(people?.month ?? 0),
        monthlyVisits,
        conversionRate:
          monthlyVisits > 0 ? Math.round((traffic.monthlyConversions / monthlyVisits) * 1000) / 10 : 0,
        totalVisitors: traffic.totalVisitors,
        totalPageviews: traffic.totalPageviews,
        totalEmails,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
