/**
 * Verified custom host name → site slug, in memory, because Fastify's `rewriteUrl` is synchronous.
 * This process reloads it after each change it makes, and every process reloads it periodically so
 * several app servers on one PostgreSQL converge.
 */
export type CustomHostMap = {
  /** The slug served on this Host header value (port and trailing dot ignored), if verified. */
  slugFor(host: string): string | undefined;
  reload(): Promise<void>;
  /** Starts the periodic reload (the timer does not keep the process alive). */
  start(intervalMs: number): void;
  stop(): void;
};

export function createCustomHostMap(deps: {
  load: () => Promise<{ hostname: string; slug: string }[]>;
  onError?: (error: unknown) => void;
}): CustomHostMap {
  let hosts = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  // Reloads started while one runs are coalesced into one more, so the latest change always lands.
  let running: Promise<void> | undefined;
  let again = false;

  async function loadOnce(): Promise<void> {
    const rows = await deps.load();
    hosts = new Map(rows.map((r) => [r.hostname, r.slug]));
  }

  function reload(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await loadOnce();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    /** `host` as rewriteSiteHost passes it: lower case, without port or trailing dot. */
    slugFor(host) {
      return hosts.get(host);
    },
    reload,
    start(intervalMs) {
      if (timer) return;
      timer = setInterval(() => {
        reload().catch((error: unknown) => deps.onError?.(error));
      }, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
