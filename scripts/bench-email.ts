// Email figure for `npm run bench`: a 10,000-recipient newsletter sent by the campaign engine to a
// real SMTP server on loopback (smtp-server, in its own thread so that it does not share the
// engine's event loop). Every message is DKIM-signed (RSA-2048) and has its own VERP envelope sender,
// as in production. The engine must not be the bottleneck: at least 1,000 messages a second.

import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { buildApp } from "../apps/server/src/app";
import { resolveEmailProviders } from "../apps/server/src/providers/email/config";
import { createFreshPostgres } from "../apps/server/src/testing/test-database";
import type { BenchRow } from "./bench-analytics";

const POSTGRES =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 10_000);

const SMTP_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { SMTPServer } = require(workerData.smtpServer);
let received = 0;
let signed = 0;
const server = new SMTPServer({
  authOptional: true, disabledCommands: ["STARTTLS", "AUTH"], logger: false, disableReverseLookup: true, size: 1024 * 1024,
  onData(stream, session, callback) { let head = ""; stream.on("data", (c) => { if (head.length < 4096) head += c.toString("latin1"); }); stream.on("end", () => { received++; if (/^DKIM-Signature: /m.test(head) && session.envelope.mailFrom.address.startsWith("bounce+")) signed++; callback(); }); },
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.server.address().port }));
parentPort.on("message", (m) => { if (m === "count") { const cpu = process.threadCpuUsage(); parentPort.postMessage({ received, signed, cpuMs: (cpu.user + cpu.system) / 1000 }); } if (m === "stop") server.close(() => process.exit(0)); });
`;

export async function emailFigures(rows: BenchRow[]): Promise<void> {
  let database: Awaited<ReturnType<typeof createFreshPostgres>>;
  try {
    database = await createFreshPostgres(POSTGRES, "shobai_bench_email");
  } catch (err) {
    console.log(
      `email: PostgreSQL at ${POSTGRES} is not reachable (${String(err)}); campaign figure skipped`,
    );
    return;
  }
  const smtpServer = createRequire(import.meta.url).resolve("smtp-server");
  const smtp = new Worker(SMTP_WORKER, { eval: true, workerData: { smtpServer } });
  const ask = <T>(message: string) =>
    new Promise<T>((resolve) => {
      smtp.once("message", resolve);
      smtp.postMessage(message);
    });
  const { port } = await new Promise<{ port: number }>((resolve) => smtp.once("message", resolve));
  // The platform's DKIM key: the owner's domain is not authenticated, so mail goes "via" the
  // platform, signed with it (decision 0036).
  const keyFile = path.join(mkdtempSync(path.join(tmpdir(), "shobai-bench-dkim-")), "dkim.pem");
  writeFileSync(
    keyFile,
    generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    }).privateKey,
  );
  const app = await buildApp({
    database,
    authSecret: "b".repeat(40),
    webDistDir: null,
    authRateLimit: { max: 100_000, windowSeconds: 60 },
    email: {
      providers: resolveEmailProviders({
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        EMAIL_FROM: "noreply@shobai.example",
        DKIM_PRIVATE_KEY_FILE: keyFile,
      }),
      from: "noreply@shobai.example",
      bounceDomain: "bounces.shobai.example",
      ratePerSecond: 10_000,
      tickMs: null,
    },
  });
  try {
    await app.ready();
    const reg = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "mailer@example.jp", password: "bench-password", firstName: "B" },
    });
    const cookie = String(reg.headers["set-cookie"]).split(";")[0] ?? "";
    const owner = reg.json().id as string;
    // 10,000 emails are more than a trial's month allows: the shop is on Enterprise (30,000).
    await app.services.auth.setPlan("mailer@example.jp", "enterprise");
    // The owner's address and the sender were verified by the emailed links in the tests; here
    // they are set directly (starting a campaign needs both, decision 0018).
    await database.execute(`UPDATE users SET email_verified = true WHERE id = '${owner}'`);
    await database.execute(
      `INSERT INTO email_senders (id, owner_id, email, status) VALUES ('bench', '${owner}', 'shop@example.jp', 'verified')`,
    );
    // Campaigns go only to contacts whose marketing consent is recorded (decision 0040), and carry
    // the sender's name, postal address and contact point (decision 0041).
    await database.execute(`
      INSERT INTO email_settings (owner_id, sender_name, postal_address, contact_point)
      VALUES ('${owner}', '和菓子 さくら', '〒604-8005 京都府京都市中京区1-1', 'shop@example.jp')
      ON CONFLICT (owner_id) DO UPDATE SET sender_name = excluded.sender_name,
        postal_address = excluded.postal_address, contact_point = excluded.contact_point`);
    await database.execute(`
      INSERT INTO contacts (id, owner_id, first_name, last_name, email, status, marketing_consent, consent_source, consent_text, consent_updated_at)
      SELECT 'c' || g, '${owner}', '客' || g, '山田', 'guest' || g || '@example.jp', 'new', 'opted_in', 'import', 'bench list', now()
      FROM generate_series(1, ${RECIPIENTS}) g`);
    const created = await app.inject({
      method: "POST",
      url: "/api/email-campaigns",
      headers: { cookie },
      payload: {
        name: "Bench",
        type: "newsletter",
        subject: "{{firstName}}様へ 秋のお知らせ",
        content: "{{lastName}} {{firstName}}様\n\n新メニューのご案内です: https://sakura.example.jp/menu",
        fromEmail: "shop@example.jp",
      },
    });
    const id = created.json().id as string;
    const started = await app.inject({
      method: "PATCH",
      url: `/api/email-campaigns/${id}`,
      headers: { cookie },
      payload: { isActive: true },
    });
    if (started.statusCode !== 200)
      throw new Error(`campaign start: HTTP ${started.statusCode} ${started.body}`);
    // The sign-up confirmation went through the same SMTP server.
    const { received: before, cpuMs: sinkBefore } = await ask<{ received: number; cpuMs: number }>("count");
    const t0 = performance.now();
    let handled = 0;
    for (let round = 0; round < 1000 && handled < RECIPIENTS; round++)
      handled += await app.services.campaigns.tick(10);
    const seconds = (performance.now() - t0) / 1000;
    const after = await ask<{ received: number; signed: number; cpuMs: number }>("count");
    const received = after.received - before;
    if (received !== RECIPIENTS) throw new Error(`SMTP server received ${received} of ${RECIPIENTS} emails`);
    if (after.signed < RECIPIENTS)
      throw new Error(`only ${after.signed} of ${RECIPIENTS} emails were DKIM-signed with VERP`);
    console.log(
      `email: ${RECIPIENTS.toLocaleString("en")} campaign emails to a loopback SMTP server in ${seconds.toFixed(1)} s (the server's thread used ${((after.cpuMs - sinkBefore) / 1000).toFixed(1)} s of CPU)`,
    );
    rows.push({
      name: "campaign send rate (SMTP, DKIM, loopback)",
      value: RECIPIENTS / seconds,
      unit: "msg/s",
      budget: 1000,
      higherIsBetter: true,
    });
  } finally {
    await app.close();
    smtp.postMessage("stop");
    await database.drop();
  }
}
