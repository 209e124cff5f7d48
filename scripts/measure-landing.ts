// The landing page's first-load JavaScript alone (the figure `npm run bench` reports as "landing
// initial JS"), against a running server: `npx tsx scripts/measure-landing.ts http://localhost:PORT`.
import type { BenchRow } from "./bench-analytics";
import { landingScriptWeight } from "./bench-public";
import { CHROMIUM_PATH } from "./chromium";

const base = process.argv[2] ?? "http://localhost:5000";
const rows: BenchRow[] = [];
await landingScriptWeight(base, CHROMIUM_PATH, rows);
for (const row of rows)
  console.log(`${row.name}: ${row.value.toFixed(1)} ${row.unit} (budget ${row.budget})`);
