import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveEmailProviders } from "../../providers/email/config";
import { addContacts, contactView, deliveryOf } from "../../testing/campaign-fixtures";
import { readMessage, type SmtpSink, startSmtpSink } from "../../testing/smtp-sink";
import { createTestApp, TestClient, type TestContext } from "../../testing/test-app";
import { fillSenderDetails } from "../../testing/verified-sender";
import { suppressionOf } from "./suppression";

/**
 * The whole way round: the app sends a campaign over real SMTP with its VERP envelope sender, the
 * receiving side later reports a permanent failure to that envelope sender at the bounce domain,
 * and the app's own inbound listener suppresses the address.
 */
const PUBLIC_URL = "http://shobai.test";
const DOMAIN = "bounces.shobai.test";
let sink: SmtpSink;
let ctx: TestContext;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({
    email: {
      providers: resolveEmailProviders({ SMTP_URL: sink.url }),
      from: "noreply@shobai.test",
      bounceDomain: DOMAIN,
      tickMs: null,
    },
    publicUrl: PUBLIC_URL,
    inbound: { smtp: { host: "127.0.0.1", port: 0, domain: DOMAIN } },
  });
});
afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

async function linkIn(address: string, prefix: string): Promise<string> {
  const text = (await readMessage(sink.to(address).at(-1)?.raw ?? "")).text;
  const found = text.match(new RegExp(`http://shobai\\.test(${prefix.replace(/[/]/g, "\\/")}[^\\s]+)`))?.[1];
  if (!found) throw new Error(`no ${prefix} link in the mail to ${address}`);
  return found;
}

describe("a bounce, the whole way round", () => {
  it("the DSN sent back to the campaign mail's envelope sender suppresses the address", async () => {
    const client = new TestClient(ctx.app);
    const email = `owner-${Math.random().toString(36).slice(2)}@sakura.example.jp`;
    const registered = await client.post("/api/auth/register", {
      email,
      password: "correct horse battery",
      firstName: "花子",
      lastName: "佐藤",
    });
    expect(registered.statusCode).toBe(201);
    await ctx.app.inject({ method: "GET", url: await linkIn(email, "/api/auth/verify-email") });
    await ctx.app.services.auth.setPlan(email, "business");
    const from = `news@sakura${Math.random().toString(36).slice(2, 8)}.jp`;
    expect((await client.post("/api/email/verify-sender", { email: from })).statusCode).toBe(200);
    await ctx.app.inject({ method: "GET", url: await linkIn(from, "/api/email/verify-sender/confirm") });
    await fillSenderDetails(client);

    const gone = `gone-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await addContacts(client, [gone]);
    const created = await client.post("/api/email-campaigns", {
      name: "春",
      type: "newsletter",
      subject: "春の便り",
      content: "{{lastName}}様\n\n春の新作のお知らせです。",
      fromEmail: from,
    });
    const campaignId = created.json().id as string;
    expect((await client.patch(`/api/email-campaigns/${campaignId}`, { isActive: true })).statusCode).toBe(
      200,
    );
    await ctx.app.services.campaigns.tick();

    // The mail left with its own envelope sender at the bounce domain.
    const sent = sink.to(gone).at(-1);
    if (!sent) throw new Error("the campaign mail did not arrive");
    expect(sent.from).toMatch(new RegExp(`^bounce\\+[0-9a-f]{64}@${DOMAIN.replace(/\./g, "\\.")}$`));
    expect((await deliveryOf(ctx.db.db, campaignId, gone)).status).toBe("sent");

    // Later the receiving side gives up and reports it, with the message's headers, to that address.
    const headers = sent.raw.slice(0, sent.raw.search(/\r?\n\r?\n/));
    const report = [
      "From: MAILER-DAEMON@mx.example.com (Mail Delivery System)",
      `To: ${sent.from}`,
      "Subject: Undelivered Mail Returned to Sender",
      "MIME-Version: 1.0",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="XX"',
      "",
      "--XX",
      "Content-Type: text/plain",
      "",
      "Your message could not be delivered.",
      "--XX",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mx.example.com",
      "",
      `Final-Recipient: rfc822; ${gone}`,
      "Action: failed",
      "Status: 5.1.1",
      `Diagnostic-Code: smtp; 550 5.1.1 <${gone}>: mailbox unavailable`,
      "",
      "--XX",
      "Content-Type: text/rfc822-headers",
      "",
      headers,
      "--XX--",
      "",
    ].join("\r\n");
    const mta = nodemailer.createTransport({
      host: "127.0.0.1",
      port: ctx.app.inboundSmtp?.port ?? 0,
      ignoreTLS: true,
    });
    try {
      await mta.sendMail({ envelope: { from: "", to: [sent.from] }, raw: report });
    } finally {
      mta.close();
    }

    const after = await deliveryOf(ctx.db.db, campaignId, gone);
    expect(after.status).toBe("bounced");
    expect(after.last_error).toContain("mailbox unavailable");
    expect(await suppressionOf(ctx.db.db, after.owner_id, gone)).toMatchObject({ kind: "bounce" });
    expect((await contactView(client, gone)).activities.map((a) => a.type)).toContain("email_bounced");
  });
});
