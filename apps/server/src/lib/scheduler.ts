import { asc, sql } from "drizzle-orm";
import type { DbHandle } from "../db/client";
import { JOB_LOCK_CLASS, type ProcessIdentity } from "../db/processes";
import { jobRuns } from "../db/schema/index";

/** A piece of scheduled work: what it did ("3 days rolled up"), or null when there was nothing to do. */
export type Job = {
  name: string;
  everyMs: number;
  /** Wait before the first run after start (default: a second). */
  firstAfterMs?: number;
  /** Runs too often to log each start (campaign rounds). */
  quiet?: boolean;
  run(): Promise<string | null>;
};

export type JobRun = typeof jobRuns.$inferSelect;

type Log = {
  info(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
};

/**
 * Runs scheduled work in one process at a time (decision 0022). On PostgreSQL each job runs under
 * a session advisory lock of its own: of several app processes the one that gets the lock runs it,
 * the others skip that turn; a job another process finished less than an interval ago is not run
 * again, so N processes still run it once per interval. A process killed mid-run loses its
 * connection and with it the lock, and the next process's turn takes the job over. Each run is
 * recorded in `job_runs` (start, end, outcome, process), which `npm run admin -- status` prints.
 */
export function createScheduler(deps: { handle: DbHandle; process: ProcessIdentity; log: Log; jobs: Job[] }) {
  const { handle } = deps;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  async function record(job: Job, outcome: { ok: boolean; summary: string | null }) {
    await handle.db.execute(sql`
      UPDATE job_runs SET finished_at = now(), ok = ${outcome.ok}, summary = ${outcome.summary},
        last_success_at = CASE WHEN ${outcome.ok} THEN now() ELSE last_success_at END
      WHERE name = ${job.name} AND process = ${deps.process.name} AND finished_at IS NULL`);
  }

  /** Runs `job` now if no other process runs it or ran it within its interval. */
  async function runOnce(job: Job): Promise<void> {
    const client = handle.pool ? await handle.pool.connect() : undefined;
    try {
      if (client) {
        const got = await client.query("select pg_try_advisory_lock($1, hashtext($2)) as got", [
          JOB_LOCK_CLASS,
          job.name,
        ]);
        if (!got.rows[0]?.got) return;
      }
      try {
        // Taken and started in one statement: a run another process finished within the interval counts.
        const started = await handle.db.execute(sql`
          INSERT INTO job_runs (name, started_at, process) VALUES (${job.name}, now(), ${deps.process.name})
          ON CONFLICT (name) DO UPDATE SET started_at = now(), finished_at = NULL, ok = NULL, summary = NULL,
            process = excluded.process
          WHERE job_runs.finished_at IS NULL
            OR job_runs.finished_at <= now() - ${job.everyMs * 0.9} * interval '1 millisecond'
            OR job_runs.process = excluded.process
          RETURNING name`);
        if (((started as { rows?: unknown[] }).rows ?? []).length === 0) return;
        if (!job.quiet) deps.log.info({ job: job.name, process: deps.process.name }, "scheduled job started");
        try {
          const summary = await job.run();
          if (summary) deps.log.info({ job: job.name, summary }, "scheduled job done");
          await record(job, { ok: true, summary });
        } catch (error) {
          deps.log.error({ err: error, job: job.name }, "scheduled job failed");
          await record(job, {
            ok: false,
            summary: error instanceof Error ? error.message : String(error),
          });
        }
      } finally {
        if (client)
          await client.query("select pg_advisory_unlock($1, hashtext($2))", [JOB_LOCK_CLASS, job.name]);
      }
    } finally {
      client?.release();
    }
  }

  function turn(job: Job): Promise<void> {
    const current = running.get(job.name);
    if (current) return current;
    const work = runOnce(job)
      .catch((err: unknown) => deps.log.error({ err, job: job.name }, "scheduled job could not run"))
      .finally(() => running.delete(job.name));
    running.set(job.name, work);
    return work;
  }

  function plan(job: Job, delayMs: number): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      void turn(job).finally(() => plan(job, job.everyMs));
    }, delayMs);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    start(): void {
      for (const job of deps.jobs) plan(job, job.firstAfterMs ?? 1000);
    },
    /** Runs one job's turn now (tests, the admin command); resolves when it is over. */
    runNow(name: string): Promise<void> {
      const job = deps.jobs.find((j) => j.name === name);
      if (!job) throw new Error(`no scheduled job ${name}`);
      return turn(job);
    },
    /** No new turns; waits for the runs in progress. */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.allSettled([...running.values()]);
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

/** Every job's last run, for operators. */
export function listJobRuns(handle: DbHandle): Promise<JobRun[]> {
  return handle.db.select().from(jobRuns).orderBy(asc(jobRuns.name));
}
