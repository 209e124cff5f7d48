import { PLAN_IDS, ZPlanId } from "@shobai/shared";
import { BackupError, listBackups, restoreBackup } from "./backup/backup";
import { backupAndPrune, readLastRun } from "./backup/schedule";
import { type Config, ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/pglite-lock";
import { createAuth } from "./features/auth/auth-instance";
import { createAuthService } from "./features/auth/service";
import { createContactService, formatContactMessage } from "./features/info/service";
import { configuredMediaStorage, removeMediaOfAccountsDeletedBefore } from "./features/media/storage";
import { findUserByEmail, ledgerBetween, setInvoiceBilled, usersByIds } from "./features/purchases/queries";
import { AppError } from "./lib/app-error";
import { listJobRuns } from "./lib/scheduler";
import { resolveAuthSecret } from "./lib/secret";
import { terminalSafe } from "./lib/terminal-text";
import { openConfiguredDatabase } from "./runtime";

const USAGE = `Usage: npm run admin -- <command>

Commands:
  list-users                 every account with its personal workspace's plan and status
  set-plan <email> <plan>    move an account's personal workspace to a plan (${PLAN_IDS.join(", ")})
  purge-deleted              remove accounts deleted more than 30 days ago now (with their
                             photos in MEDIA_DIR or S3)
  list-contact-messages [n]  messages from the public /contact form, newest first (default 50)
  backup                     take a backup now into BACKUP_DIR (then remove those past BACKUP_RETENTION_DAYS)
  restore <file>             check a backup's checksum and restore it (PGlite: stop the server first)
  migrate                    bring the database schema up to date (once per upgrade, while the
                             old app processes keep serving; see deploy/README.md)
  status                     database, the last run of each scheduled job, the last backup run and
                             the backups kept
  ledger [YYYY-MM]           every money movement of the month (Tokyo time; default this month):
                             charges, refunds, registrar orders, renewals, amounts to invoice
  invoice-billing <email> on|off
                             without Stripe, let an account buy domains billed on your invoice
                             (each registration is then in the ledger as invoice_billed)
  reset-password <email>     print a one-time link (valid 1 hour) with which the owner sets a new
                             password; hand it over yourself (it also verifies the address)
  require-2fa <email> on|off make an account enrol in two-factor sign-in before anything else (and
                             keep it on), or stop requiring it
  reset-2fa <email>          turn an account's two-factor sign-in off and remove its passkeys (owner
                             lost the app, every backup code and passkey; check who is asking first)
`;

const BACKUP_COMMANDS = ["backup", "restore", "status"];

/** A Tokyo calendar month (YYYY-MM, default the current one) as UTC instants. */
function ledgerMonth(arg: string | undefined): { label: string; from: Date; to: Date } | null {
  const label = arg ?? new Date().toLocaleDateString("sv-SE", { timeZone: "Asia/Tokyo" }).slice(0, 7);
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(label);
  if (!m) return null;
  const [y, mo] = [Number(m[1]), Number(m[2])];
  // Tokyo is UTC+9 all year.
  const from = new Date(Date.UTC(y, mo - 1, 1) - 9 * 3600_000);
  const to = new Date(Date.UTC(y, mo, 1) - 9 * 3600_000);
  return { label, from, to };
}

function fmt(d: Date | null): string {
  return d ? d.toLocaleString("ja-JP", { timeZone: "Asia/Tokyo" }) : "-";
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (
    ![
      ...BACKUP_COMMANDS,
      "list-users",
      "set-plan",
      "purge-deleted",
      "list-contact-messages",
      "reset-password",
      "migrate",
      "ledger",
      "invoice-billing",
      "require-2fa",
      "reset-2fa",
    ].includes(command)
  ) {
    console.error(`Unknown command "${terminalSafe(command)}".

${USAGE}`);
    return 1;
  }
  if (command === "set-plan") {
    const [email, plan] = rest;
    if (!email || !plan) {
      console.error(`set-plan needs an email and a plan.\n\n${USAGE}`);
      return 1;
    }
    if (!ZPlanId.safeParse(plan).success) {
      console.error(`Unknown plan "${terminalSafe(plan)}". Plans: ${PLAN_IDS.join(", ")}`);
      return 1;
    }
  }
  if (command === "reset-password" && !rest[0]) {
    console.error(`reset-password needs the account's email.\n\n${USAGE}`);
    return 1;
  }
  const limit = Number(rest[0] ?? 50);
  if (command === "list-contact-messages" && !(Number.isInteger(limit) && limit >= 1 && limit <= 10_000)) {
    console.error(`list-contact-messages takes a count from 1 to 10000.\n\n${USAGE}`);
    return 1;
  }

  const month = command === "ledger" ? ledgerMonth(rest[0]) : null;
  if (command === "ledger" && !month) {
    console.error(`ledger takes a month as YYYY-MM.\n\n${USAGE}`);
    return 1;
  }
  if (command === "invoice-billing" && (!rest[0] || !["on", "off"].includes(rest[1] ?? ""))) {
    console.error(`invoice-billing needs an email and on or off.\n\n${USAGE}`);
    return 1;
  }
  if (command === "require-2fa" && (!rest[0] || !["on", "off"].includes(rest[1] ?? ""))) {
    console.error(`require-2fa needs an email and on or off.\n\n${USAGE}`);
    return 1;
  }
  if (command === "reset-2fa" && !rest[0]) {
    console.error(`reset-2fa needs the account's email.\n\n${USAGE}`);
    return 1;
  }
  if (command === "restore" && !rest[0]) {
    console.error(`restore needs the backup file.\n\n${USAGE}`);
    return 1;
  }

  const config = loadConfig();
  if (BACKUP_COMMANDS.includes(command)) return runBackupCommand(command, rest, config);
  // Opening the database applies the migrations this version has and it lacks (under an advisory
  // lock on PostgreSQL, so app processes starting meanwhile wait for it).
  const opened = await openConfiguredDatabase(config);
  try {
    if (command === "migrate") {
      const [row] = await opened.database.rows<{ n: number }>(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      console.log(`The database schema is up to date: ${row?.n ?? 0} migrations applied.`);
      return 0;
    }
    if (command === "ledger" && month) {
      const rows = await ledgerBetween(opened.database.db, month.from, month.to);
      const people = new Map(
        (
          await usersByIds(opened.database.db, [
            ...new Set(rows.map((r) => r.ownerId).filter((id): id is string => Boolean(id))),
          ])
        ).map((u) => [u.id, u.email]),
      );
      console.log(`Ledger ${month.label} (Asia/Tokyo), ${rows.length} entries`);
      const sums = new Map<string, number>();
      for (const r of rows) {
        sums.set(r.kind, (sums.get(r.kind) ?? 0) + r.amountJpy);
        const who = r.ownerId ? (people.get(r.ownerId) ?? r.ownerId) : "-";
        console.log(
          [
            fmt(r.createdAt),
            r.kind,
            `¥${r.amountJpy}`,
            `tax ¥${r.taxJpy}`,
            who,
            r.domain ?? "-",
            r.stripeId ?? "-",
            r.registrarRef ?? "-",
            r.description,
          ]
            .map((v) => terminalSafe(String(v)))
            .join("\t"),
        );
      }
      for (const [kind, sum] of sums) console.log(`Total ${kind}: ¥${sum}`);
      return 0;
    }
    if (command === "invoice-billing") {
      const email = (rest[0] as string).trim().toLowerCase();
      const user = await findUserByEmail(opened.database.db, email);
      if (!user) {
        console.error(`No account with the email ${terminalSafe(email)}.`);
        return 1;
      }
      await setInvoiceBilled(opened.database.db, user.id, rest[1] === "on");
      console.log(
        rest[1] === "on"
          ? `${terminalSafe(user.email)} may now buy domains billed on your invoice (listed by "ledger" as invoice_billed).`
          : `${terminalSafe(user.email)} is no longer billed by invoice.`,
      );
      return 0;
    }
    const auth = createAuth({
      db: opened.database.db,
      secret: resolveAuthSecret(config.authSecret, config.dataDir),
      baseURL: config.appUrl ?? `http://localhost:${config.port}`,
      google: config.google,
    });
    const db = opened.database.db;
    const service = createAuthService({
      db,
      // The same as the server's scheduled purge: MEDIA_DIR folders and S3 objects go first.
      beforePurge: async (cutoff) => {
        await removeMediaOfAccountsDeletedBefore(db, configuredMediaStorage(db, config.media), cutoff);
      },
      auth,
      googleConfigured: Boolean(config.google),
    });
    if (command === "require-2fa" || command === "reset-2fa") {
      const email = (rest[0] as string).trim().toLowerCase();
      const user = await findUserByEmail(opened.database.db, email);
      if (!user) {
        console.error(`No account with the email ${terminalSafe(email)}.`);
        return 1;
      }
      if (command === "reset-2fa") {
        await service.secondFactor.reset(user.id);
        console.log(
          `Two-factor sign-in is off for ${terminalSafe(user.email)}; they can set it up again on /profile.`,
        );
        return 0;
      }
      await service.secondFactor.setRequired(user.id, rest[1] === "on");
      console.log(
        rest[1] === "on"
          ? `${terminalSafe(user.email)} must now use two-factor sign-in (enrolment is asked at the next request).`
          : `${terminalSafe(user.email)} no longer has to use two-factor sign-in.`,
      );
      return 0;
    }
    if (command === "list-users") {
      const users = await service.listUsers();
      if (users.length === 0) console.log("No users yet.");
      for (const u of users) {
        const deleted = u.deletedAt ? `  deleted ${fmt(u.deletedAt)}` : "";
        // Names and emails were typed at sign-up: every field goes through terminalSafe.
        const [email, name, plan, status] = [u.email, u.name, u.plan ?? "-", u.subscriptionStatus ?? "-"].map(
          terminalSafe,
        );
        console.log(
          `${email}\t${name}\t${plan}/${status}\ttrial ends ${fmt(u.trialEndsAt)}\tjoined ${fmt(u.createdAt)}${deleted}`,
        );
      }
      return 0;
    }
    if (command === "list-contact-messages") {
      const contact = createContactService({ db: opened.database.db, secret: "" });
      const messages = await contact.list(limit);
      if (messages.length === 0) console.log("No contact messages yet.");
      for (const m of messages) console.log(formatContactMessage(m));
      return 0;
    }
    if (command === "purge-deleted") {
      console.log(`Purged ${await service.purgeDeletedAccounts()} account(s).`);
      return 0;
    }
    if (command === "reset-password") {
      const email = (rest[0] as string).trim().toLowerCase();
      const token = await service.createResetToken(email);
      const origin = config.publicUrl ?? config.appUrl ?? `http://localhost:${config.port}`;
      console.log(
        `One-time password reset link for ${terminalSafe(email)} (valid for 1 hour; give it only to the owner):\n` +
          `${origin}/auth/reset?token=${token}`,
      );
      return 0;
    }
    const [email, plan] = rest as [string, string];
    const updated = await service.setPlan(email.toLowerCase(), plan);
    console.log(
      `${terminalSafe(email.toLowerCase())} is now on plan ${terminalSafe(updated.plan)} (${terminalSafe(updated.subscriptionStatus)}).`,
    );
    return 0;
  } finally {
    await opened.close();
  }
}

/** The last run of each scheduled job (whichever app process ran it), from the database. */
async function printJobRuns(config: Config): Promise<void> {
  let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    opened = await openConfiguredDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.log(
      "Jobs:      the running server holds the embedded database; stop it to see its jobs' last runs",
    );
    return;
  }
  try {
    const runs = await listJobRuns(opened.database);
    if (runs.length === 0) console.log("Jobs:      no scheduled job has run yet");
    for (const run of runs) {
      const state =
        run.ok === null
          ? `running since ${fmt(run.startedAt)}`
          : `${run.ok ? "ok" : "FAILED"} ${fmt(run.finishedAt)}${run.summary ? `: ${terminalSafe(run.summary)}` : ""}`;
      const good = run.ok ? "" : `; last success ${fmt(run.lastSuccessAt)}`;
      console.log(`Job ${run.name.padEnd(17)} ${state}${good}  (${terminalSafe(run.process)})`);
    }
  } finally {
    await opened.close();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function runBackupCommand(command: string, rest: string[], config: Config): Promise<number> {
  const dir = config.backup.dir;
  if (command === "status") {
    const last = readLastRun(dir);
    const kept = listBackups(dir).filter((b) => b.complete);
    console.log(
      `Database:  ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`}`,
    );
    console.log(
      `Backups:   ${dir}, kept ${config.backup.retentionDays} days, ${config.backup.intervalHours ? `taken by the server every ${config.backup.intervalHours} h` : "not scheduled (BACKUP_INTERVAL_HOURS=0)"}`,
    );
    if (!last) console.log("Last run:  never");
    else {
      const outcome = last.ok ? `ok, ${last.file} (${mb(last.bytes ?? 0)})` : `FAILED: ${last.error}`;
      console.log(`Last run:  ${fmt(new Date(last.finishedAt))}  ${outcome}`);
      if (!last.ok)
        console.log(`Last good: ${last.lastSuccessAt ? fmt(new Date(last.lastSuccessAt)) : "never"}`);
    }
    console.log(`Kept:      ${kept.length} backup(s)${kept[0] ? `, newest ${fmt(kept[0].createdAt)}` : ""}`);
    await printJobRuns(config);
    return 0;
  }
  if (command === "restore") {
    const file = rest[0] as string;
    const target = config.databaseUrl
      ? ({ kind: "postgres", url: config.databaseUrl } as const)
      : ({ kind: "pglite", dataDir: config.dataDir } as const);
    const restored = await restoreBackup(file, target);
    const rows = Object.values(restored.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Restored the backup of ${fmt(new Date(restored.manifest.createdAt))}: checksum ok, ${Object.keys(restored.tables).length} tables and ${rows} rows, every count equal to the backup's.`,
    );
    if (restored.previous) console.log(`The database it replaced was moved to ${restored.previous}.`);
    return 0;
  }
  const opened = await openConfiguredDatabase(config);
  try {
    const { backup, removed } = await backupAndPrune(opened.database, {
      dir,
      retentionDays: config.backup.retentionDays,
      databaseUrl: config.databaseUrl,
    });
    const rows = Object.values(backup.manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backup written: ${backup.file} (${mb(backup.manifest.bytes)}, ${rows} rows), checksum in ${backup.file}.sha256`,
    );
    if (removed.length > 0)
      console.log(`Removed ${removed.length} backup(s) older than ${config.backup.retentionDays} days.`);
    return 0;
  } finally {
    await opened.close();
  }
}

run(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(
        `\n${error.message}\nAdmin commands open the same embedded database, so stop the server first (Ctrl+C), run the command, then start it again.\n`,
      );
    } else if (error instanceof ConfigError || error instanceof AppError || error instanceof BackupError) {
      console.error(terminalSafe(error.message));
    } else {
      console.error(error);
    }
    process.exit(1);
  });
