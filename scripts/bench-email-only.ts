// The campaign send-rate figure of `npm run bench` alone (BENCH_CAMPAIGN_RECIPIENTS sets the list
// size): `npx tsx scripts/bench-email-only.ts`, or with a CPU profile
// `node --cpu-prof --import tsx scripts/bench-email-only.ts`. BENCH_SQL_STATS=1 also prints each
// kind of SQL statement the process ran: how many, and their wall time (first line of the text).

import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import type { BenchRow } from "./bench-analytics";
import { emailFigures } from "./bench-email";

// CPU time is steadier than the rate on a shared machine: this process's (all its threads) and that
// of the PostgreSQL backends serving the bench database (read from /proc while they run).
let benchDatabase: string | null = null;
const backendTicks = new Map<string, number>();
function sampleBackends(): void {
  if (!benchDatabase) return;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "latin1").includes(benchDatabase)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, "latin1").split(") ")[1]?.split(" ") ?? [];
      backendTicks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {}
  }
}
const sampler = setInterval(sampleBackends, 200);
const pgTicks = () => [...backendTicks.values()].reduce((a, b) => a + b, 0);
/** From the first claim to the end (the drop of the database): the sending, without the setup. */
type Mark = { cpu: NodeJS.CpuUsage; main: NodeJS.CpuUsage; pg: number; at: number };
const sending: { start?: Mark; end?: Mark } = {};
const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === "string" ? args[0] : "";
  const created = /^create database "([^"]+)"/.exec(text);
  if (created?.[1]) benchDatabase = created[1];
  const sql = typeof args[0] === "object" ? String((args[0] as { text?: string }).text ?? "") : text;
  if (!sending.start && sql.includes("FOR UPDATE OF d SKIP LOCKED")) {
    sampleBackends();
    sending.start = {
      cpu: process.cpuUsage(),
      main: process.threadCpuUsage(),
      pg: pgTicks(),
      at: performance.now(),
    };
  }
  if (/^drop database/.test(text)) {
    sampleBackends();
    sending.end ??= {
      cpu: process.cpuUsage(),
      main: process.threadCpuUsage(),
      pg: pgTicks(),
      at: performance.now(),
    };
  }
  return originalQuery.apply(this, args);
} as typeof pg.Client.prototype.query;
const cpuAtStart = process.cpuUsage();

const stats = new Map<string, { count: number; ms: number }>();
if (process.env.BENCH_SQL_STATS) {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const explained = new WeakSet<pg.Client>();
  const explainMs = Number(process.env.BENCH_SQL_EXPLAIN_MS ?? 0);
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    // Plans of statements slower than BENCH_SQL_EXPLAIN_MS go to the server's log (auto_explain).
    if (explainMs > 0 && !explained.has(this)) {
      explained.add(this);
      query.call(
        this,
        `LOAD 'auto_explain'; SET auto_explain.log_min_duration = ${explainMs}; SET auto_explain.log_analyze = on`,
      );
    }
    const first = args[0] as string | { text?: string };
    const text = (typeof first === "string" ? first : (first?.text ?? "?")).replace(/\s+/g, " ").trim();
    const key = text.slice(0, 110);
    const t0 = performance.now();
    const done = () => {
      const s = stats.get(key) ?? { count: 0, ms: 0 };
      s.count++;
      s.ms += performance.now() - t0;
      stats.set(key, s);
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (...results: unknown[]) => {
        done();
        return (callback as (...r: unknown[]) => unknown)(...results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === "function")
      (result as Promise<unknown>).then(done, done);
    return result;
  } as typeof pg.Client.prototype.query;
}

const rows: BenchRow[] = [];
await emailFigures(rows);
clearInterval(sampler);
const cpu = process.cpuUsage(cpuAtStart);
const pgSeconds = pgTicks() / 100;
for (const row of rows)
  console.log(`${row.name}: ${row.value.toFixed(0)} ${row.unit} (budget ${row.budget})`);
if (sending.start && sending.end) {
  const { start, end } = sending;
  const seconds = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) => (b.user + b.system - a.user - a.system) / 1e6;
  console.log(
    `cpu while sending: this process ${seconds(start.cpu, end.cpu).toFixed(1)} s (main thread ${seconds(start.main, end.main).toFixed(1)} s), PostgreSQL ${((end.pg - start.pg) / 100).toFixed(1)} s, in ${((end.at - start.at) / 1000).toFixed(1)} s`,
  );
}
console.log(
  `cpu: this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (user ${(cpu.user / 1e6).toFixed(1)}, system ${(cpu.system / 1e6).toFixed(1)}), PostgreSQL backends ${pgSeconds.toFixed(1)} s (whole run, setup included)`,
);
if (process.env.BENCH_SQL_STATS) {
  const sorted = [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
  for (const [text, s] of sorted)
    console.log(`${String(s.count).padStart(6)} ${s.ms.toFixed(0).padStart(7)} ms  ${text}`);
}
process.exit(0);
