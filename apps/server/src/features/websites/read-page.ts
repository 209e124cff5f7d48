import Tinypool from "tinypool";
import type { PageFacts } from "./page-facts";

/** A page a parser needs longer than this for is refused (real pages take well under a second). */
export const PAGE_READ_BUDGET_MS = 5000;

/** The page could not be read within its budget (or the worker hit its memory cap) and was dropped. */
export class PageReadError extends Error {
  override name = "PageReadError";
}

let pool: Tinypool | undefined;

/**
 * Two threads for two cores. Started on the first import and stopped after a minute idle, so a
 * server that imports nothing runs no worker. A worker whose task is aborted is terminated and
 * replaced; each has a heap cap so one hostile page cannot exhaust the server's memory.
 */
function pagePool(): Tinypool {
  pool ??= new Tinypool({
    filename: new URL("./page-facts-worker.mjs", import.meta.url).href,
    minThreads: 0,
    maxThreads: 2,
    idleTimeout: 60_000,
    maxQueue: 100,
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return pool;
}

/**
 * readPageFacts on a worker thread with a deadline: an imported page is untrusted input, and no
 * page, however crafted, may hold the event loop that answers every other request. The budget
 * counts from the call, including any wait for a free worker.
 */
export async function readPageFactsOffThread(
  html: string,
  pageUrl: string,
  timeoutMs = PAGE_READ_BUDGET_MS,
): Promise<PageFacts> {
  try {
    return (await pagePool().run({ html, pageUrl }, { signal: AbortSignal.timeout(timeoutMs) })) as PageFacts;
  } catch (error) {
    const name = (error as Error).name;
    const code = (error as { code?: string }).code;
    if (name === "AbortError" || name === "TimeoutError" || code === "ERR_WORKER_OUT_OF_MEMORY") {
      throw new PageReadError(`The page was not read within ${timeoutMs} ms`);
    }
    if ((error as Error).message === "Task queue is at limit")
      throw new PageReadError("Too many pages queued");
    throw error;
  }
}
