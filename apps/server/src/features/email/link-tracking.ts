import type { TLanguage } from "@shobai/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailDeliveries, emailLinks, emailUnsubscribes } from "../../db/schema/index";
import { mailLanguage } from "./mail-texts";
import { toUri } from "./render";

/** The random id in an email's tracking and unsubscribe links. */
const DELIVERY_TOKEN = /^[a-f0-9]{32,64}$/;
/** The id of an address in a campaign's link set (email_links). */
const LINK_ID = /^[a-f0-9]{16}$/;

/** What the links in a sent email do: the open pixel, click links (to the owner's own addresses only), unsubscribe. */
export function createLinkTracking({
  db,
  now,
  onUnsubscribe,
}: {
  db: Database;
  now: () => Date;
  /** Tells the CRM, so the contact's consent and timeline show it. */
  onUnsubscribe: (ownerId: string, email: string) => Promise<void>;
}) {
  async function deliveryByToken(token: string) {
    if (!DELIVERY_TOKEN.test(token)) return undefined;
    const [row] = await db
      .select({
        id: emailDeliveries.id,
        ownerId: emailDeliveries.ownerId,
        to: emailDeliveries.toAddress,
        // The recipient's language for the unsubscribe pages: the contact's, else the owner's.
        language: sql<string | null>`coalesce(
          (SELECT c.language FROM email_campaigns c WHERE c.id = ${emailDeliveries.campaignId}),
          (SELECT k.language FROM contacts k WHERE k.id = ${emailDeliveries.contactId}),
          (SELECT u.language FROM users u WHERE u.id = ${emailDeliveries.ownerId}))`,
      })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.token, token));
    return row ? { ...row, lang: mailLanguage(row.language) } : undefined;
  }

  /** Sets a first-time mark (opened, clicked) on the email with this link token. */
  async function markFirst(token: string, column: "openedAt" | "clickedAt"): Promise<void> {
    const found = await deliveryByToken(token);
    if (!found) return;
    const [marked] = await db
      .update(emailDeliveries)
      .set({ [column]: now() })
      .where(and(eq(emailDeliveries.id, found.id), isNull(emailDeliveries[column])))
      .returning({ contactId: emailDeliveries.contactId, campaignId: emailDeliveries.campaignId });
    // The first open and the first click of each email go on the contact's timeline.
    if (marked?.contactId) {
      await db.execute(sql`
        INSERT INTO contact_activities (id, owner_id, contact_id, type, data, created_at)
        SELECT gen_random_uuid()::text, ${found.ownerId}, k.id, ${column === "openedAt" ? "email_opened" : "email_clicked"},
          jsonb_build_object('subject', coalesce(c.subject, ''), 'campaign', coalesce(c.name, '')), ${now().toISOString()}::timestamptz
        FROM contacts k LEFT JOIN email_campaigns c ON c.id = ${marked.campaignId}
        WHERE k.id = ${marked.contactId} AND k.owner_id = ${found.ownerId}`);
    }
  }

  return {
    /** The open pixel was loaded. */
    recordOpen: (token: string) => markFirst(token, "openedAt"),

    /**
     * Where a click link leads: the address with this id in the link set of the email's own
     * campaign (the owner wrote it), or null. Records the click.
     */
    async clickTarget(token: string, linkId: string): Promise<string | null> {
      if (!DELIVERY_TOKEN.test(token) || !LINK_ID.test(linkId)) return null;
      const [row] = await db
        .select({ url: emailLinks.url })
        .from(emailLinks)
        .innerJoin(emailDeliveries, eq(emailDeliveries.campaignId, emailLinks.campaignId))
        .where(and(eq(emailDeliveries.token, token), eq(emailLinks.id, linkId)));
      const target = row ? toUri(row.url) : null;
      if (!target) return null;
      // A click proves the email was opened too, even with images blocked.
      await markFirst(token, "clickedAt");
      await markFirst(token, "openedAt");
      return target;
    },

    /** Who an unsubscribe link is for, or null for an unknown link. */
    async recipientOf(token: string): Promise<{ to: string; lang: TLanguage } | null> {
      const found = await deliveryByToken(token);
      return found ? { to: found.to, lang: found.lang } : null;
    },

    /** Suppresses the link's recipient for every later campaign of that owner. */
    async unsubscribe(token: string): Promise<{ to: string; lang: TLanguage } | null> {
      const found = await deliveryByToken(token);
      if (!found) return null;
      await db
        .insert(emailUnsubscribes)
        .values({ ownerId: found.ownerId, email: found.to.toLowerCase() })
        .onConflictDoNothing();
      await onUnsubscribe(found.ownerId, found.to);
      return { to: found.to, lang: found.lang };
    },
  };
}
