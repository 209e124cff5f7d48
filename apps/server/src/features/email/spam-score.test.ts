import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveEmailProviders } from "../../providers/email/config";
import { RAMEN } from "../../testing/domains-fixtures";
import { postSiteForm } from "../../testing/site-requests";
import { readMessage, type SmtpSink, startSmtpSink } from "../../testing/smtp-sink";
import { createTestApp, TestClient, type TestContext } from "../../testing/test-app";
import { fillSenderDetails } from "../../testing/verified-sender";

/**
 * Every kind of mail Shobai sends, through SMTP to a loopback sink, judged by SpamAssassin's local
 * rules (`spamassassin -L -t`, Debian package `spamassassin`; CI installs it). Each must score
 * below 2.0, well under the usual 5.0 threshold, so that nothing of ours tips a mail into junk.
 */
const SPAMASSASSIN = "/usr/bin/spamassassin";
const haveSpamAssassin = existsSync(SPAMASSASSIN);
if (!haveSpamAssassin) console.warn("spam-score.test: spamassassin is not installed; skipped");

const PUBLIC_URL = "https://app.shobai.example";

function spamScore(raw: string): Promise<{ score: number; tests: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(SPAMASSASSIN, ["-L", "-t"], { maxBuffer: 10 * 1024 * 1024 }, (error, stdout) => {
      // -t exits 1 for spam; the report is what counts.
      const status = /X-Spam-Status: (?:Yes|No), score=(-?[\d.]+)[^\n]*(?:\n\s+[^\n]*)*/.exec(stdout);
      if (!status) return reject(error ?? new Error("no X-Spam-Status in SpamAssassin's answer"));
      resolve({ score: Number(status[1]), tests: status[0].replace(/\s+/g, " ") });
    });
    child.stdin?.end(raw);
  });
}

let sink: SmtpSink;
let ctx: TestContext;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({
    email: {
      providers: resolveEmailProviders({ SMTP_URL: sink.url }),
      from: "noreply@shobai.example",
      tickMs: null,
    },
    publicUrl: PUBLIC_URL,
  });
});
afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

/** The link (path and query) to `prefix` in the last mail to `address`. */
async function linkIn(address: string, prefix: string): Promise<string> {
  const mails = sink.to(address);
  const text = (await readMessage(mails.at(-1)?.raw ?? "")).text;
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const path = text.match(new RegExp(`${PUBLIC_URL.replace(/[./]/g, "\\$&")}(${escaped}[^\\s]+)`))?.[1];
  if (!path) throw new Error(`no ${prefix} link in the mail to ${address}`);
  return path;
}

describe.skipIf(!haveSpamAssassin)("what SpamAssassin makes of our mail", () => {
  it("scores every kind of mail below 2.0", { timeout: 180_000 }, async () => {
    // Sign-up: the confirmation mail.
    const owner = new TestClient(ctx.app);
    const email = "owner@sakura-ramen.example.jp";
    expect(
      (
        await owner.post("/api/auth/register", {
          email,
          password: "correct horse battery",
          firstName: "花子",
          lastName: "佐藤",
        })
      ).statusCode,
    ).toBe(201);
    await ctx.app.inject({ method: "GET", url: await linkIn(email, "/api/auth/verify-email") });
    await ctx.app.services.auth.setPlan(email, "business");
    // Forgot password: the reset mail (to the same owner, from another browser).
    await new TestClient(ctx.app).post("/api/auth/forgot-password", { email });
    // A sender address, verified through its mail.
    const sender = "info@sakura-ramen.example.jp";
    expect((await owner.post("/api/email/verify-sender", { email: sender })).statusCode).toBe(200);
    await ctx.app.inject({ method: "GET", url: await linkIn(sender, "/api/email/verify-sender/confirm") });
    await fillSenderDetails(owner);
    // A one-off reply.
    await owner.post("/api/email/send", {
      to: "guest@example.com",
      subject: "ご予約ありがとうございます",
      content: "佐藤様\n\nご予約を承りました。当日お待ちしております。\n\nさくらラーメン",
      fromEmail: sender,
    });
    // A welcome campaign and a short newsletter (defaults: no open pixel).
    const welcome = (
      await owner.post("/api/email-campaigns", {
        name: "ようこそ",
        subject: "{{firstName}}様、ご登録ありがとうございます",
        content: "{{firstName}}様\n\n季節のラーメンやお知らせをお届けします。\n\nさくらラーメン",
        fromEmail: sender,
      })
    ).json();
    await owner.patch(`/api/email-campaigns/${welcome.id}`, { isActive: true });
    await owner.post("/api/contacts", {
      consentText: "店頭の申込書で同意",
      firstName: "太郎",
      lastName: "山田",
      email: "taro@example.com",
    });
    const news = (
      await owner.post("/api/email-campaigns", {
        name: "冬の新メニュー",
        type: "newsletter",
        subject: "冬の新メニューのお知らせ",
        content:
          "{{firstName}}様\n\n冬限定の味噌ラーメンを始めました。\n詳しくは https://sakura-ramen.example.jp/menu をご覧ください。",
        fromEmail: sender,
      })
    ).json();
    await owner.patch(`/api/email-campaigns/${news.id}`, { isActive: true });
    // A visitor ticks the consent box on the site form: the double opt-in mail.
    const site = (await owner.post("/api/websites/generate", RAMEN)).json() as { slug: string };
    await postSiteForm(ctx.app, site.slug, {
      name: "鈴木 一郎",
      email: "ichiro@example.com",
      message: "営業時間を教えてください",
      lang: "ja",
      consent: "yes",
    });
    await ctx.app.services.campaigns.tick();

    const kinds: Record<string, string | undefined> = {
      "sign-up confirmation": sink.to(email)[0]?.raw,
      "password reset": sink.to(email)[1]?.raw,
      "sender verification": sink.to(sender)[0]?.raw,
      "one-off reply": sink.to("guest@example.com")[0]?.raw,
      "welcome campaign": sink.messages.find(
        (m) => m.to.includes("taro@example.com") && m.raw.includes("Auto-Submitted"),
      )?.raw,
      newsletter: sink.messages.find(
        (m) => m.to.includes("taro@example.com") && !m.raw.includes("Auto-Submitted:"),
      )?.raw,
      "consent confirmation": sink.to("ichiro@example.com")[0]?.raw,
    };
    const scores: Record<string, string> = {};
    await Promise.all(
      Object.entries(kinds).map(async ([kind, raw]) => {
        if (!raw) {
          scores[kind] = "not sent";
          return;
        }
        const { score, tests } = await spamScore(raw);
        scores[kind] = score < 2 ? "ok" : `${score} ${tests}`;
      }),
    );
    expect(scores).toEqual(Object.fromEntries(Object.keys(kinds).map((kind) => [kind, "ok"])));
  });
});
