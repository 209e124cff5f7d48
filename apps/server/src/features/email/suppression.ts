import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/** A hard bounce or a spam complaint about one email we sent. */
export type DeliveryProblem = {
  kind: "bounce" | "complaint";
  /** The receiving side's words: an SMTP reply, a DSN's Diagnostic-Code, a feedback report's type. */
  reason: string;
  at: Date;
} & (
  | { deliveryId: string }
  /** The random token in the email's links and VERP envelope sender. */
  | { token: string }
  /** The id the provider gave the message (Resend, SendGrid events). */
  | { providerMessageId: string }
);

const reasonText = (reason: string) =>
  reason.replace(/\s+/g, " ").trim().slice(0, 500) || "(no reason given)";

/**
 * Records a bounce or complaint about one delivery and stops the owner's mail to that address: the
 * delivery is marked (a bounce turns "sent" into "bounced"), the address is suppressed for that
 * owner, and a complaint also unsubscribes it (decision 0036). Answers false when no delivery matches
 * (a report about mail we did not send, or about a deleted account): nothing changes.
 */
export async function recordDeliveryProblem(db: Database, problem: DeliveryProblem): Promise<boolean> {
  const match =
    "deliveryId" in problem
      ? sql`d.id = ${problem.deliveryId}`
      : "token" in problem
        ? sql`d.token = ${problem.token}`
        : sql`d.provider_message_id = ${problem.providerMessageId}`;
  const at = problem.at.toISOString();
  const reason = reasonText(problem.reason);
  const bounce = problem.kind === "bounce";
  const result = await db.execute(sql`
    WITH marked AS (
      UPDATE email_deliveries d SET
        status = CASE WHEN ${bounce} AND d.status IN ('sent', 'unknown', 'pending', 'sending') THEN 'bounced' ELSE d.status END,
        bounced_at = CASE WHEN ${bounce} THEN coalesce(d.bounced_at, ${at}::timestamptz) ELSE d.bounced_at END,
        complained_at = CASE WHEN ${bounce} THEN d.complained_at ELSE coalesce(d.complained_at, ${at}::timestamptz) END,
        last_error = CASE WHEN ${bounce} THEN ${reason} ELSE d.last_error END
      WHERE ${match}
      RETURNING d.id, d.owner_id, d.contact_id, d.campaign_id, lower(d.to_address) AS email
    ), fresh AS (
      -- Reports repeat themselves (a DSN and a provider event, two copies of an ARF): the contact's
      -- timeline and the opt-out are written once per kind.
      SELECT m.* FROM marked m WHERE NOT EXISTS (
        SELECT 1 FROM email_suppressions x WHERE x.owner_id = m.owner_id AND x.email = m.email
          AND (x.kind = ${problem.kind} OR x.kind = 'complaint'))
    ), suppressed AS (
      INSERT INTO email_suppressions (owner_id, email, kind, reason, delivery_id, created_at)
      SELECT owner_id, email, ${problem.kind}, ${reason}, id, ${at}::timestamptz FROM marked
      ON CONFLICT (owner_id, email) DO UPDATE SET
        kind = CASE WHEN excluded.kind = 'complaint' THEN 'complaint' ELSE email_suppressions.kind END,
        reason = CASE WHEN excluded.kind = 'complaint' THEN excluded.reason ELSE email_suppressions.reason END
      RETURNING owner_id
    ), unsubscribed AS (
      INSERT INTO email_unsubscribes (owner_id, email, created_at)
      SELECT owner_id, email, ${at}::timestamptz FROM marked WHERE NOT ${bounce}
      ON CONFLICT DO NOTHING
      RETURNING owner_id
    ), opted_out AS (
      UPDATE contacts k SET marketing_consent = 'opted_out', consent_updated_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      FROM fresh f WHERE NOT ${bounce} AND k.id = f.contact_id AND k.owner_id = f.owner_id AND k.marketing_consent <> 'opted_out'
      RETURNING k.id
    ), timeline AS (
      INSERT INTO contact_activities (id, owner_id, contact_id, type, data, created_at)
      SELECT gen_random_uuid()::text, f.owner_id, f.contact_id,
        CASE WHEN ${bounce} THEN 'email_bounced' ELSE 'email_complained' END,
        jsonb_build_object('reason', ${reason}::text, 'subject', c.subject),
        ${at}::timestamptz
      FROM fresh f LEFT JOIN email_campaigns c ON c.id = f.campaign_id
      WHERE f.contact_id IS NOT NULL
      RETURNING id
    )
    SELECT (SELECT count(*) FROM marked)::int AS n`);
  const rows = (result as { rows?: { n: number }[] }).rows ?? [];
  return Number(rows[0]?.n ?? 0) > 0;
}

/** Why an owner's mail no longer goes to an address, if it does not: shown on the contact. */
export async function suppressionOf(
  db: Database,
  ownerId: string,
  email: string,
): Promise<{ kind: "bounce" | "complaint"; reason: string; at: Date } | null> {
  const result = await db.execute(sql`
    SELECT kind, reason, created_at FROM email_suppressions WHERE owner_id = ${ownerId} AND email = ${email.toLowerCase()}`);
  const row = ((result as { rows?: { kind: string; reason: string; created_at: string | Date }[] }).rows ??
    [])[0];
  return row
    ? {
        kind: row.kind === "complaint" ? "complaint" : "bounce",
        reason: row.reason,
        at: new Date(row.created_at),
      }
    : null;
}
