// Where the time of one request goes (not part of `npm run bench`): one app process (with
// --cpu-prof unless PROF=0, profile in /tmp/prof), an owner with 20 contacts, autocannon on one
// path; prints the rate, CPU time per request of the app, PostgreSQL (all its processes) and the
// load generator, each app thread's share of a core, and transactions per request.
// `npx tsx scripts/prof-throughput.ts /api/contacts` (SECONDS=8 by default; KEEP=1 keeps the
// database for EXPLAIN). `beacons` as the path: analytics beacons of many visitors (bench-analytics's
// load generator) to a generated site instead. RUNS=n measures n runs on the same process;
// PRELOAD=/api/contacts loads that path for 5 s first (as the throughput bench does before its
// beacons); APP_NODE_OPTIONS replaces the app's NODE_OPTIONS; APP_OUTPUT=file keeps the app's
// output; SNAP=1 writes a heap snapshot before the beacons (with
// APP_NODE_OPTIONS="--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=DIR").
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { startAppProcess } from "../apps/server/src/testing/app-process";
import { createFreshPostgres } from "../apps/server/src/testing/test-database";
import { sendBeacons } from "./bench-analytics";

const target = process.argv[2] ?? "/api/contacts";
const profile = process.env.PROF !== "0";
const db = await createFreshPostgres(
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
  "shobai_prof",
);
const app = await startAppProcess({
  DATABASE_URL: db.url as string,
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  DATA_DIR: path.resolve("data/prof"),
  BACKUP_INTERVAL_HOURS: "0",
  AUTH_RATE_LIMIT_MAX: "100000",
  SIGNUP_RATE_LIMIT_PER_HOUR: "100000",
  LOG_LEVEL: "error",
  TRUST_PROXY: "1",
  MAX_CONNECTIONS_PER_IP: "0",
  ...(profile ? { NODE_OPTIONS: "--cpu-prof --cpu-prof-dir=/tmp/prof --cpu-prof-interval=250" } : {}),
  ...(process.env.APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.APP_NODE_OPTIONS } : {}),
});
const base = app.url;
const reg = await fetch(`${base}/api/auth/register`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: `p-${Date.now()}@example.jp`, password: "bench-password", firstName: "B" }),
});
const cookie = (reg.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
for (let i = 0; i < 20; i++) {
  await fetch(`${base}/api/contacts`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ firstName: `客${i}`, lastName: "山田", email: `guest${i}@example.jp` }),
  });
}
const beacons = target === "beacons";
let slug = "";
if (beacons) {
  const generated = await fetch(`${base}/api/websites/generate`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({
      businessDescription: "渋谷の小さなラーメン店「さくら」です。",
      languages: ["ja", "en"],
    }),
  });
  slug = ((await generated.json()) as { slug: string }).slug;
}
/** Beacons of many visitors for `seconds`; the number answered 202. */
const beaconsFor = async (seconds: number, offset: number) =>
  (await sendBeacons({ port: Number(new URL(base).port), host: `${slug}.localhost`, seconds, offset })).ok;
if (beacons) {
  if (process.env.PRELOAD)
    await autocannon({
      url: `${base}${process.env.PRELOAD}`,
      connections: 50,
      duration: 5,
      headers: { cookie },
    });
  if (process.env.SNAP) {
    const rss = () => readFileSync(`/proc/${app.child.pid}/status`, "latin1").match(/VmRSS:\s+(\d+)/)?.[1];
    console.log("rss kB before snapshot", rss());
    app.child.kill("SIGUSR2");
    await new Promise((r) => setTimeout(r, 8000));
  }
  if (process.env.WARM !== "0") await beaconsFor(3, 0);
} else {
  const check = await fetch(`${base}${target}`, { headers: { cookie } });
  console.log(target, check.status, (await check.text()).length, "bytes");
  await autocannon({ url: `${base}${target}`, connections: 50, duration: 3, headers: { cookie } });
}
const stat = async () => {
  const pgc = new (await import("pg")).default.Client({ connectionString: db.url });
  await pgc.connect();
  const row = (
    await pgc.query("select xact_commit::int as x from pg_stat_database where datname = current_database()")
  ).rows[0];
  await pgc.end();
  return row.x as number;
};
/** CPU ticks of a process from /proc: user and kernel mode ([0, 0] once it is gone). */
const times = (pid: string | number): [number, number] => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "latin1").split(") ")[1]?.split(" ") ?? [];
    return [Number(f[11]), Number(f[12])];
  } catch {
    return [0, 0];
  }
};
const ticks = (pid: string | number) => {
  const [user, kernel] = times(pid);
  return user + kernel;
};
const sysTicks = (pid: string | number) => times(pid)[1];
const pgTicks = () =>
  readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/comm`, "latin1").trim() === "postgres";
      } catch {
        return false;
      }
    })
    .reduce((a, p) => a + ticks(p), 0);
/** CPU ticks of each thread of a process, by thread name (the main thread is the process's own name). */
const threadTicks = (pid: number): Map<string, number> => {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name =
        tid === String(pid) ? "main" : readFileSync(`/proc/${pid}/task/${tid}/comm`, "latin1").trim();
      const [user, kernel] = times(`${pid}/task/${tid}`);
      out.set(name, (out.get(name) ?? 0) + user + kernel);
    } catch {}
  }
  return out;
};
const seconds = Number(process.env.SECONDS ?? 8);
/** Measured runs one after the other (RUNS, 1 by default): the same process, new visitors each run. */
for (let run = 0; run < Number(process.env.RUNS ?? 1); run++) {
  const th0 = threadTicks(app.child.pid ?? 0);
  const c0 = { app: ticks(app.child.pid ?? 0), pg: pgTicks(), me: process.cpuUsage() };
  const sys0 = sysTicks(app.child.pid ?? 0);
  const x0 = await stat();
  const t0 = performance.now();
  const r = beacons
    ? {
        requests: { total: await beaconsFor(seconds, 1_000_000 * (run + 1)), average: 0 },
        latency: { p99: 0 },
        non2xx: 0,
      }
    : await autocannon({ url: `${base}${target}`, connections: 50, duration: seconds, headers: { cookie } });
  if (beacons) r.requests.average = Math.round(r.requests.total / ((performance.now() - t0) / 1000));
  const c1 = { app: ticks(app.child.pid ?? 0), pg: pgTicks(), me: process.cpuUsage(c0.me) };
  const wall = (performance.now() - t0) / 1000;
  const th1 = threadTicks(app.child.pid ?? 0);
  console.log(
    "app threads, share of one core:",
    [...th1]
      .map(([name, t]) => [name, (t - (th0.get(name) ?? 0)) / 100 / wall] as const)
      .filter(([, share]) => share >= 0.01)
      .map(([name, share]) => `${name} ${(share * 100).toFixed(0)} %`)
      .join(", "),
  );
  const n = r.requests.total;
  console.log(
    `app's system share: ${(((sysTicks(app.child.pid ?? 0) - sys0) / Math.max(1, c1.app - c0.app)) * 100).toFixed(0)} %`,
  );
  console.log(
    `CPU µs per request: app ${(((c1.app - c0.app) * 10_000) / n).toFixed(0)}, postgres ${(((c1.pg - c0.pg) * 10_000) / n).toFixed(0)}, load generator ${((c1.me.user + c1.me.system) / n).toFixed(0)}`,
  );
  await new Promise((res) => setTimeout(res, 600));
  console.log("transactions per request", ((await stat()) - x0) / r.requests.total);
  console.log(`${target}: ${r.requests.average} req/s p99 ${r.latency.p99} non2xx ${r.non2xx}`);
}
if (process.env.APP_OUTPUT) writeFileSync(process.env.APP_OUTPUT, app.output());
await app.stop();
if (process.env.KEEP) console.log("kept", db.url);
else await db.drop();
process.exit(0);
