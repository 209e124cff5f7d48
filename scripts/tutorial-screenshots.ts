// `npm run screenshots:tutorials`: the screenshots of the /tutorials page, taken from the real
// product. It builds nothing and starts nothing: run the app first (e.g. `npm start`), then point
// this at it with TUTORIAL_BASE_URL (default http://localhost:5000). It registers a fresh user
// through the API, walks through the four guides and writes JPEGs to apps/web/public/tutorials/.
// TUTORIAL_GUIDES=domain (a comma list of website, contacts, campaign, domain) retakes only some.
// The domain guide registers sakura-ramen.jp, so run the app against the local registrar
// (`npm run registrar:local`, then REGISTRAR_API_BASE=http://127.0.0.1:12112
// REGISTRAR_API_TOKEN=pat_local REGISTRAR_JPY_RATE=160) on a fresh database, with
// SITES_CNAME_TARGET=sites.shobai.jp for a realistic DNS record. Not part of `npm test`.

import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium, type Locator, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const BASE_URL = (process.env.TUTORIAL_BASE_URL ?? process.env.BASE_URL ?? "http://localhost:5000").replace(
  /\/$/,
  "",
);
const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/public/tutorials");
const QUALITY = 70;
/** Images above this are reported, so a heavy screenshot is noticed. */
const MAX_BYTES = 120 * 1024;
const SENDER = "shop@sakura.example.jp";
const GUIDES = new Set(
  (process.env.TUTORIAL_GUIDES ?? "website,contacts,campaign,domain").split(",").map((g) => g.trim()),
);

const written: { file: string; bytes: number }[] = [];

async function shoot(page: Page, name: string, target?: Locator): Promise<void> {
  // Let toasts, fades and lazy chunks settle before the picture.
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.waitForTimeout(400);
  const file = path.join(OUT_DIR, `${name}.jpg`);
  const options = { path: file, type: "jpeg" as const, quality: QUALITY, animations: "disabled" as const };
  if (target) await target.screenshot(options);
  else await page.screenshot(options);
  const { size } = await stat(file);
  written.push({ file: path.relative(process.cwd(), file), bytes: size });
}

/** Removes the toasts so they do not cover the next picture. */
async function clearToasts(page: Page): Promise<void> {
  await page.keyboard.press("Escape").catch(() => undefined);
  await page.waitForTimeout(300);
}

async function register(context: BrowserContext): Promise<void> {
  const stamp = Date.now();
  const res = await context.request.post(`${BASE_URL}/api/auth/register`, {
    data: {
      email: `tutorial-${stamp}@example.jp`,
      password: `tutorial-${stamp}-pass`,
      firstName: "花子",
      lastName: "佐藤",
    },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
}

/** Guide 1 and 4: describe the business, generate, open the site; then its address. */
async function firstWebsite(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/websites`);
  await page.getByTestId("websites-empty").waitFor();
  await page
    .getByTestId("websites-description")
    .fill(
      "さくらラーメンは東京・中目黒で15年続くラーメン店です。鶏白湯スープと自家製麺が自慢で、ランチは11時から、夜は22時まで営業しています。",
    );
  await page.getByTestId("websites-business-type").click();
  await page.getByTestId("websites-business-type-restaurant").click();
  await page.evaluate("window.scrollTo(0, 130)");
  await shoot(page, "website-1-describe");

  await page.getByTestId("websites-generate-submit").click();
  const card = page.getByTestId("website-card").first();
  await card.waitFor({ timeout: 60_000 });
  await page.waitForTimeout(5_500); // the success toast fades
  const grid = page.getByRole("heading", { name: "あなたのウェブサイト" });
  const box = await grid.boundingBox();
  if (box) await page.evaluate(`window.scrollBy(0, ${Math.round(box.y - 80)})`);
  await shoot(page, "website-2-generated");

  const [site] = await Promise.all([
    page.context().waitForEvent("page"),
    card.getByTestId("website-preview").click(),
  ]);
  await site.setViewportSize({ width: 1280, height: 800 });
  await site.waitForLoadState("networkidle");
  await shoot(site, "website-3-site");
  await site.close();

  // Guide 4: the site's Shobai address, on its settings screen.
  await card.getByTestId("website-edit").click();
  await page.getByTestId("website-settings-address").waitFor();
  await shoot(page, "domain-1-address");
}

/** Guide 2: CRM → import a CSV file → the report. */
async function importContacts(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/crm`);
  await page.getByTestId("crm-empty").waitFor();
  await page.getByTestId("crm-import").hover();
  await shoot(page, "contacts-1-crm");

  const csv = [
    "姓,名,メールアドレス,会社名,電話番号",
    "山田,太郎,taro@example.jp,山田商店,03-1234-5678",
    "鈴木,花子,hanako@example.jp,鈴木デザイン事務所,090-1234-5678",
    "高橋,美咲,misaki@example.jp,さくらカフェ,",
    "田中,一郎,ichiro@example.jp,,",
    "山田,太郎,taro@example.jp,山田商店,03-1234-5678",
  ].join("\n");
  await page.getByTestId("crm-import-input").setInputFiles({
    name: "顧客リスト.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "utf8"),
  });
  await page.getByTestId("crm-import-report").waitFor();
  await shoot(page, "contacts-2-report");
  await page.getByTestId("crm-import-close").click();
  await clearToasts(page);
  await page.getByTestId("crm-row").first().waitFor();
  await page.waitForTimeout(5_000);
  await shoot(page, "contacts-3-list");
}

/** Guide 3: verify a sender through the outbox link, create a newsletter, start it. */
async function firstCampaign(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/email-management`);
  await page.getByTestId("email-tab-verify").click();
  await page.getByTestId("verify-sender-email").fill(SENDER);
  await page.getByTestId("verify-sender-submit").click();
  for (let i = 0; i < 40; i += 1) {
    const outbox = (await (await page.request.get(`${BASE_URL}/api/email/outbox`)).json()) as unknown[];
    if (outbox.length > 0) break;
    await page.waitForTimeout(250);
  }
  await page.reload();
  await page.getByTestId("email-tab-verify").click();
  await page.getByTestId("outbox-item").first().click();
  const link = page
    .getByTestId("outbox-message")
    .getByRole("link", { name: /verify-sender\/confirm/ })
    .first();
  await link.waitFor();
  await page.getByTestId("outbox-message").scrollIntoViewIfNeeded();
  await page.evaluate("window.scrollBy(0, -140)");
  await shoot(page, "campaign-1-verify");
  const href = await link.getAttribute("href");
  const confirm = await page.context().newPage();
  await confirm.goto(new URL(String(href), BASE_URL).toString());
  await confirm.close();

  await page.goto(`${BASE_URL}/email`);
  await page.getByTestId("campaign-create-open").click();
  await page.getByTestId("campaign-name").fill("春の新メニューのお知らせ");
  await page.getByTestId("campaign-type").click();
  await page.getByRole("option", { name: "ニュースレター" }).click();
  await page.getByTestId("campaign-subject").fill("{{lastName}}様 春の新メニューができました");
  await page
    .getByTestId("campaign-content")
    .fill("{{lastName}} {{firstName}}様\n\nいつもありがとうございます。春限定のメニューを始めました。");
  await page.getByTestId("campaign-from-email").fill(SENDER);
  await page.getByTestId("campaign-name").scrollIntoViewIfNeeded();
  await shoot(page, "campaign-2-create");
  await page.getByTestId("campaign-submit").click();

  const row = page.locator('[data-testid="campaign-row"][data-campaign-name="春の新メニューのお知らせ"]');
  await row.waitFor();
  await row.getByTestId("campaign-toggle").click();
  for (let i = 0; i < 60; i += 1) {
    const list = (await (await page.request.get(`${BASE_URL}/api/email-campaigns`)).json()) as {
      stats: { emailsSent: number };
    }[];
    if ((list[0]?.stats.emailsSent ?? 0) >= 4) break;
    await page.waitForTimeout(500);
  }
  await page.reload();
  await row.waitFor();
  await page.waitForTimeout(1_000);
  await shoot(page, "campaign-3-started");
}

/** Guide 4: search a domain, register it, connect www to the site and see the DNS record to set. */
async function connectDomain(page: Page): Promise<void> {
  if (!GUIDES.has("website")) {
    const created = await page.request.post(`${BASE_URL}/api/websites/generate`, {
      data: {
        businessDescription:
          "さくらラーメンは東京・中目黒で15年続くラーメン店です。鶏白湯スープと自家製麺が自慢です。",
        businessType: "restaurant",
      },
    });
    if (created.status() !== 201)
      throw new Error(`generate failed: ${created.status()} ${await created.text()}`);
  }
  await page.goto(`${BASE_URL}/domain-management`);
  await page.getByTestId("domain-service-state").waitFor();
  await page.getByTestId("domain-search-input").fill("sakura-ramen.jp");
  await page.getByTestId("domain-search-submit").click();
  await page.getByTestId("domain-search-price").waitFor();
  await page.waitForTimeout(5_500); // the "available" toast fades
  await shoot(page, "domain-2-search");

  await page.getByTestId("domain-search-register").click();
  const form = page.getByTestId("domain-register-form");
  await form.getByLabel("姓", { exact: true }).fill("佐藤");
  await form.getByLabel("名", { exact: true }).fill("花子");
  await form.getByLabel("メールアドレス").fill("hanako@sakura.example.jp");
  await form.getByLabel("電話番号").fill("03-1234-5678");
  await form.getByLabel("郵便番号").fill("153-0051");
  await form.getByLabel("都道府県").click();
  await page.getByRole("option", { name: "東京都" }).click();
  await form.getByLabel("市区町村").fill("目黒区上目黒");
  await form.getByLabel("番地・建物名").fill("1-2-3");
  await page.getByTestId("domain-register-submit").click();
  await page.getByTestId("owned-domain").filter({ hasText: "sakura-ramen.jp" }).waitFor({ timeout: 20_000 });

  await page.getByTestId("connect-open").click();
  const dialog = page.getByTestId("connect-domain-dialog");
  await dialog.getByTestId("connect-hostname").fill("www.sakura-ramen.jp");
  await dialog.getByTestId("connect-website").click();
  await page.getByRole("option").first().click();
  await dialog.getByTestId("connect-submit").click();
  const connection = page.getByTestId("connection").filter({ hasText: "www.sakura-ramen.jp" });
  await connection.getByTestId("dns-record").first().waitFor();
  await page.waitForTimeout(5_500); // the "added" toast fades
  await page.getByTestId("connections").scrollIntoViewIfNeeded();
  const box = await page.getByTestId("connections").boundingBox();
  if (box) await page.evaluate(`window.scrollBy(0, ${Math.round(box.y - 80)})`);
  await shoot(page, "domain-3-connection");
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: "ja-JP",
      timezoneId: "Asia/Tokyo",
    });
    // The cookie banner answered "Necessary only", so it never covers a screenshot.
    await context.addInitScript(`
      window.localStorage.setItem("cookie_consent", ${JSON.stringify(
        JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }),
      )});
      window.localStorage.setItem("cookie_consent_date", new Date().toISOString());
    `);
    await register(context);
    const page = await context.newPage();
    if (GUIDES.has("website")) await firstWebsite(page);
    if (GUIDES.has("contacts")) await importContacts(page);
    if (GUIDES.has("campaign")) await firstCampaign(page);
    if (GUIDES.has("domain")) await connectDomain(page);
  } finally {
    await browser.close();
  }
  for (const { file, bytes } of written) {
    const flag = bytes > MAX_BYTES ? "  (over 120 KB)" : "";
    console.log(`${file}  ${(bytes / 1024).toFixed(0)} KB${flag}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
