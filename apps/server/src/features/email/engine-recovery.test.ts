import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpPeer } from "../../providers/email/http-peer.testing";
import { createSendGridProvider } from "../../providers/email/sendgrid";
import { createSmtpProvider } from "../../providers/email/smtp";
import { claimAndDie } from "../../testing/dying-engine";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
import { verifySenderThroughOutbox } from "../../testing/verified-sender";
import { createCampaignEngine } from "./engine";

// Decision 0007's at-most-once branch: a process dies after claiming emails for an SMTP (or
// SendGrid) send; nobody can tell which of them left, so none is sent again and each is "unknown".

let ctx: TestContext;
let smtp: SMTPServer;
const received: string[] = [];
let port = 0;

beforeAll(async () => {
  ctx = await createTestApp({ email: { tickMs: null }, publicUrl: "http://shobai.test" });
  smtp = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await ctx?.close();
});

describe("a process killed mid-campaign, sending through SMTP", () => {
  it("claims no more than it sends at once, and records the claimed emails as unknown, sending them never again", async () => {
    const { client } = await signedInClient(ctx.app);
    const from = "recovery@example.jp";
    await verifySenderThroughOutbox(ctx.app, client, from, "http://shobai.test");
    const total = 30;
    for (let i = 0; i < total; i++) {
      await client.post("/api/contacts", {
        consentText: "店頭の申込書で同意",
        firstName: `客${i}`,
        lastName: "佐藤",
        email: `guest${i}@example.jp`,
      });
    }
    const news = (
      await client.post("/api/email-campaigns", {
        name: "冬の便り",
        type: "newsletter",
        subject: "冬の便り",
        content: "{{firstName}}様",
        fromEmail: from,
      })
    ).json();
    expect((await client.patch(`/api/email-campaigns/${news.id}`, { isActive: true })).statusCode).toBe(200);

    const provider = createSmtpProvider({
      url: `smtp://127.0.0.1:${port}`,
      connectionTimeoutMs: 2000,
      socketTimeoutMs: 5000,
    });
    const engine = () =>
      createCampaignEngine({ db: ctx.db.db, provider, publicUrl: "http://shobai.test", leaseMs: 0 });
    try {
      // The first process claims a batch (never more than it sends at once) and is killed.
      const claimed = await claimAndDie(ctx.db.db);
      expect(claimed).toHaveLength(20);
      // The next one finds them after the lease: unknown, not sent; the rest go out once.
      await engine().tick();
      expect(received.sort()).toEqual(
        Array.from({ length: total }, (_, i) => `guest${i}@example.jp`)
          .filter((to) => !claimed.includes(to))
          .sort(),
      );
      const rows = await ctx.db.rows<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM email_deliveries WHERE campaign_id = '${news.id}' GROUP BY status ORDER BY status`,
      );
      expect(rows).toEqual([
        { status: "sent", n: total - 20 },
        { status: "unknown", n: 20 },
      ]);
      await engine().tick();
      expect(received).toHaveLength(total - 20);
      const campaign = (await client.get("/api/email-campaigns"))
        .json()
        .find((c: { id: string }) => c.id === news.id);
      expect(campaign).toMatchObject({
        state: "sent",
        stats: { recipients: total, emailsSent: total - 20, unknown: 20, failed: 0, pending: 0 },
      });
    } finally {
      await provider.close?.();
    }
  });

  it("does the same through SendGrid, whose API does not drop a repeated send", async () => {
    const { client } = await signedInClient(ctx.app);
    const from = "recovery-sg@example.jp";
    await verifySenderThroughOutbox(ctx.app, client, from, "http://shobai.test");
    const total = 25;
    for (let i = 0; i < total; i++) {
      await client.post("/api/contacts", {
        consentText: "店頭の申込書で同意",
        firstName: `客${i}`,
        lastName: "田中",
        email: `sg${i}@example.jp`,
      });
    }
    const news = (
      await client.post("/api/email-campaigns", {
        name: "春の便り",
        type: "newsletter",
        subject: "春の便り",
        content: "{{firstName}}様",
        fromEmail: from,
      })
    ).json();
    await client.patch(`/api/email-campaigns/${news.id}`, { isActive: true });
    const peer = await startHttpPeer();
    try {
      // Exactly the 5 unclaimed emails are answered; any extra request would get a 500 and fail.
      for (let i = 0; i < total - 20; i++) peer.answer({ status: 202, headers: { "x-message-id": `m${i}` } });
      const provider = createSendGridProvider({ apiKey: "SG.test", baseUrl: `${peer.baseUrl}/` });
      const engine = () =>
        createCampaignEngine({ db: ctx.db.db, provider, publicUrl: "http://shobai.test", leaseMs: 0 });
      const claimed = await claimAndDie(ctx.db.db);
      expect(claimed).toHaveLength(20);
      await engine().tick();
      const sentTo = peer.seen.map(
        (r) =>
          (r.body as { personalizations: { to: { email: string }[] }[] }).personalizations[0]?.to[0]?.email,
      );
      expect(sentTo).toHaveLength(total - 20);
      expect(sentTo.filter((to) => claimed.includes(String(to)))).toEqual([]);
      const campaign = (await client.get("/api/email-campaigns"))
        .json()
        .find((c: { id: string }) => c.id === news.id);
      expect(campaign.stats).toMatchObject({ emailsSent: total - 20, unknown: 20, failed: 0, pending: 0 });
    } finally {
      await peer.close();
    }
  });
});
