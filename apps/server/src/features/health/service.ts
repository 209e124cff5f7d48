import fs from "node:fs";
import path from "node:path";
import type { TReady } from "@shobai/shared";
import { sql } from "drizzle-orm";
import type { Database, DbKind } from "../../db/client";
import { migrationsFolder } from "../../db/migrate";

/** Longer than this and the database counts as unreachable: a load balancer should look elsewhere. */
const READY_QUERY_TIMEOUT_MS = 2_000;

/** The `when` of the newest migration this build ships (drizzle records it as created_at). */
function newestMigration(folder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

export function createHealthService(deps: {
  db: Database;
  kind: DbKind;
  timeoutMs?: number;
  migrationsFolder?: string;
}) {
  const expected = newestMigration(deps.migrationsFolder ?? migrationsFolder);
  const timeoutMs = deps.timeoutMs ?? READY_QUERY_TIMEOUT_MS;
  let shuttingDown = false;

  /** One query answers both "reachable" and "migrated". */
  async function newestApplied(): Promise<number | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const result = await Promise.race([
        deps.db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`),
        timeout,
      ]);
      const rows = (result as { rows?: { newest: string | null }[] }).rows ?? [];
      return Number(rows[0]?.newest ?? 0);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** Liveness plus one query: the process answers and its database does. */
    async health() {
      await deps.db.execute(sql`select 1`);
      return { status: "ok" as const, db: deps.kind };
    },

    /** Whether a load balancer should send traffic here now. */
    async ready(): Promise<TReady> {
      // A process on its way out answers at once, without asking the database.
      if (shuttingDown) {
        return {
          status: "not_ready",
          db: deps.kind,
          checks: { database: null, migrations: null, accepting: false },
          message: "Shutting down: finishing the requests and sends in progress.",
        };
      }
      const newest = await newestApplied();
      const checks = {
        database: newest !== null,
        migrations: newest === null ? null : newest >= expected,
        accepting: true,
      };
      if (checks.database && checks.migrations) return { status: "ready", db: deps.kind, checks };
      const message = !checks.database
        ? "The database did not answer in time."
        : "The database lacks migrations this version needs: start this version once to apply them.";
      return { status: "not_ready", db: deps.kind, checks, message };
    },

    /** From now on /api/ready answers 503 (graceful shutdown). */
    beginShutdown(): void {
      shuttingDown = true;
    },

    get shuttingDown(): boolean {
      return shuttingDown;
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
