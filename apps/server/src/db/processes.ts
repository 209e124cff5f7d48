import { randomInt } from "node:crypto";
import os from "node:os";
import { type SQL, sql } from "drizzle-orm";

/**
 * Advisory-lock classes (the first of the two int4 keys); any fixed numbers, apart from the
 * single-key locks of migrations (5_108_205) and backups (5_108_206).
 */
export const PROCESS_LOCK_CLASS = 5_108_207;
export const JOB_LOCK_CLASS = 5_108_208;

/**
 * Who this app process is to the others on the same database: a random token whose advisory lock
 * (class PROCESS_LOCK_CLASS) the process holds on its change-bus connection for as long as it
 * lives. PostgreSQL drops the lock the moment that connection goes, also when the process is
 * killed with SIGKILL or its machine dies, so "is the lock held?" is "is that process alive?"
 * (decision 0022).
 */
export type ProcessIdentity = { token: number; name: string };

export function createProcessIdentity(): ProcessIdentity {
  return { token: randomInt(1, 2 ** 31 - 1), name: `${os.hostname()}:${process.pid}` };
}

/** SQL: true while the process whose token is in `column` holds its liveness lock on this database. */
export function processAlive(column: SQL): SQL {
  return sql`EXISTS (
    SELECT 1 FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${PROCESS_LOCK_CLASS}::oid
      AND l.objid = (${column})::oid AND l.objsubid = 2
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))`;
}
