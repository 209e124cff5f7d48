// Where the time of one request goes (not part of `npm run bench`): one app process (with
// --cpu-prof unless PROF=0, profile in /tmp/prof), an owner with 20 contacts, autocannon on one
// path; prints the rate, CPU time per request of the app, PostgreSQL (all its processes) and the
// load generator, and transactions per request. `npx tsx scripts/prof-throughput.ts /api/contacts`
// (SECONDS=8 by default; KEEP=1 keeps the database for EXPLAIN).
import path from "node:path";
import autocannon from "autocannon";
import { startAppProcess } from "../apps/server/src/testing/app-process";
import { createFreshPostgres } from "../apps/server/src/testing/test-database";

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
  ...(profile ? { NODE_OPTIONS: "--cpu-prof --cpu-prof-dir=/tmp/prof" } : {}),
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
const check = await fetch(`${base}${target}`, { headers: { cookie } });
console.log(target, check.status, (await check.text()).length, "bytes");
await autocannon({ url: `${base}${target}`, connections: 50, duration: 3, headers: { cookie } });
const stat = async () => {
  const pgc = new (await import("pg")).default.Client({ connectionString: db.url });
  await pgc.connect();
  const row = (
    await pgc.query("select xact_commit::int as x from pg_stat_database where datname = current_database()")
  ).rows[0];
  await pgc.end();
  return row.x as number;
};
const { readFileSync, readdirSync } = await import("node:fs");
const ticks = (pid: string | number) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "latin1").split(") ")[1]?.split(" ") ?? [];
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
};
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
const c0 = { app: ticks(app.child.pid ?? 0), pg: pgTicks(), me: process.cpuUsage() };
const x0 = await stat();
const r = await autocannon({
  url: `${base}${target}`,
  connections: 50,
  duration: Number(process.env.SECONDS ?? 8),
  headers: { cookie },
});
const c1 = { app: ticks(app.child.pid ?? 0), pg: pgTicks(), me: process.cpuUsage(c0.me) };
const n = r.requests.total;
console.log(
  `CPU µs per request: app ${(((c1.app - c0.app) * 10_000) / n).toFixed(0)}, postgres ${(((c1.pg - c0.pg) * 10_000) / n).toFixed(0)}, load generator ${((c1.me.user + c1.me.system) / n).toFixed(0)}`,
);
await new Promise((res) => setTimeout(res, 600));
console.log("transactions per request", ((await stat()) - x0) / r.requests.total);
console.log(`${target}: ${r.requests.average} req/s p99 ${r.latency.p99} non2xx ${r.non2xx}`);
await app.stop();
if (process.env.KEEP) console.log("kept", db.url);
else await db.drop();
process.exit(0);
