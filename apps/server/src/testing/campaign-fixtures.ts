import { sql } from "drizzle-orm";
import type { App } from "../app";
import type { Database } from "../db/client";
import { signedInClient, type TestClient } from "./test-app";
import { verifySenderThroughOutbox } from "./verified-sender";

/**
 * An owner on a plan that sends campaigns, with a verified sender, contacts and a newsletter sent
 * through the app's own engine and outbox: the deliveries a bounce or complaint can be about.
 */
export async function campaignOwner(app: App, publicUrl: string) {
  const signed = await signedInClient(app);
  await app.services.auth.setPlan(signed.email, "business");
  const from = `news-${Math.random().toString(36).slice(2)}@sakura.example.jp`;
  await verifySenderThroughOutbox(app, signed.client, from, publicUrl);
  return { ...signed, from };
}

export async function addContacts(client: TestClient, emails: string[]) {
  for (const [i, email] of emails.entries()) {
    const res = await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: `客${i}`,
      lastName: "山田",
      email,
    });
    if (res.statusCode !== 201) throw new Error(`contact ${email}: ${res.statusCode} ${res.body}`);
  }
}

/** Creates and starts a newsletter to every contact, then runs the engine once: all of it goes out. */
export async function sendNewsletter(app: App, client: TestClient, from: string, subject: string) {
  const created = await client.post("/api/email-campaigns", {
    name: subject,
    type: "newsletter",
    subject,
    content: "{{lastName}}様\n\n春の新作のお知らせです。",
    fromEmail: from,
  });
  if (created.statusCode !== 201) throw new Error(`campaign: ${created.statusCode} ${created.body}`);
  const id = created.json().id as string;
  const started = await client.patch(`/api/email-campaigns/${id}`, { isActive: true });
  if (started.statusCode !== 200) throw new Error(`start: ${started.statusCode} ${started.body}`);
  await app.services.campaigns.tick();
  return id;
}

export type DeliveryRow = {
  id: string;
  owner_id: string;
  to_address: string;
  token: string;
  status: string;
  provider_message_id: string | null;
  bounced_at: string | null;
  complained_at: string | null;
  last_error: string | null;
};

/** One campaign's delivery to one address, as stored. */
export async function deliveryOf(db: Database, campaignId: string, address: string): Promise<DeliveryRow> {
  const result = (await db.execute(sql`
    SELECT id, owner_id, to_address, token, status, provider_message_id, bounced_at::text, complained_at::text, last_error
    FROM email_deliveries WHERE campaign_id = ${campaignId} AND to_address = ${address}`)) as unknown as {
    rows: DeliveryRow[];
  };
  const row = result.rows[0];
  if (!row) throw new Error(`no delivery to ${address} in campaign ${campaignId}`);
  return row;
}

/** The contact's consent and timeline entry types, read through the API as the owner sees them. */
export async function contactView(client: TestClient, email: string) {
  const found = (await client.get(`/api/contacts?q=${encodeURIComponent(email)}`)).json();
  const contact = (found.contacts ?? found.items ?? found)[0] as { id: string; marketingConsent: string };
  const detail = (await client.get(`/api/contacts/${contact.id}`)).json() as {
    activities: { type: string; data: Record<string, string> }[];
  };
  return { consent: contact.marketingConsent, activities: detail.activities };
}
