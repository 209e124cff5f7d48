// `npm run eval:generation`: generates a site for every description of the generation corpus
// (`../shared/eval/descriptions.jsonl`) and of our own cases (`packages/sitegen/eval/cases.jsonl`)
// through the real API (POST /api/websites/generate on an in-process server with a fresh embedded
// database), reads the hosted page as a visitor gets it, and prints per language and overall how
// many of the owner's facts the page shows and what it states that the owner never wrote.
// `--verbose` lists what each item missed or invented; `--only=ja-004` runs some items.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type DefaultTreeAdapterTypes, parse } from "parse5";
import { buildApp } from "../apps/server/src/app";
import { openDatabase } from "../apps/server/src/db/client";
import { runMigrations } from "../apps/server/src/db/migrate";
import {
  formatTable,
  GOALS,
  scoreItem,
  summarize,
  type TEvalItem,
  type TItemScore,
} from "../packages/sitegen/eval/measure";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CORPORA: [string, string][] = [
  ["corpus (../shared/eval/descriptions.jsonl)", path.resolve(root, "../shared/eval/descriptions.jsonl")],
  ["own cases (packages/sitegen/eval/cases.jsonl)", path.join(root, "packages/sitegen/eval/cases.jsonl")],
];
const verbose = process.argv.includes("--verbose");
const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",");

type Node = DefaultTreeAdapterTypes.Node;
const BLOCK =
  /^(p|li|dd|dt|h[1-6]|div|section|header|footer|summary|details|tr|td|th|a|span|label|button|strong)$/;

/** The text a visitor sees, one line per block; head, styles and scripts left out. */
function visibleText(html: string): string {
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeName === "#text") {
      out.push((node as DefaultTreeAdapterTypes.TextNode).value);
      return;
    }
    if (["head", "style", "script", "template"].includes(node.nodeName)) return;
    const block = BLOCK.test(node.nodeName);
    if (block) out.push("\n");
    for (const child of (node as DefaultTreeAdapterTypes.ParentNode).childNodes ?? []) walk(child);
    if (block) out.push("\n");
  };
  walk(parse(html));
  return out
    .join("")
    .replace(/\u2011/g, "-")
    .replace(/\u00a0/g, " ")
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n");
}

function readItems(file: string): TEvalItem[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as TEvalItem)
    .filter((item) => !only || only.includes(item.id));
}

const database = await openDatabase({ kind: "pglite", dir: null });
await runMigrations(database);
const app = await buildApp({
  database,
  authSecret: "e".repeat(40),
  webDistDir: null,
  authRateLimit: { max: 100_000, windowSeconds: 60 },
  registerRateLimit: { max: 100_000, windowSeconds: 3600 },
});
await app.ready();

const reg = await app.inject({
  method: "POST",
  url: "/api/auth/register",
  payload: { email: "eval@example.jp", password: "eval-password-123", firstName: "E" },
});
const cookie = String(reg.headers["set-cookie"] ?? "")
  .split(";")[0]
  ?.trim();
if (reg.statusCode !== 201 || !cookie) throw new Error(`register: HTTP ${reg.statusCode}`);
await app.services.auth.setPlan("eval@example.jp", "white_label");

async function generateAndRead(item: TEvalItem): Promise<{ text: string; template: string }> {
  const res = await app.inject({
    method: "POST",
    url: "/api/websites/generate",
    headers: { cookie },
    payload: { businessDescription: item.description, languages: [item.lang] },
  });
  if (res.statusCode !== 201) throw new Error(`${item.id}: generate answered ${res.statusCode} ${res.body}`);
  const site = res.json() as { id: string; slug: string; template: string };
  const page = await app.inject({
    method: "GET",
    url: `/${item.lang}/`,
    headers: { host: `${site.slug}.localhost:5000` },
  });
  if (page.statusCode !== 200) throw new Error(`${item.id}: page answered ${page.statusCode}`);
  await app.inject({ method: "DELETE", url: `/api/websites/${site.id}`, headers: { cookie } });
  return { text: visibleText(page.body), template: site.template };
}

let short = 0;
try {
  for (const [title, file] of CORPORA) {
    if (!fs.existsSync(file)) {
      console.log(`\n${title}: not found, skipped`);
      continue;
    }
    const scores: TItemScore[] = [];
    for (const item of readItems(file)) {
      const { text, template } = await generateAndRead(item);
      const score = scoreItem(item, text, template);
      scores.push(score);
      if (verbose && (score.missing.length > 0 || score.invented.length > 0 || !score.industryAny)) {
        console.log(
          `${item.id}: ${[
            ...score.missing.map((m) => `missing ${m}`),
            ...score.invented.map((i) => `invented ${i}`),
            ...(score.industryAny ? [] : [`industry ${template} not in ${item.facts.industry.join("/")}`]),
          ].join("; ")}`,
        );
      }
    }
    if (scores.length === 0) continue;
    const langs = [...new Set(scores.map((s) => s.lang))];
    const overall = summarize(scores);
    console.log(
      `\n${formatTable(
        title,
        langs.map((l) => [l, summarize(scores.filter((s) => s.lang === l))]),
        overall,
      )}`,
    );
    const misses = Object.entries(GOALS)
      .filter(([kind, goal]) => {
        if (kind === "industryAny") return overall.industryAny / overall.items < goal;
        const t = overall.facts[kind as keyof typeof overall.facts];
        return t.asked > 0 && t.found / t.asked < goal;
      })
      .map(([kind]) => kind);
    if (overall.invented > 0) misses.push("invented");
    console.log(misses.length === 0 ? "goals: all met" : `goals not met: ${misses.join(", ")}`);
    short += misses.length;
  }
} finally {
  await app.close();
  await database.close();
}
console.log(
  "\nGoals: services ≥ 90%, every other fact ≥ 95%, industry (any acceptable) ≥ 95%, invented facts 0.",
);
process.exitCode = short > 0 ? 1 : 0;
