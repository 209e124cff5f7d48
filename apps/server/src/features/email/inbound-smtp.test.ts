import net from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import {
  addContacts,
  campaignOwner,
  contactView,
  deliveryOf,
  sendNewsletter,
} from "../../testing/campaign-fixtures";
import { createTestApp, type TestClient, type TestContext } from "../../testing/test-app";
import { readInboundReport } from "./inbound-reports";
import { startInboundSmtp } from "./inbound-smtp";
import { suppressionOf } from "./suppression";
import { tokenFromVerp, verpAddress } from "./verp";

/**
 * The bounce domain's mail server, spoken to over real SMTP (nodemailer) on loopback: delivery
 * status notifications shaped as RFC 3464 shows them and feedback reports shaped as RFC 5965 does,
 * about mail the app's own engine sent.
 */
const PUBLIC_URL = "http://shobai.test";
const DOMAIN = "bounce.shobai.test";
let ctx: TestContext;
let transport: Transporter;

beforeAll(async () => {
  ctx = await createTestApp({
    email: { tickMs: null },
    publicUrl: PUBLIC_URL,
    inbound: { smtp: { host: "127.0.0.1", port: 0, domain: DOMAIN } },
  });
  const port = ctx.app.inboundSmtp?.port;
  if (!port) throw new Error("the inbound listener did not start");
  transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
});
afterAll(async () => {
  transport?.close();
  await ctx?.close();
});

type Outbox = { to: string; subject: string; text: string; headers: Record<string, string> }[];

/** The campaign mail as it left, headers and text: what a DSN or ARF returns as the original. */
async function original(client: TestClient, to: string, subject: string) {
  const mail = ((await client.get("/api/email/outbox")).json() as Outbox).find(
    (m) => m.to === to && m.subject === subject,
  );
  if (!mail) throw new Error(`no mail to ${to}`);
  const headers = Object.entries(mail.headers).map(([name, value]) => `${name}: ${value}`);
  return [`From: news@sakura.example.jp`, `To: <${to}>`, `Subject: ${subject}`, ...headers].join("\r\n");
}

/** A DSN as RFC 3464 appendix shows one (Postfix's wording), with the original's headers. */
function dsn(opts: {
  to: string;
  recipient: string;
  action: string;
  status: string;
  diagnostic: string;
  headers: string;
}) {
  return [
    "Return-Path: <>",
    "From: MAILER-DAEMON@mx.example.com (Mail Delivery System)",
    `To: ${opts.to}`,
    "Subject: Undelivered Mail Returned to Sender",
    "Date: Thu, 26 Nov 2026 10:00:00 +0900",
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status;\r\n\tboundary="RAA14128.773615765/mx.example.com"',
    "",
    "This is a MIME-encapsulated message.",
    "",
    "--RAA14128.773615765/mx.example.com",
    "Content-Description: Notification",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "I'm sorry to have to inform you that your message could not",
    "be delivered to one or more recipients.",
    "",
    "--RAA14128.773615765/mx.example.com",
    "Content-Description: Delivery report",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.com",
    "X-Postfix-Queue-ID: 4ABC123",
    "Arrival-Date: Thu, 26 Nov 2026 09:59:58 +0900",
    "",
    `Final-Recipient: rfc822; ${opts.recipient}`,
    `Original-Recipient: rfc822;${opts.recipient}`,
    `Action: ${opts.action}`,
    `Status: ${opts.status}`,
    "Remote-MTA: dns; mail.example.com",
    `Diagnostic-Code: smtp; ${opts.diagnostic}`,
    "",
    "--RAA14128.773615765/mx.example.com",
    "Content-Description: Undelivered Message Headers",
    "Content-Type: text/rfc822-headers",
    "",
    opts.headers,
    "",
    "--RAA14128.773615765/mx.example.com--",
    "",
  ].join("\r\n");
}

/** A feedback report as RFC 5965 section 3 shows one, with the whole original message. */
function arf(opts: { to: string; original: string; type?: string }) {
  return [
    "From: <abusedesk@example.com>",
    "Date: Thu, 26 Nov 2026 17:40:36 +0900",
    "Subject: FW: 春の便り",
    `To: <${opts.to}>`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=feedback-report;\r\n     boundary="part1_13d.2e68ed54_boundary"',
    "",
    "--part1_13d.2e68ed54_boundary",
    'Content-Type: text/plain; charset="US-ASCII"',
    "Content-Transfer-Encoding: 7bit",
    "",
    "This is an email abuse report for an email message received from IP",
    "192.0.2.1 on Thu, 26 Nov 2026 14:00:00 +0900.",
    "",
    "--part1_13d.2e68ed54_boundary",
    "Content-Type: message/feedback-report",
    "",
    `Feedback-Type: ${opts.type ?? "abuse"}`,
    "User-Agent: SomeGenerator/1.0",
    "Version: 1",
    "Original-Mail-From: <bounce@bounce.shobai.test>",
    "Arrival-Date: Thu, 26 Nov 2026 14:00:00 +0900",
    "Source-IP: 192.0.2.1",
    "Reported-Domain: sakura.example.jp",
    "",
    "--part1_13d.2e68ed54_boundary",
    "Content-Type: message/rfc822",
    "Content-Disposition: inline",
    "",
    "Received: from mailserver.example.net",
    "        (mailserver.example.net [192.0.2.1])",
    "        by example.com with ESMTP id M63d4137594e46;",
    "        Thu, 26 Nov 2026 14:00:00 +0900",
    opts.original,
    "",
    "{{lastName}}様 春の新作のお知らせです。",
    "--part1_13d.2e68ed54_boundary--",
    "",
  ].join("\r\n");
}

/** Sends a report over SMTP from the null sender, as mail servers send bounces. */
const deliver = (to: string, raw: string) => transport.sendMail({ envelope: { from: "", to: [to] }, raw });

async function sentTo(addresses: string[], subject: string) {
  const owner = await campaignOwner(ctx.app, PUBLIC_URL);
  await addContacts(owner.client, addresses);
  const campaignId = await sendNewsletter(ctx.app, owner.client, owner.from, subject);
  return { ...owner, campaignId };
}

const tag = () => Math.random().toString(36).slice(2, 8);

describe("inbound SMTP for the bounce domain", () => {
  it("a permanent-failure DSN to the VERP address bounces the delivery and suppresses the contact", async () => {
    const t = tag();
    const gone = `gone-${t}@example.com`;
    const subject = `春の便り ${t}`;
    const { client, campaignId } = await sentTo([gone], subject);
    const before = await deliveryOf(ctx.db.db, campaignId, gone);
    expect(before.status).toBe("sent");

    const info = await deliver(
      verpAddress(before.token, DOMAIN),
      dsn({
        to: verpAddress(before.token, DOMAIN),
        recipient: gone,
        action: "failed",
        status: "5.1.1",
        diagnostic: `550 5.1.1 <${gone}>: Recipient address rejected: User unknown in virtual mailbox table`,
        // Headers only, without the unsubscribe link: the VERP address alone names the delivery.
        headers: `From: news@sakura.example.jp\r\nTo: <${gone}>\r\nSubject: ${subject}`,
      }),
    );
    expect(info.accepted).toEqual([verpAddress(before.token, DOMAIN)]);

    const after = await deliveryOf(ctx.db.db, campaignId, gone);
    expect(after.status).toBe("bounced");
    expect(after.last_error).toContain("User unknown");
    const bounced = (await client.get(`/api/email-campaigns/${campaignId}/deliveries?status=bounced`)).json();
    expect(bounced.items).toEqual([expect.objectContaining({ address: gone, status: "bounced" })]);
    expect(await suppressionOf(ctx.db.db, after.owner_id, gone)).toMatchObject({ kind: "bounce" });
    const view = await contactView(client, gone);
    expect(view.activities.find((a) => a.type === "email_bounced")?.data.reason).toContain("5.1.1");
  });

  it("without VERP, finds the delivery by the unsubscribe link in the returned headers", async () => {
    const t = tag();
    const gone = `nobody-${t}@example.com`;
    const subject = `夏の便り ${t}`;
    const { client, campaignId } = await sentTo([gone], subject);
    await deliver(
      `postmaster@${DOMAIN}`,
      dsn({
        to: `postmaster@${DOMAIN}`,
        recipient: gone,
        action: "failed",
        status: "5.2.1",
        diagnostic: "550 5.2.1 The email account that you tried to reach is disabled.",
        headers: await original(client, gone, subject),
      }),
    );
    const after = await deliveryOf(ctx.db.db, campaignId, gone);
    expect(after).toMatchObject({ status: "bounced" });
    expect(after.last_error).toContain("disabled");
  });

  it("a delayed DSN (4.x.x) changes nothing", async () => {
    const t = tag();
    const busy = `busy-${t}@example.com`;
    const subject = `秋の便り ${t}`;
    const { client, campaignId } = await sentTo([busy], subject);
    const before = await deliveryOf(ctx.db.db, campaignId, busy);
    const info = await deliver(
      verpAddress(before.token, DOMAIN),
      dsn({
        to: verpAddress(before.token, DOMAIN),
        recipient: busy,
        action: "delayed",
        status: "4.4.7",
        diagnostic: "451 4.4.7 Mailbox temporarily unavailable, still trying",
        headers: await original(client, busy, subject),
      }),
    );
    expect(info.accepted).toHaveLength(1);
    expect(await deliveryOf(ctx.db.db, campaignId, busy)).toEqual(before);
    expect(await suppressionOf(ctx.db.db, before.owner_id, busy)).toBeNull();
    expect((await contactView(client, busy)).activities.map((a) => a.type)).not.toContain("email_bounced");
  });

  it("an ARF abuse report is a complaint: suppressed, unsubscribed, opted out, once", async () => {
    const t = tag();
    const angry = `angry-${t}@example.com`;
    const subject = `冬の便り ${t}`;
    const { client, campaignId } = await sentTo([angry], subject);
    const report = arf({ to: `fbl@${DOMAIN}`, original: await original(client, angry, subject) });
    // Feedback loops send to the address registered with them; sent twice, it counts once.
    await deliver(`fbl@${DOMAIN}`, report);
    await deliver(`fbl@${DOMAIN}`, report);
    const after = await deliveryOf(ctx.db.db, campaignId, angry);
    expect(after.complained_at).not.toBeNull();
    expect(after.status).toBe("sent");
    expect(await suppressionOf(ctx.db.db, after.owner_id, angry)).toMatchObject({ kind: "complaint" });
    const view = await contactView(client, angry);
    expect(view.consent).toBe("opted_out");
    expect(view.activities.filter((a) => a.type === "email_complained")).toHaveLength(1);
    const stats = (await client.get("/api/email-campaigns")).json() as {
      id: string;
      stats: Record<string, number>;
    }[];
    expect(stats.find((c) => c.id === campaignId)?.stats).toMatchObject({ complained: 1 });
  });

  it("takes and drops what names no delivery of ours, and refuses other domains", async () => {
    const stranger = "c".repeat(64);
    const info = await deliver(
      verpAddress(stranger, DOMAIN),
      dsn({
        to: verpAddress(stranger, DOMAIN),
        recipient: "someone@example.com",
        action: "failed",
        status: "5.1.1",
        diagnostic: "550 5.1.1 User unknown",
        headers: "Subject: not ours",
      }),
    );
    expect(info.accepted).toHaveLength(1);
    // A plain message (an auto-reply) is taken and dropped too.
    const reply = await deliver(`bounce@${DOMAIN}`, "Subject: 不在のお知らせ\r\n\r\n休暇中です。\r\n");
    expect(reply.accepted).toHaveLength(1);

    const refused = await deliver("someone@example.com", "Subject: relay me\r\n\r\nplease\r\n").then(
      () => null,
      (error: { responseCode?: number; response?: string }) => error,
    );
    expect(refused?.responseCode).toBe(550);
    expect(refused?.response).toMatch(/relay/i);
    // Over the size cap: refused with 552 before it is read.
    const big = `Subject: big\r\n\r\n${"x".repeat(998)}\r\n`.repeat(5_300);
    const tooBig = await deliver(`bounce@${DOMAIN}`, big).then(
      () => null,
      (error: { responseCode?: number }) => error,
    );
    expect(tooBig?.responseCode).toBe(552);
  });
});

describe("the listener's life", () => {
  it("stops with the app (and starts only when configured: webhooks.test.ts's bare app has none)", async () => {
    const on = await createTestApp({
      email: { tickMs: null },
      inbound: { smtp: { host: "127.0.0.1", port: 0, domain: DOMAIN } },
    });
    const port = on.app.inboundSmtp?.port ?? 0;
    const connect = () =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, "127.0.0.1");
        socket.once("data", (greeting) => {
          socket.destroy();
          resolve(greeting.toString());
        });
        socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
      });
    expect(await connect()).toMatch(/^220 .*Shobai bounce processor/);
    await on.close();
    expect(await connect()).toBe("ECONNREFUSED");
  });

  it("answers 451 when the report cannot be recorded, so the sending server tries again later", async () => {
    // A database that is down: every statement fails.
    const down = { execute: () => Promise.reject(new Error("connection refused")) } as unknown as Database;
    const listener = await startInboundSmtp({
      db: down,
      domain: DOMAIN,
      host: "127.0.0.1",
      port: 0,
      log: ctx.app.log,
    });
    const client = nodemailer.createTransport({ host: "127.0.0.1", port: listener.port, ignoreTLS: true });
    try {
      const to = verpAddress("e".repeat(64), DOMAIN);
      const report = dsn({
        to,
        recipient: "x@example.com",
        action: "failed",
        status: "5.1.1",
        diagnostic: "550 gone",
        headers: "Subject: x",
      });
      const error = await client.sendMail({ envelope: { from: "", to: [to] }, raw: report }).then(
        () => null,
        (e: { responseCode?: number }) => e,
      );
      expect(error?.responseCode).toBe(451);
    } finally {
      client.close();
      await listener.close();
    }
  });
});

describe("reading reports", () => {
  it("VERP addresses carry the token and nothing else matches", () => {
    const token = "0123456789abcdef".repeat(4);
    expect(verpAddress(token, "Bounce.Shobai.Test.")).toBe(`bounce+${token}@bounce.shobai.test`);
    expect(tokenFromVerp(`BOUNCE+${token.toUpperCase()}@bounce.shobai.test`, DOMAIN)).toBe(token);
    expect(tokenFromVerp(`bounce+${token}@other.test`, DOMAIN)).toBeNull();
    expect(tokenFromVerp(`bounce+${token.slice(1)}@${DOMAIN}`, DOMAIN)).toBeNull();
  });

  it("reads the returned original's Message-ID, and ignores ARF reports that are not abuse", async () => {
    const original = "From: a@sakura.example.jp\r\nMessage-ID: <abc123@sakura.example.jp>\r\nSubject: x";
    const report = await readInboundReport(
      Buffer.from(
        dsn({
          to: "x",
          recipient: "r@example.com",
          action: "failed",
          status: "5.0.0",
          diagnostic: "550 no",
          headers: original,
        }),
      ),
    );
    expect(report).toEqual({
      kind: "bounce",
      reason: "550 no (r@example.com)",
      tokens: [],
      messageIds: ["<abc123@sakura.example.jp>"],
    });
    const notAbuse = await readInboundReport(Buffer.from(arf({ to: "x", original, type: "not-spam" })));
    expect(notAbuse.kind).toBeNull();
  });
});
