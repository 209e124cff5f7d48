import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, request } from "@playwright/test";
import { readMessage, type SmtpSink, startSmtpSink } from "../../apps/server/src/testing/smtp-sink";
import { expect, newAccount, test } from "./fixtures";

/**
 * Issue 22 through real SMTP: a second instance of the product (its own embedded database) sends
 * over SMTP to a loopback sink instead of keeping mail in the outbox. Both listen on ports the
 * system hands out (port 0), so nothing beyond this run's E2E_PORT range is claimed.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let sink: SmtpSink;
let server: ChildProcess;
let dataDir: string;
let baseURL: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-e2e-smtp-"));
  server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "warn",
      SMTP_URL: sink.url,
      EMAIL_PROVIDER: "smtp",
      EMAIL_FROM: "noreply@shobai.example",
      AUTH_RATE_LIMIT_MAX: "500",
      SIGNUP_RATE_LIMIT_PER_HOUR: "1000",
    },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 150_000, intervals: [1_000] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await sink?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Campaign mail carries the owner's list id (RFC 2919); platform mail does not. */
const isCampaignMail = (raw: string) => /^List-Id:/im.test(raw);

/** The link in the newest message the sink took for `to`. */
async function linkFromSink(to: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      for (const message of [...sink.to(to)].reverse()) {
        link = (await readMessage(message.raw)).text.match(pattern)?.[0];
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  return link as string;
}

async function api(context: APIRequestContext, method: "post" | "put" | "patch", url: string, data: object) {
  const res = await context[method](url, { data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

test("a site-form opt-in gets a scheduled, composed newsletter for a saved segment over SMTP with the footer; one click unsubscribes; the timeline shows it", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await request.newContext({ baseURL });
  const account = newAccount();
  expect((await owner.post("/api/auth/register", { data: account })).status()).toBe(201);
  const confirm = await linkFromSink(
    account.email,
    /http:\/\/[^\s]+\/api\/auth\/verify-email\?token=[\w%-]+/,
  );
  expect((await owner.get(confirm, { maxRedirects: 0 })).status()).toBe(302);

  const sender = "news@sakura-smtp.example.jp";
  await api(owner, "post", "/api/email/verify-sender", { email: sender });
  const verify = await linkFromSink(
    sender,
    /http:\/\/[^\s]+\/api\/email\/verify-sender\/confirm\?token=[\w-]+/,
  );
  expect((await owner.get(verify)).status()).toBe(200);
  await api(owner, "put", "/api/email/settings", {
    senderName: "さくらラーメン",
    senderEmail: sender,
    replyTo: "",
    postalAddress: "〒150-0001 東京都渋谷区神宮前1-2-3",
    contactPoint: "https://sakura.example.jp/contact",
  });

  // Three regulars tagged VIP, one without recorded consent; one opted-in guest without the tag.
  const contact = (email: string, lastName: string, consentText?: string) =>
    api(owner, "post", "/api/contacts", {
      lastName,
      firstName: "様",
      email,
      ...(consentText ? { consentText } : {}),
    });
  const vipA = await contact("vip-a@example.com", "青木", "店頭の申込書で同意");
  const vipB = await contact("vip-b@example.com", "井上", "店頭の申込書で同意");
  const vipNo = await contact("vip-none@example.com", "上田");
  await contact("guest@example.com", "江藤", "店頭の申込書で同意");
  for (const c of [vipA, vipB, vipNo])
    await api(owner, "put", `/api/contacts/${c.id}/tags`, { tags: ["VIP"] });

  // A visitor ticks the consent box on the owner's generated site and confirms by the mailed link.
  const site = await api(owner, "post", "/api/websites/generate", {
    businessDescription: "「Sakura Ramen」は渋谷の家族経営のラーメン店です。醤油ラーメンと餃子が人気。",
    businessType: "restaurant",
    languages: ["ja"],
  });
  const visitorContext = await browser.newContext({ javaScriptEnabled: false, locale: "ja-JP" });
  const visitor = await visitorContext.newPage();
  await visitor.goto(site.url);
  await visitor.getByLabel("お名前").fill("山田 花子");
  await visitor.getByLabel("メールアドレス", { exact: true }).fill("hanako@example.com");
  await visitor.getByLabel("お問い合わせ内容").fill("新メニューのお知らせがほしいです。");
  await visitor.locator("#f-consent").check();
  await visitor.getByRole("button", { name: "送信する" }).click();
  await visitor.waitForURL((url) => url.pathname.endsWith("/thanks/"));
  await visitor.goto(await linkFromSink("hanako@example.com", /http:\/\/[^\s]+\/e\/k\/[\w-]+/));
  await visitor.getByRole("button").first().click();
  await expect(visitor.locator("body")).toContainText("登録が完了しました");
  await visitorContext.close();
  const [hanako] = (await (await owner.get("/api/contacts?q=hanako%40example.com")).json()) as {
    id: string;
  }[];
  await api(owner, "put", `/api/contacts/${hanako?.id}/tags`, { tags: ["VIP"] });

  const tags = (await (await owner.get("/api/contact-tags")).json()) as { id: string; name: string }[];
  const vip = tags.find((t) => t.name === "VIP")?.id;
  const segment = await api(owner, "post", "/api/email/segments", {
    name: "常連",
    filter: { tagIds: [vip] },
  });
  expect(await api(owner, "post", "/api/email/segments/count", { tagIds: [vip] })).toMatchObject({
    matching: 4,
    included: 3,
    excluded: { noConsent: 1 },
  });

  const campaign = await api(owner, "post", "/api/email-campaigns", {
    name: "常連さまへ",
    type: "newsletter",
    subject: "{{lastName}}様へ 冬の限定メニュー",
    content: "-",
    fromEmail: sender,
    segmentId: segment.id,
    blocks: [
      { type: "heading", text: "冬の限定メニュー" },
      { type: "text", text: "{{lastName}}様\n味噌バターラーメンを始めました。" },
      { type: "button", label: "メニューを見る", href: "https://sakura.example.jp/menu" },
    ],
  });
  // Scheduled a little ahead: nothing before its time, then it starts once.
  const at = new Date(Date.now() + 15_000).toISOString();
  const scheduled = await api(owner, "patch", `/api/email-campaigns/${campaign.id}`, { scheduledAt: at });
  expect(scheduled.state).toBe("scheduled");
  expect(sink.messages.filter((m) => isCampaignMail(m.raw))).toHaveLength(0);

  await expect
    .poll(() => sink.messages.filter((m) => isCampaignMail(m.raw)).length, {
      timeout: 90_000,
      intervals: [1_000],
    })
    .toBe(3);
  const campaignMail = sink.messages.filter((m) => isCampaignMail(m.raw));
  expect(campaignMail.flatMap((m) => m.to).sort()).toEqual([
    "hanako@example.com",
    "vip-a@example.com",
    "vip-b@example.com",
  ]);

  const raw =
    sink
      .to("hanako@example.com")
      .filter((m) => isCampaignMail(m.raw))
      .at(-1)?.raw ?? "";
  const mail = await readMessage(raw);
  // Headers as sent (unfolded), as the receiving mail client reads them.
  const header = (name: string) =>
    raw
      .split(/\r?\n\r?\n/)[0]
      ?.replace(/\r?\n[ \t]+/g, " ")
      .split(/\r?\n/)
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim();
  expect(mail.subject).toBe("山田様へ 冬の限定メニュー");
  // The footer (特定電子メール法): sender, postal address, contact point, unsubscribe; HTML and text.
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain("さくらラーメン");
    expect(part).toContain("〒150-0001 東京都渋谷区神宮前1-2-3");
    expect(part).toContain("https://sakura.example.jp/contact");
    expect(part).toContain("配信停止");
  }
  expect(mail.text).toContain("メニューを見る: https://sakura.example.jp/menu");
  expect(mail.html).toContain("冬の限定メニュー");
  expect(mail.html).toMatch(/<table/); // MJML's email-safe layout
  expect(header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = String(header("List-Unsubscribe")).match(/<([^>]+)>/)?.[1] ?? "";
  expect(unsubscribe).toMatch(new RegExp(`^${baseURL.replace(/[.:/]/g, "\\$&")}/e/u/[a-f0-9]+$`));

  // One click, as a mail client does it (RFC 8058): the contact is opted out.
  const mailClient = await request.newContext();
  const posted = await mailClient.post(unsubscribe, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(posted.status()).toBeLessThan(400);
  const after = (await (await owner.get(`/api/contacts/${hanako?.id}`)).json()) as {
    marketingConsent: string;
    activities: { type: string; data: Record<string, string> }[];
  };
  expect(after.marketingConsent).toBe("opted_out");
  expect(await api(owner, "post", "/api/email/segments/count", { tagIds: [vip] })).toMatchObject({
    included: 2,
  });
  // The timeline: consent asked (with the box's wording) and given, the email as sent, the unsubscribe.
  const types = after.activities.map((a) => a.type);
  for (const type of ["form_submitted", "consent_requested", "consent_given", "email_sent", "unsubscribed"]) {
    expect(types).toContain(type);
  }
  expect(after.activities.find((a) => a.type === "email_sent")?.data.subject).toBe(
    "山田様へ 冬の限定メニュー",
  );
  await mailClient.dispose();
  await owner.dispose();
});
