// The worker thread that reads imported pages (see read-page.ts). A worker is a fresh isolate
// without the tsx loader the server runs under (and Node 20 ignores `--import` hooks in workers),
// so it registers tsx itself before it loads the TypeScript module.
import { register } from "tsx/esm/api";

register();
const { readPageFacts } = await import("./page-facts.ts");

/** @param {{ html: string; pageUrl: string }} task */
export default function readPage({ html, pageUrl }) {
  return readPageFacts(html, pageUrl);
}
