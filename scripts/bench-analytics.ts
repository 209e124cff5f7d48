// Analytics figures for `npm run bench`: sustained ingestion through the real HTTP endpoint on
// PostgreSQL (and PGlite beside it), and the 90-day report of a site with 10 million events.

// The app here runs in this process: with an app process's V8 settings (decision 0063).
import "../apps/server/src/runtime-flags";
import { Worker } from "node:worker_threads";
import { buildApp } from "../apps/server/src/app";
import { type DbHandle, openDatabase } from "../apps/server/src/db/client";
import { runMigrations } from "../apps/server/src/db/migrate";
import { COLLECT_PATH } from "../apps/server/src/features/analytics/tracker";
import { createFreshPostgres } from "../apps/server/src/testing/test-database";

export type BenchRow = {
  name: string;
  value: number;
  unit: string;
  budget: number;
  higherIsBetter?: boolean;
};

const POSTGRES =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const LOAD_SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 10);
/**
 * Beacons in flight at once. A beacon is answered once its event is stored (decision 0024), a few
 * milliseconds, so the rate depends on how many visitors send at once: real traffic is many.
 */
export const VISITOR_CONNECTIONS = 256;
const REPORT_EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 10_000_000);

/**
 * The load generator: keep-alive connections on loopback, one request in flight on each, sending
 * beacons until time is up. Plain sockets with prepared requests, so that the generator leaves as
 * much of the 2 cores as it can to the server and the database it measures.
 */
export const LOAD_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const net = require("node:net");
const { port, host, path, seconds, connections, offset = 0 } = workerData;
const UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Mobile/15E148 Safari/604.1";
// Real traffic: each visitor (own address, own browser) views three pages and leaves; the flood
// caps (decision 0017) never touch it. Bodies are prepared; the per-visitor headers are a short concat.
const head = "POST " + path + " HTTP/1.1\\r\\nHost: " + host + ":" + port + "\\r\\nContent-Type: text/plain;charset=UTF-8\\r\\n";
const bodies = [];
for (let i = 0; i < 4000; i++) {
  const body = JSON.stringify({ k: i % 4 === 3 ? "leave" : "pageview", p: i % 2 ? "/ja/" : "/en/",
    r: i % 5 === 0 ? "https://www.google.co.jp/" : "", w: [390, 820, 1440][i % 3], l: "ja-JP", d: i % 4 === 3 ? 42000 : undefined });
  bodies.push("Content-Length: " + Buffer.byteLength(body) + "\\r\\n\\r\\n" + body);
}
const request = (n) => {
  const v = (n >> 2) + offset;
  return head + "User-Agent: " + UA + " v" + v + "\\r\\nX-Forwarded-For: 10." + ((v >> 16) & 255) + "." + ((v >> 8) & 255) + "." + (v & 255) +
    "\\r\\n" + bodies[n % bodies.length];
};
const started = Date.now();
const end = started + seconds * 1000;
let ok = 0, failed = 0, open = connections;
function connection(c) {
  let n = c, pending = "";
  const socket = net.connect(port, "127.0.0.1", () => socket.write(request(n)));
  socket.setNoDelay(true);
  socket.on("data", (chunk) => {
    pending += chunk.toString("latin1");
    let at;
    while ((at = pending.indexOf("\\r\\n\\r\\n")) >= 0) {
      if (pending.startsWith("HTTP/1.1 202")) ok++; else failed++;
      pending = pending.slice(at + 4);
      if (Date.now() >= end) { socket.end(); return; }
      n += connections;
      socket.write(request(n));
    }
  });
  socket.on("error", () => { failed++; });
  socket.on("close", () => { if (--open === 0) parentPort.postMessage({ ok, failed, started }); });
}
for (let c = 0; c < connections; c++) connection(c);
`;

export type BeaconLoad = {
  port: number;
  /** The site's host name: beacons are taken on a site's own host. */
  host: string;
  seconds: number;
  connections?: number;
  /** First visitor number: runs and processes that must not share visitors use distinct ones. */
  offset?: number;
};

/**
 * Runs the load generator (LOAD_WORKER) in a thread of its own until `seconds` are up: beacons
 * answered 202 (ok), failed, and when it began sending (Date.now(), the same clock as this thread's).
 */
export function sendBeacons(load: BeaconLoad): Promise<{ ok: number; failed: number; started: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, {
      eval: true,
      workerData: { connections: VISITOR_CONNECTIONS, ...load, path: COLLECT_PATH },
    });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

async function startApp(database: DbHandle) {
  const app = await buildApp({
    database,
    authSecret: "b".repeat(40),
    webDistDir: null,
    authRateLimit: { max: 100_000, windowSeconds: 60 },
    // The load generator gives each visitor its own address in X-Forwarded-For.
    trustProxy: true,
    // Many visitors: hundreds of connections, all from 127.0.0.1 on this machine.
    connections: { maxPerIp: 0 },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  const json = { "content-type": "application/json" };
  const reg = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      email: `owner-${Date.now()}@example.jp`,
      password: "bench-password",
      firstName: "B",
    }),
  });
  const cookie = (reg.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const generated = await fetch(`${base}/api/websites/generate`, {
    method: "POST",
    headers: { ...json, cookie },
    body: JSON.stringify({
      businessDescription: "渋谷の小さなラーメン店「さくら」です。",
      languages: ["ja", "en"],
    }),
  });
  const site = (await generated.json()) as { id: string; slug: string };
  if (!site.slug) throw new Error(`site generation failed: ${JSON.stringify(site)}`);
  return { app, port, base, cookie, site };
}

/** Events per second stored, while one worker thread keeps VISITOR_CONNECTIONS busy for LOAD_SECONDS. */
async function ingestionRate(database: DbHandle): Promise<{ rate: number; failed: number }> {
  const { app, port, site } = await startApp(database);
  try {
    const before = app.services.analytics.counters().stored;
    const result = await sendBeacons({ port, host: `${site.slug}.localhost`, seconds: LOAD_SECONDS });
    // From the first beacon sent (the worker's clock is this thread's) until every event is stored.
    const sent = Date.now();
    await app.services.analytics.flush();
    const seconds = (Date.now() - result.started) / 1000;
    console.log(
      `analytics: ${database.kind}: ${result.ok} beacons accepted in ${((sent - result.started) / 1000).toFixed(1)} s, ` +
        `the rest written ${((Date.now() - sent) / 1000).toFixed(2)} s after the last`,
    );
    const { stored: after, flooded } = app.services.analytics.counters();
    const stored = after - before;
    if (flooded > 0) throw new Error(`${flooded} events of real traffic were taken for a flood`);
    if (stored !== result.ok) throw new Error(`accepted ${result.ok} events but stored ${stored}`);
    return { rate: stored / seconds, failed: result.failed };
  } finally {
    await app.close();
  }
}

/** REPORT_EVENTS events over the last 90 days, in time order as they would arrive, 5 events a visit. */
async function seedEvents(database: DbHandle, websiteId: string): Promise<void> {
  const chunk = 1_000_000;
  const span = 90 * 86_400;
  for (let from = 1; from <= REPORT_EVENTS; from += chunk) {
    const to = Math.min(REPORT_EVENTS, from + chunk - 1);
    await database.execute(`
      INSERT INTO analytics_events (website_id, created_at, visitor, kind, path, referrer, device, lang, duration_ms)
      SELECT '${websiteId}',
        now() - make_interval(secs => ${span} - (g::float8 * ${span} / ${REPORT_EVENTS})),
        ((g / 5) * 2654435761) % 1099511627776,
        CASE WHEN g % 5 = 4 THEN 2 WHEN g % 101 = 0 THEN 3 ELSE 1 END,
        (ARRAY['/', '/ja/', '/en/', '/ja/thanks/'])[1 + (g / 5) % 4],
        CASE (g / 5) % 6 WHEN 0 THEN 'google.co.jp' WHEN 1 THEN 'search.yahoo.co.jp' WHEN 2 THEN 'instagram.com' ELSE NULL END,
        (ARRAY['mobile', 'desktop', 'tablet'])[1 + (g / 5) % 3],
        (ARRAY['ja', 'en', 'zh', 'ko'])[1 + (g / 5) % 4],
        CASE WHEN g % 5 = 4 THEN 30000 ELSE NULL END
      FROM generate_series(${from}, ${to}) g`);
  }
  // The site has been online for the whole period, so the daily job rolls up every finished day.
  await database.execute(
    `UPDATE websites SET created_at = now() - interval '91 days' WHERE id = '${websiteId}'`,
  );
  await database.execute("ANALYZE analytics_events");
}

async function reportTimes(database: DbHandle, rows: BenchRow[]): Promise<void> {
  const { app, base, cookie, site } = await startApp(database);
  try {
    const s0 = performance.now();
    await seedEvents(database, site.id);
    const seeded = (performance.now() - s0) / 1000;
    const r0 = performance.now();
    const job = await app.services.analytics.maintain();
    const rolled = (performance.now() - r0) / 1000;
    console.log(
      `analytics: ${REPORT_EVENTS.toLocaleString("en")} events seeded in ${seeded.toFixed(0)} s; ` +
        `${job.rolledUp.length} days rolled up in ${rolled.toFixed(0)} s`,
    );
    const url = `${base}/api/analytics/${site.id}?range=90d`;
    const once = async () => {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      const body = (await res.json()) as { totals?: { pageviews: number } };
      if (!res.ok || !body.totals) throw new Error(`report: HTTP ${res.status}`);
      return performance.now() - t0;
    };
    // The first read computes today live from the raw events; later ones reuse it until new events arrive.
    const cold = await once();
    const times: number[] = [];
    for (let i = 0; i < 30; i++) times.push(await once());
    times.sort((a, b) => a - b);
    const label = `90-day report, ${REPORT_EVENTS / 1e6}M events`;
    rows.push({ name: `${label} p50`, value: times[15] ?? 0, unit: "ms", budget: 100 });
    rows.push({ name: `${label} first (today live)`, value: cold, unit: "ms", budget: 1000 });
  } finally {
    await app.close();
  }
}

export async function analyticsFigures(rows: BenchRow[]): Promise<void> {
  let postgres: Awaited<ReturnType<typeof createFreshPostgres>> | null = null;
  try {
    postgres = await createFreshPostgres(POSTGRES, "shobai_bench");
  } catch (err) {
    console.log(
      `analytics: PostgreSQL at ${POSTGRES} is not reachable (${String(err)}); PostgreSQL figures skipped`,
    );
  }
  if (postgres) {
    try {
      const pg = await ingestionRate(postgres);
      rows.push({
        name: "ingestion, PostgreSQL",
        value: pg.rate,
        unit: "ev/s",
        budget: 5000,
        higherIsBetter: true,
      });
      if (pg.failed > 0) console.log(`analytics: ${pg.failed} beacons failed on PostgreSQL`);
      await postgres.execute(
        "TRUNCATE analytics_events, analytics_daily, analytics_daily_dims, analytics_rollup_runs",
      );
      await reportTimes(postgres, rows);
    } finally {
      await postgres.drop();
    }
  }
  const pglite = await openDatabase({ kind: "pglite", dir: null });
  try {
    await runMigrations(pglite);
    const lite = await ingestionRate(pglite);
    console.log(
      `analytics: ingestion on PGlite ${lite.rate.toFixed(0)} events/s (for comparison; no budget)`,
    );
  } finally {
    await pglite.close();
  }
}
