// `npm run eval:import`: serves every test site of scripts/eval-import/sites on 127.0.0.1 (old
// Shift_JIS table layouts, WordPress-like, builder-made, English and Indonesian sites), crawls each
// through the importer's own crawler and SSRF-safe fetcher, reads it as the importer does, and
// prints how many of the facts each site holds were found (name, phone, address, hours, closed
// days, services, prices, notes) and what was invented. `--verbose` lists the misses.
// Exits 1 when the figures miss the goals.

import { crawlSite } from "../apps/server/src/features/websites/crawl";
import { readPageFacts } from "../apps/server/src/features/websites/page-facts";
import { readSite } from "../apps/server/src/features/websites/site-reading";
import { formatTable, meetsGoals, scoreSite, summarize, testSites } from "./eval-import/measure";
import { serveSite } from "./eval-import/serve";

const verbose = process.argv.includes("--verbose");

const scores = [];
for (const { id, dir, expected } of testSites()) {
  const served = await serveSite(dir);
  try {
    const { pages } = await crawlSite(`${served.origin}/`, {
      allowedHosts: ["127.0.0.1"],
      read: async (html, url) => readPageFacts(html, url),
    });
    const reading = readSite(pages);
    const score = scoreSite(id, expected, reading.facts);
    scores.push(score);
    if (verbose) {
      console.log(`\n${id}: ${pages.length} pages (${pages.map((p) => new URL(p.url).pathname).join(" ")})`);
      for (const miss of score.missed) console.log(`  missed ${miss}`);
      for (const item of score.invented) console.log(`  invented ${item}`);
      console.log(
        `  items: ${reading.facts.items.map((i) => `${i.name}${i.price ? ` ${i.price.amount}${i.price.taxIncluded ? "" : "+tax"}` : ""}`).join(" | ")}`,
      );
      console.log(
        `  notes: ${reading.facts.notes.join(" | ")}; profile: ${JSON.stringify(reading.facts.profile)}`,
      );
    }
  } finally {
    await served.close();
  }
}
const summary = summarize(scores);
console.log(`\nImport: ${scores.length} test sites\n`);
console.log(formatTable(scores, summary));
process.exit(meetsGoals(summary) ? 0 : 1);
