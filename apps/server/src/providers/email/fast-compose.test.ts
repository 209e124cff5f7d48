import { createPrivateKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { dkimVerify } from "mailauth";
import { simpleParser } from "mailparser";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { beforeAll, describe, expect, it } from "vitest";
import { renderCampaignEmail } from "../../features/email/render";
import { composeFast } from "./fast-compose.mjs";

// The composer the SMTP provider's threads use for campaign mail (fast-compose.mjs) must give the
// bytes nodemailer's stream transport gives for the same options, and a DKIM signature that a
// receiving server verifies.

const SIGNED =
  "from:sender:reply-to:subject:date:message-id:to:cc:mime-version:content-type:content-transfer-encoding:list-unsubscribe:list-unsubscribe-post:list-id:auto-submitted";
let privateKey: KeyObject;
let publicKey: string;
beforeAll(() => {
  const keys = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  privateKey = createPrivateKey(keys.privateKey);
  publicKey = keys.publicKey.toString("base64");
});

const reference = nodemailer.createTransport({ streamTransport: true, buffer: true });

/** The bench's campaign mail, rendered the way the engine renders it. */
function campaignMail(overrides: Partial<SendMailOptions> = {}): SendMailOptions {
  const message = renderCampaignEmail({
    subject: "{{firstName}}様へ 秋のお知らせ",
    content: "{{lastName}} {{firstName}}様\n\n新メニューのご案内です: https://sakura.example.jp/menu",
    recipient: { firstName: "客1", lastName: "山田", company: "" },
    senderName: "和菓子 さくら",
    links: { base: "https://app.shobai.example", token: "t0k3n", linkId: () => "l1" },
    trackOpens: true,
    automatic: true,
    listId: "owner1.app.shobai.example",
    lang: "ja",
    postalAddress: "〒604-8005 京都府京都市中京区1-1",
    contactPoint: "shop@example.jp",
  });
  return {
    from: { name: "和菓子 さくら via Shobai", address: "noreply@shobai.example" },
    to: "guest1@example.jp",
    replyTo: "shop@example.jp",
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: message.headers,
    messageId: "<0123456789abcdef@shobai.example>",
    envelope: { from: "bounce+t0k3n@bounces.shobai.example", to: "guest1@example.jp" },
    dkim: {
      domainName: "shobai.example",
      keySelector: "s2026",
      privateKey: privateKey as never,
      headerFieldNames: SIGNED,
    },
    ...overrides,
  };
}

const FIXED = { date: new Date("2026-11-27T09:00:00Z"), baseBoundary: "00112233aabbccdd" };

async function both(mail: SendMailOptions) {
  const fast = await composeFast({ ...mail });
  const slow = await reference.sendMail({ ...mail });
  if (!fast) throw new Error("the fast composer declined the message");
  return { fast, slow: { raw: slow.message as Buffer, envelope: slow.envelope, messageId: slow.messageId } };
}

/** nodemailer leaves a 7bit part's bare LFs to the SMTP connection, which sends them as CRLF. */
const wire = (raw: Buffer) => raw.toString("latin1").replace(/\r?\n/g, "\r\n");

async function verifies(raw: Buffer) {
  const result = await dkimVerify(raw, {
    resolver: async (name: string) => {
      if (name !== "s2026._domainkey.shobai.example")
        throw Object.assign(new Error("no"), { code: "ENOTFOUND" });
      return [[`v=DKIM1; k=rsa; p=${publicKey}`]];
    },
  });
  return result.results.map((r: { status: { result: string } }) => r.status.result);
}

describe("composeFast", () => {
  it("builds a campaign mail byte for byte as nodemailer does, DKIM signature included", async () => {
    const { fast, slow } = await both(campaignMail(FIXED));
    expect(fast.raw.equals(slow.raw)).toBe(true);
    expect(fast.envelope).toEqual(slow.envelope);
    expect(fast.messageId).toBe(slow.messageId);
    expect(await verifies(fast.raw)).toEqual(["pass"]);
  });

  const cases: [string, Partial<SendMailOptions>][] = [
    [
      "ASCII text in 7bit, long HTML lines in quoted-printable, names to quote",
      {
        from: { name: "Sakura, Bakery (Kyoto)", address: "shop@example.jp" },
        to: { name: "Hanako Yamada", address: "hanako@Example.COM" },
        replyTo: undefined,
        subject: "Spring menu",
        text: "Hello Hanako,\n\nOur spring menu is here.\nLine with trailing spaces   \n\ttab  and  runs\n",
        html: `<p>${"Our spring menu is here. ".repeat(20)}</p>`,
        headers: { "List-Unsubscribe": "<https://app.shobai.example/e/u/abc>", "X-Campaign": "spring" },
      },
    ],
    [
      "mostly Japanese text in base64, no DKIM, no envelope",
      {
        subject: "こんにちは",
        text: "いつもご利用いただきありがとうございます。秋の新作をご用意しました。".repeat(5),
        html: `<p>${"いつもご利用いただきありがとうございます。".repeat(10)}</p>`,
        envelope: undefined,
        dkim: undefined,
        replyTo: { name: "店長", address: "owner@example.jp" },
      },
    ],
    [
      "DKIM with nodemailer's default list of signed fields",
      { dkim: { domainName: "Shobai.Example", keySelector: "s2026", privateKey: null as never } },
    ],
    [
      "a text part that does not end with a line break, whitespace at the end",
      { text: "Last line without break  ", html: "<p>x</p>\n\n\n", subject: "" },
    ],
    [
      "a long subject and a long header value, folded",
      {
        subject: `${"秋のお知らせと新メニューのご案内 ".repeat(6)}end`,
        headers: {
          "List-Unsubscribe": `<https://app.shobai.example/e/u/${"x".repeat(120)}>`,
          "List-Id": "<o.example>",
        },
      },
    ],
  ];
  it.each(cases)("matches nodemailer: %s", async (_name, overrides) => {
    const mail = campaignMail({ ...FIXED, ...overrides });
    if (mail.dkim && !mail.dkim.privateKey) mail.dkim.privateKey = privateKey as never;
    for (const key of Object.keys(mail) as (keyof SendMailOptions)[])
      if (mail[key] === undefined) delete mail[key];
    const { fast, slow } = await both(mail);
    expect(wire(fast.raw)).toBe(wire(slow.raw));
    expect(fast.envelope).toEqual(slow.envelope);
    expect(fast.messageId).toBe(slow.messageId);
    if (mail.dkim) expect(await verifies(fast.raw)).toEqual(["pass"]);
  });

  it("says the same as nodemailer with its own date and boundary: headers and decoded bodies", async () => {
    const { fast, slow } = await both(campaignMail());
    expect(await verifies(fast.raw)).toEqual(["pass"]);
    const [a, b] = await Promise.all([simpleParser(fast.raw), simpleParser(slow.raw)]);
    const headers = (m: typeof a) =>
      [...m.headerLines]
        .filter((h) => !["dkim-signature", "date", "content-type"].includes(h.key))
        .map((h) => h.line);
    expect(headers(a)).toEqual(headers(b));
    expect(a.text).toBe(b.text);
    expect(a.html).toBe(b.html);
    expect(a.subject).toBe(b.subject);
    expect(Math.abs((a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0))).toBeLessThan(5000);
  });

  it("leaves other shapes to nodemailer", async () => {
    expect(await composeFast(campaignMail({ attachments: [{ content: "x" }] }))).toBeNull();
    expect(await composeFast(campaignMail({ cc: "a@example.jp" }))).toBeNull();
    expect(await composeFast(campaignMail({ messageId: undefined }))).toBeNull();
    expect(await composeFast(campaignMail({ text: "" }))).toBeNull();
    expect(await composeFast(campaignMail({ html: '<img src="data:image/png;base64,AAAA">' }))).toBeNull();
    expect(await composeFast(campaignMail({ headers: { Subject: "other" } }))).toBeNull();
    expect(await composeFast(campaignMail({ to: "名前@例え.jp" }))).toBeNull();
  });
});
