import { text } from "node:stream/consumers";
import { readPageFactsOffThread } from "../features/websites/read-page";

/**
 * Reads the page on standard input the way an import does (on the worker pool) and prints its
 * facts as JSON: read-page.test.ts runs it under each way the server is started.
 */
const facts = await readPageFactsOffThread(await text(process.stdin), "https://shop.example.jp/");
process.stdout.write(JSON.stringify(facts));
