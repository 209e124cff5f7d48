import { createHmac, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { ZApiError } from "@shobai/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addContacts,
  campaignOwner,
  contactView,
  deliveryOf,
  sendNewsletter,
} from "../../testing/campaign-fixtures";
import { createTestApp, type TestContext } from "../../testing/test-app";
import { suppressionOf } from "./suppression";

/**
 * Resend's and SendGrid's event webhooks, signed here as the providers sign them: Svix's HMAC
 * (computed by hand, not by the library the route uses) and an ECDSA P-256 key pair made for the test.
 */
const PUBLIC_URL = "http://shobai.test";
const RESEND_KEY = randomBytes(24);
const RESEND_SECRET = `whsec_${RESEND_KEY.toString("base64")}`;
const sendgridKeys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const SENDGRID_PUBLIC = sendgridKeys.publicKey.export({ type: "spki", format: "der" }).toString("base64");

let ctx: TestContext;
let bare: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    email: { tickMs: null },
    publicUrl: PUBLIC_URL,
    inbound: { resendWebhookSecret: RESEND_SECRET, sendgridWebhookPublicKey: SENDGRID_PUBLIC },
  });
  bare = await createTestApp({ email: { tickMs: null } });
});
afterAll(async () => {
  await ctx?.close();
  await bare?.close();
});

const seconds = (date = new Date()) => Math.floor(date.getTime() / 1000);

function resendHeaders(
  body: string,
  { at = seconds(), key = RESEND_KEY, id = `msg_${randomBytes(8).toString("hex")}` } = {},
) {
  const signature = createHmac("sha256", key).update(`${id}.${at}.${body}`).digest("base64");
  return {
    "content-type": "application/json",
    "svix-id": id,
    "svix-timestamp": String(at),
    // Svix sends every valid signature, space-separated, during a key rotation.
    "svix-signature": `v1,${Buffer.from("old key").toString("base64")} v1,${signature}`,
  };
}

function sendgridHeaders(body: string, { at = seconds(), key = sendgridKeys.privateKey } = {}) {
  const signature = sign("sha256", Buffer.from(`${at}${body}`), key).toString("base64");
  return {
    "content-type": "application/json",
    "x-twilio-email-event-webhook-signature": signature,
    "x-twilio-email-event-webhook-timestamp": String(at),
  };
}

const post = (app: TestContext["app"], url: string, body: string, headers: Record<string, string>) =>
  app.inject({ method: "POST", url, payload: body, headers });

const tag = () => Math.random().toString(36).slice(2, 8);

async function sentTo(addresses: string[]) {
  const owner = await campaignOwner(ctx.app, PUBLIC_URL);
  await addContacts(owner.client, addresses);
  const campaignId = await sendNewsletter(ctx.app, owner.client, owner.from, `お知らせ ${tag()}`);
  return { ...owner, campaignId };
}

describe("Resend event webhook", () => {
  it("a permanent bounce suppresses the address; a transient one and other events change nothing", async () => {
    const t = tag();
    const [gone, full] = [`gone-${t}@example.com`, `full-${t}@example.com`];
    const { client, campaignId } = await sentTo([gone, full]);
    const target = await deliveryOf(ctx.db.db, campaignId, gone);
    const other = await deliveryOf(ctx.db.db, campaignId, full);
    expect(target.provider_message_id).toBeTruthy();

    const event = (emailId: string, type: string, bounceType = "Permanent") =>
      JSON.stringify({
        type,
        created_at: new Date().toISOString(),
        data: {
          email_id: emailId,
          to: [gone],
          subject: "お知らせ",
          bounce: {
            message: "The recipient's mailbox does not exist.",
            subType: "General",
            type: bounceType,
          },
          tags: { kind: "campaign" },
        },
      });
    // A transient bounce and a delivery event: taken, ignored.
    for (const body of [
      event(other.provider_message_id!, "email.bounced", "Transient"),
      event(other.provider_message_id!, "email.delivered"),
    ]) {
      const res = await post(ctx.app, "/api/email/webhooks/resend", body, resendHeaders(body));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, recorded: 0, ignored: 1 });
    }
    expect(await deliveryOf(ctx.db.db, campaignId, full)).toEqual(other);

    const body = event(target.provider_message_id!, "email.bounced");
    const res = await post(ctx.app, "/api/email/webhooks/resend", body, resendHeaders(body));
    expect(res.json()).toEqual({ received: true, recorded: 1, ignored: 0 });
    const after = await deliveryOf(ctx.db.db, campaignId, gone);
    expect(after.status).toBe("bounced");
    expect(after.last_error).toContain("does not exist");
    expect(await suppressionOf(ctx.db.db, after.owner_id, gone)).toMatchObject({ kind: "bounce" });
    expect((await contactView(client, gone)).activities.map((a) => a.type)).toContain("email_bounced");
  });

  it("a complaint found by the delivery tag unsubscribes the contact", async () => {
    const angry = `angry-${tag()}@example.com`;
    const { client, campaignId } = await sentTo([angry]);
    const delivery = await deliveryOf(ctx.db.db, campaignId, angry);
    const body = JSON.stringify({
      type: "email.complained",
      created_at: new Date().toISOString(),
      data: {
        email_id: "not-one-of-ours",
        to: [angry],
        tags: [
          { name: "kind", value: "campaign" },
          { name: "delivery", value: delivery.token },
        ],
      },
    });
    const res = await post(ctx.app, "/api/email/webhooks/resend", body, resendHeaders(body));
    expect(res.json()).toMatchObject({ recorded: 1 });
    expect((await deliveryOf(ctx.db.db, campaignId, angry)).complained_at).not.toBeNull();
    expect((await contactView(client, angry)).consent).toBe("opted_out");
  });

  it("refuses unsigned (401), wrongly signed and stale (403) requests, and is absent without a secret (404)", async () => {
    const victim = `victim-${tag()}@example.com`;
    const { campaignId } = await sentTo([victim]);
    const delivery = await deliveryOf(ctx.db.db, campaignId, victim);
    const body = JSON.stringify({
      type: "email.complained",
      data: { email_id: delivery.provider_message_id, tags: { delivery: delivery.token } },
    });
    const url = "/api/email/webhooks/resend";
    const unsigned = await post(ctx.app, url, body, { "content-type": "application/json" });
    expect(unsigned.statusCode).toBe(401);
    expect(ZApiError.parse(unsigned.json()).code).toBe("unauthorized");
    const wrongKey = await post(ctx.app, url, body, resendHeaders(body, { key: randomBytes(24) }));
    expect(wrongKey.statusCode).toBe(403);
    expect(ZApiError.parse(wrongKey.json()).code).toBe("forbidden");
    // Signed over other bytes than those received.
    const tampered = await post(ctx.app, url, body.replace("complained", "bounced"), resendHeaders(body));
    expect(tampered.statusCode).toBe(403);
    const stale = await post(ctx.app, url, body, resendHeaders(body, { at: seconds() - 6 * 60 }));
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toMatch(/old/);
    // Nothing inbound is configured there: no webhook, and no SMTP listener either.
    expect(bare.app.inboundSmtp).toBeNull();
    const absent = await post(bare.app, url, body, resendHeaders(body));
    expect(absent.statusCode).toBe(404);
    // None of it touched the delivery.
    expect(await deliveryOf(ctx.db.db, campaignId, victim)).toEqual(delivery);
    // Signed but not an event: 400 with the field.
    const junk = JSON.stringify({ data: {} });
    const bad = await post(ctx.app, url, junk, resendHeaders(junk));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/type/);
  });
});

describe("SendGrid Event Webhook", () => {
  it("bounces and spam reports in one signed batch; blocked and other events change nothing", async () => {
    const t = tag();
    const [gone, angry, blocked] = [
      `gone-${t}@example.com`,
      `angry-${t}@example.com`,
      `blk-${t}@example.com`,
    ];
    const { client, campaignId } = await sentTo([gone, angry, blocked]);
    const [g, a, b] = await Promise.all(
      [gone, angry, blocked].map((x) => deliveryOf(ctx.db.db, campaignId, x)),
    );
    const ts = seconds();
    const body = JSON.stringify([
      {
        email: blocked,
        timestamp: ts,
        event: "bounce",
        type: "blocked",
        status: "4.0.0",
        reason: "blocked by list",
        delivery: b!.token,
        kind: "campaign",
      },
      { email: blocked, timestamp: ts, event: "delivered", delivery: b!.token },
      {
        email: gone,
        timestamp: ts,
        event: "bounce",
        type: "bounce",
        status: "5.1.1",
        reason: "550 5.1.1 unknown user",
        delivery: g!.token,
        sg_message_id: "x.filter0001",
      },
      { email: angry, timestamp: ts, event: "spamreport", delivery: a!.token },
      { email: "stranger@example.com", timestamp: ts, event: "spamreport", delivery: "d".repeat(64) },
    ]);
    const res = await post(ctx.app, "/api/email/webhooks/sendgrid", body, sendgridHeaders(body));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, recorded: 2, ignored: 3 });

    const bounced = await deliveryOf(ctx.db.db, campaignId, gone);
    expect(bounced).toMatchObject({ status: "bounced" });
    expect(bounced.last_error).toContain("unknown user");
    expect(await suppressionOf(ctx.db.db, bounced.owner_id, gone)).toMatchObject({ kind: "bounce" });
    expect((await deliveryOf(ctx.db.db, campaignId, angry)).complained_at).not.toBeNull();
    expect((await contactView(client, angry)).consent).toBe("opted_out");
    expect(await deliveryOf(ctx.db.db, campaignId, blocked)).toEqual(b);
    expect(await suppressionOf(ctx.db.db, b!.owner_id, blocked)).toBeNull();
  });

  it("refuses unsigned (401), wrongly signed and stale (403) requests, and is absent without a key (404)", async () => {
    const victim = `victim-${tag()}@example.com`;
    const { campaignId } = await sentTo([victim]);
    const delivery = await deliveryOf(ctx.db.db, campaignId, victim);
    const body = JSON.stringify([{ email: victim, event: "spamreport", delivery: delivery.token }]);
    const url = "/api/email/webhooks/sendgrid";
    expect((await post(ctx.app, url, body, { "content-type": "application/json" })).statusCode).toBe(401);
    const otherKey = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey;
    const wrong = await post(ctx.app, url, body, sendgridHeaders(body, { key: otherKey }));
    expect(wrong.statusCode).toBe(403);
    expect(ZApiError.parse(wrong.json()).code).toBe("forbidden");
    const headers = sendgridHeaders(body);
    const tampered = await post(ctx.app, url, body.replace("spamreport", "bounce"), headers);
    expect(tampered.statusCode).toBe(403);
    const replayedLater = await post(ctx.app, url, body, {
      ...headers,
      "x-twilio-email-event-webhook-timestamp": String(seconds() + 1),
    });
    expect(replayedLater.statusCode).toBe(403);
    const stale = await post(ctx.app, url, body, sendgridHeaders(body, { at: seconds() - 6 * 60 }));
    expect(stale.statusCode).toBe(403);
    expect((await post(bare.app, url, body, sendgridHeaders(body))).statusCode).toBe(404);
    expect(await deliveryOf(ctx.db.db, campaignId, victim)).toEqual(delivery);
  });
});

describe("owner isolation", () => {
  it("an event about one owner's delivery leaves another owner's mail to the same address alone", async () => {
    const shared = `shared-${tag()}@example.com`;
    const first = await sentTo([shared]);
    const second = await sentTo([shared]);
    const mine = await deliveryOf(ctx.db.db, first.campaignId, shared);
    const theirs = await deliveryOf(ctx.db.db, second.campaignId, shared);
    expect(mine.owner_id).not.toBe(theirs.owner_id);

    const resend = JSON.stringify({
      type: "email.complained",
      data: { email_id: theirs.provider_message_id, to: [shared] },
    });
    expect(
      (await post(ctx.app, "/api/email/webhooks/resend", resend, resendHeaders(resend))).json(),
    ).toMatchObject({ recorded: 1 });
    const sendgrid = JSON.stringify([
      { email: shared, event: "bounce", type: "bounce", status: "5.1.1", delivery: theirs.token },
    ]);
    expect(
      (await post(ctx.app, "/api/email/webhooks/sendgrid", sendgrid, sendgridHeaders(sendgrid))).json(),
    ).toMatchObject({ recorded: 1 });

    expect(await suppressionOf(ctx.db.db, theirs.owner_id, shared)).toMatchObject({ kind: "complaint" });
    expect((await contactView(second.client, shared)).consent).toBe("opted_out");
    // The first owner's delivery, suppression list and contact are as they were.
    expect(await deliveryOf(ctx.db.db, first.campaignId, shared)).toEqual(mine);
    expect(await suppressionOf(ctx.db.db, mine.owner_id, shared)).toBeNull();
    const untouched = await contactView(first.client, shared);
    expect(untouched.consent).not.toBe("opted_out");
    expect(untouched.activities.map((x) => x.type)).not.toContain("email_complained");
  });
});
