import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpProvider } from "../../providers/email/smtp";
import type { EmailProvider } from "../../providers/email/types";
import { type SmtpSink, startSmtpSink } from "../../testing/smtp-sink";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
import { verifySenderThroughOutbox } from "../../testing/verified-sender";
import { createCampaignEngine, RETRY_DELAYS_MS } from "./engine";
import { recordDeliveryProblem } from "./suppression";

/**
 * What happens when the receiving side says no: the app's own engine is off, and a second engine
 * with a clock the test moves sends through real SMTP to a loopback server that answers 550 (no
 * such user) or 451 (try later) for chosen recipients, as mailbox providers do.
 */
let ctx: TestContext;
let sink: SmtpSink;
let provider: EmailProvider;
let clock = Date.now();
const PUBLIC_URL = "http://shobai.test";

beforeAll(async () => {
  ctx = await createTestApp({ email: { tickMs: null }, publicUrl: PUBLIC_URL });
  sink = await startSmtpSink();
  provider = createSmtpProvider({ url: sink.url, connectionTimeoutMs: 2000, socketTimeoutMs: 5000 });
});
afterAll(async () => {
  await provider?.close?.();
  await sink?.close();
  await ctx?.close();
});

const engine = () =>
  createCampaignEngine({
    db: ctx.db.db,
    provider,
    publicUrl: PUBLIC_URL,
    now: () => new Date(clock),
    ratePerSecond: 1000,
    batchSize: 20,
  });
const minutes = (n: number) => n * 60_000;

async function owner() {
  const signed = await signedInClient(ctx.app);
  await ctx.app.services.auth.setPlan(signed.email, "business");
  const from = `news-${Math.random().toString(36).slice(2)}@sakura.example.jp`;
  await verifySenderThroughOutbox(ctx.app, signed.client, from, PUBLIC_URL);
  return { ...signed, from };
}

type Client = Awaited<ReturnType<typeof owner>>["client"];

async function contacts(client: Client, emails: string[]) {
  for (const [i, email] of emails.entries()) {
    const res = await client.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: `客${i}`,
      lastName: "山田",
      email,
    });
    expect(res.statusCode).toBe(201);
  }
}

async function newsletter(client: Client, from: string, subject: string) {
  const created = await client.post("/api/email-campaigns", {
    name: subject,
    type: "newsletter",
    subject,
    content: "{{lastName}}様\n\n春の新作のお知らせです。",
    fromEmail: from,
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  expect((await client.patch(`/api/email-campaigns/${id}`, { isActive: true })).statusCode).toBe(200);
  return id;
}

async function campaign(client: Client, id: string) {
  const list = (await client.get("/api/email-campaigns")).json() as {
    id: string;
    state: string;
    stopReason: string | null;
    stats: Record<string, number>;
  }[];
  const found = list.find((c) => c.id === id);
  if (!found) throw new Error(`campaign ${id} not listed`);
  return found;
}

describe("bounces, deferrals and retries", () => {
  it("suppresses a 550, retries a 451 on a growing schedule, and reports honest figures", async () => {
    const { client, from } = await owner();
    const tag = Math.random().toString(36).slice(2, 8);
    const [ok, gone, busy, down] = ["ok", "gone", "busy", "down"].map((n) => `${n}-${tag}@example.com`) as [
      string,
      string,
      string,
      string,
    ];
    await contacts(client, [ok, gone, busy, down]);
    sink.refuse(gone, 550, "5.1.1 <gone> User unknown");
    sink.refuse(busy, 451, "4.2.0 Mailbox busy, try again later");
    sink.refuse(down, 421, "4.7.0 Try again later");
    const id = await newsletter(client, from, `春の便り ${tag}`);
    clock = Date.now();
    const sender = engine();

    expect(await sender.tick()).toBe(4);
    expect(sink.to(ok)).toHaveLength(1);
    let stats = (await campaign(client, id)).stats;
    expect(stats).toMatchObject({ emailsSent: 1, bounced: 1, deferred: 2, pending: 2, failed: 0 });

    // The bounce is listed with the server's words, and shows on the contact's timeline.
    const bounced = (await client.get(`/api/email-campaigns/${id}/deliveries?status=bounced`)).json();
    expect(bounced.items).toEqual([expect.objectContaining({ address: gone, status: "bounced" })]);
    expect(bounced.items[0].reason).toContain("5.1.1");
    const deferred = (await client.get(`/api/email-campaigns/${id}/deliveries?status=deferred`)).json();
    expect(deferred.items.map((d: { address: string }) => d.address).sort()).toEqual([busy, down].sort());
    expect(new Date(deferred.items[0].nextTryAt).getTime()).toBeGreaterThanOrEqual(
      clock + RETRY_DELAYS_MS[0]!,
    );
    const goneContact = (await client.get(`/api/contacts?q=${encodeURIComponent(gone)}`)).json();
    const contactId = (goneContact.contacts ?? goneContact.items ?? goneContact)[0].id as string;
    const timeline = (await client.get(`/api/contacts/${contactId}`)).json().activities as {
      type: string;
      data: Record<string, string>;
    }[];
    expect(timeline.find((a) => a.type === "email_bounced")?.data.reason).toContain("User unknown");

    // Nothing is tried again before its time; then the mailbox frees up and it is delivered.
    clock += minutes(4);
    expect(await sender.tick()).toBe(0);
    clock += minutes(2);
    sink.accept(busy);
    expect(await sender.tick()).toBe(2);
    expect(sink.to(busy)).toHaveLength(1);

    // The other keeps being refused: 30 min, 2 h, 6 h, 12 h, 24 h later, then it counts as failed.
    for (const delay of RETRY_DELAYS_MS.slice(1)) {
      clock += delay - minutes(1);
      expect(await sender.tick()).toBe(0);
      clock += minutes(1);
      expect(await sender.tick()).toBe(1);
    }
    stats = (await campaign(client, id)).stats;
    expect(stats).toMatchObject({ emailsSent: 2, bounced: 1, deferred: 0, pending: 0, failed: 1 });
    const failed = (await client.get(`/api/email-campaigns/${id}/deliveries?status=failed`)).json();
    expect(failed.items[0]).toMatchObject({ address: down });
    expect(failed.items[0].reason).toMatch(/Still refused after 7 tries over 48 hours/);
    expect((await campaign(client, id)).state).toBe("sent");

    // The next campaign skips the bounced address and says so; the others get it.
    sink.accept(down);
    const next = await newsletter(client, from, `夏の便り ${tag}`);
    clock = Math.max(clock, Date.now());
    expect(await sender.tick()).toBe(4);
    expect(sink.to(gone)).toHaveLength(0);
    stats = (await campaign(client, next)).stats;
    expect(stats).toMatchObject({ emailsSent: 3, skipped: 1, bounced: 0 });
    const skipped = (await client.get(`/api/email-campaigns/${next}/deliveries?status=skipped`)).json();
    expect(skipped.items).toEqual([expect.objectContaining({ address: gone, reason: "Bounced before" })]);

    // Another account sees none of it.
    const stranger = await signedInClient(ctx.app);
    expect(
      (await stranger.client.get(`/api/email-campaigns/${id}/deliveries?status=bounced`)).statusCode,
    ).toBe(404);
    expect((await client.get(`/api/email-campaigns/${id}/deliveries?status=lost`)).statusCode).toBe(400);
  });

  it("stops a campaign by itself when more than 5% bounce, and lets the owner resume it", async () => {
    const { client, from } = await owner();
    const tag = Math.random().toString(36).slice(2, 8);
    const emails = Array.from({ length: 60 }, (_, i) => `guest${i}-${tag}@example.com`);
    await contacts(client, emails);
    for (const email of emails.slice(0, 3)) sink.refuse(email, 550, "5.1.1 User unknown");
    const id = await newsletter(client, from, `お知らせ ${tag}`);
    clock = Date.now();
    const sender = engine();
    await sender.tick();
    const stopped = await campaign(client, id);
    expect(stopped).toMatchObject({ state: "stopped", stopReason: "bounces" });
    expect(stopped.stats.bounced).toBe(3);
    // Stopped once the first batch of 20 was counted: the batch already on the wire beside it went
    // out, the rest waits for the owner.
    expect(stopped.stats.pending).toBe(20);

    // The owner cleaned the list and starts it again: the rest goes out, the rate counts afresh.
    expect((await client.patch(`/api/email-campaigns/${id}`, { isActive: true })).statusCode).toBe(200);
    clock = Date.now();
    await sender.tick();
    const finished = await campaign(client, id);
    expect(finished).toMatchObject({ state: "sent", stopReason: null });
    expect(finished.stats).toMatchObject({ emailsSent: 57, bounced: 3, pending: 0 });
  });

  it("a spam complaint suppresses and unsubscribes, once however often it is reported", async () => {
    const { client, from } = await owner();
    const tag = Math.random().toString(36).slice(2, 8);
    const angry = `angry-${tag}@example.com`;
    await contacts(client, [angry]);
    const id = await newsletter(client, from, `ご案内 ${tag}`);
    clock = Date.now();
    await engine().tick();
    const { rows } = (await ctx.db.db.execute(
      // biome-ignore lint/suspicious/noExplicitAny: test reads the token the email carries
      `SELECT token FROM email_deliveries WHERE campaign_id = '${id}'` as any,
    )) as unknown as { rows: { token: string }[] };
    const token = rows[0]!.token;
    for (let i = 0; i < 2; i++) {
      expect(
        await recordDeliveryProblem(ctx.db.db, { kind: "complaint", reason: "abuse", at: new Date(), token }),
      ).toBe(true);
    }
    expect(
      await recordDeliveryProblem(ctx.db.db, {
        kind: "complaint",
        reason: "abuse",
        at: new Date(),
        token: "nope",
      }),
    ).toBe(false);
    expect((await campaign(client, id)).stats).toMatchObject({ complained: 1, emailsSent: 1 });
    const found = (await client.get(`/api/contacts?q=${encodeURIComponent(angry)}`)).json();
    const contact = (found.contacts ?? found.items ?? found)[0] as { id: string; marketingConsent: string };
    expect(contact.marketingConsent).toBe("opted_out");
    const timeline = (await client.get(`/api/contacts/${contact.id}`)).json().activities as {
      type: string;
    }[];
    expect(timeline.filter((a) => a.type === "email_complained")).toHaveLength(1);
  });
});
