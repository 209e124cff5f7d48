import {
  CONTACT_SOURCES,
  CONTACT_STATUSES,
  type TContactSource,
  type TContactStatus,
  type TDashboardStats,
  type TFirstRun,
} from "@shobai/shared";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  contactActivities,
  contacts,
  emailSenders,
  ownerNotices,
  websites,
  workspaceInvitations,
  workspaceMembers,
} from "../../db/schema/index";
import { dayStart, monthStart, tokyoDay } from "../../lib/tokyo-days";
import type { AnalyticsService } from "../analytics/service";

export type DashboardDeps = {
  db: Database;
  analytics: AnalyticsService;
  /** Emails the owner has sent; the email feature provides it. */
  countEmailsSent?: (ownerId: string) => Promise<number>;
  now?: () => Date;
};

/** Every key present, zero where nothing was counted. */
function tally<K extends string>(keys: readonly K[], rows: { key: string; n: number }[]): Record<K, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const row of rows)
    if ((keys as readonly string[]).includes(row.key)) out[row.key as K] = Number(row.n);
  return out;
}

export function createDashboardService(deps: DashboardDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function notices(ownerId: string) {
    const [row] = await db.select().from(ownerNotices).where(eq(ownerNotices.ownerId, ownerId));
    return row;
  }

  async function setNotice(
    ownerId: string,
    values: { enquiriesSeenAt?: Date; checklistDismissedAt?: Date | null },
  ): Promise<void> {
    const at = now();
    await db
      .insert(ownerNotices)
      .values({ ownerId, ...values, updatedAt: at })
      .onConflictDoUpdate({ target: ownerNotices.ownerId, set: { ...values, updatedAt: at } });
  }

  return {
    /**
     * The dashboard's figures, counted (issue 20): leads are contacts whose first source is a site
     * form and who first came in this Tokyo calendar month; the splits by source and status are
     * counts too, never a ratio.
     */
    async stats(ownerId: string): Promise<TDashboardStats> {
      const monthBegan = dayStart(monthStart(tokyoDay(now())));
      const thisMonth = sql`${contacts.createdAt} >= ${monthBegan.toISOString()}::timestamptz`;
      const [[sites], [people], bySource, byStatus, traffic, totalEmails] = await Promise.all([
        db
          .select({
            total: count(),
            active: sql<number>`count(*) FILTER (WHERE ${websites.isPublished})::int`,
          })
          .from(websites)
          .where(eq(websites.ownerId, ownerId)),
        db.select({ total: count() }).from(contacts).where(eq(contacts.ownerId, ownerId)),
        db
          .select({ key: contacts.source, n: count() })
          .from(contacts)
          .where(and(eq(contacts.ownerId, ownerId), thisMonth))
          .groupBy(contacts.source),
        db
          .select({ key: contacts.status, n: count() })
          .from(contacts)
          .where(and(eq(contacts.ownerId, ownerId), eq(contacts.source, "website_form"), thisMonth))
          .groupBy(contacts.status),
        deps.analytics.ownerTraffic(ownerId),
        deps.countEmailsSent ? deps.countEmailsSent(ownerId) : Promise.resolve(0),
      ]);
      const monthlyContactsBySource = tally<TContactSource>(CONTACT_SOURCES, bySource);
      const monthlyLeadsByStatus = tally<TContactStatus>(CONTACT_STATUSES, byStatus);
      const monthlyVisits = traffic.monthlyVisits;
      return {
        totalWebsites: Number(sites?.total ?? 0),
        activeWebsites: Number(sites?.active ?? 0),
        totalContacts: Number(people?.total ?? 0),
        monthlyLeads: monthlyContactsBySource.website_form,
        monthlyContactsBySource,
        monthlyLeadsByStatus,
        monthlyVisits,
        conversionRate:
          monthlyVisits > 0 ? Math.round((traffic.monthlyConversions / monthlyVisits) * 1000) / 10 : 0,
        totalVisitors: traffic.totalVisitors,
        totalPageviews: traffic.totalPageviews,
        totalEmails,
      };
    },

    /** The first-run checklist, each step read from what exists. */
    async firstRun(ownerId: string): Promise<TFirstRun> {
      const [siteRows, [sender], notice, [members], [invited]] = await Promise.all([
        db
          .select({
            id: websites.id,
            isPublished: websites.isPublished,
            alert: websites.enquiryAlertEmail,
          })
          .from(websites)
          .where(eq(websites.ownerId, ownerId))
          .orderBy(desc(websites.createdAt)),
        db
          .select({ n: count() })
          .from(emailSenders)
          .where(and(eq(emailSenders.ownerId, ownerId), eq(emailSenders.status, "verified"))),
        notices(ownerId),
        // Another member, or an invitation sent (accepted or not, unless revoked).
        db.select({ n: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, ownerId)),
        db
          .select({ n: count() })
          .from(workspaceInvitations)
          .where(and(eq(workspaceInvitations.workspaceId, ownerId), isNull(workspaceInvitations.revokedAt))),
      ]);
      return {
        steps: {
          createSite: siteRows.length > 0,
          publishSite: siteRows.some((site) => site.isPublished),
          enquiryAlert: siteRows.some((site) => Boolean(site.alert)),
          verifySender: Number(sender?.n ?? 0) > 0,
          inviteTeammate: Number(members?.n ?? 0) > 1 || Number(invited?.n ?? 0) > 0,
        },
        dismissed: Boolean(notice?.checklistDismissedAt),
        firstWebsiteId: siteRows[0]?.id ?? null,
      };
    },

    async dismissFirstRun(ownerId: string): Promise<void> {
      await setNotice(ownerId, { checklistDismissedAt: now() });
    },

    /** Form enquiries since the owner last opened the CRM. */
    async unreadEnquiries(ownerId: string): Promise<{ count: number }> {
      const seen = (await notices(ownerId))?.enquiriesSeenAt;
      const [row] = await db
        .select({ n: count() })
        .from(contactActivities)
        .where(
          and(
            eq(contactActivities.ownerId, ownerId),
            eq(contactActivities.type, "form_submitted"),
            ...(seen ? [gt(contactActivities.createdAt, seen)] : []),
          ),
        );
      return { count: Number(row?.n ?? 0) };
    },

    async markEnquiriesSeen(ownerId: string): Promise<void> {
      await setNotice(ownerId, { enquiriesSeenAt: now() });
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
