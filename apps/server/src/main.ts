// First: V8 settings that must be in force before the app allocates anything (decision 0063).
import "./runtime-flags";
import { buildApp } from "./app";
import { startBackupSchedule } from "./backup/schedule";
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/pglite-lock";
import { createProcessIdentity } from "./db/processes";
import { scheduledJobs } from "./jobs";
import { createScheduler } from "./lib/scheduler";
import { resolveAuthSecret } from "./lib/secret";
import { openConfiguredDatabase } from "./runtime";

async function main(): Promise<void> {
  const config = loadConfig();
  const opened = await openConfiguredDatabase(config);
  const identity = createProcessIdentity();
  const app = await buildApp({
    database: opened.database,
    process: identity,
    authSecret: resolveAuthSecret(config.authSecret, config.dataDir),
    appUrl: config.appUrl,
    port: config.port,
    google: config.google,
    authRateLimit: config.authRateLimit,
    registerRateLimit: config.registerRateLimit,
    trustProxy: config.trustProxy,
    sitesDomain: config.sitesDomain,
    importAllowedHosts: config.importAllowedHosts,
    media: config.media,
    stock: config.stock,
    // Re-checks of custom domains and campaign rounds run as scheduled jobs (below), one process at a time.
    customDomains: { ...config.customDomains, recheckIntervalMs: null },
    ai: config.ai,
    publicUrl: config.publicUrl,
    email: {
      providers: config.email.providers,
      from: config.email.from,
      ratePerSecond: config.email.ratePerSecond,
      tickMs: null,
      ...(config.email.bounceDomain ? { bounceDomain: config.email.bounceDomain } : {}),
    },
    inbound: {
      smtp: config.inbound.smtp,
      resendWebhookSecret: config.inbound.resendWebhookSecret,
      sendgridWebhookPublicKey: config.inbound.sendgridWebhookPublicKey,
    },
    stripe: config.stripe,
    registrar: config.registrar,
    operator: config.operator,
    connections: config.connections,
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    },
  });

  // Scheduled work, one process at a time on PostgreSQL (decision 0022).
  const scheduler = createScheduler({
    handle: opened.database,
    process: identity,
    log: app.log,
    jobs: scheduledJobs(app, opened.database),
  });
  scheduler.start();

  // Daily backups with retention (decision 0013); one process at a time on PostgreSQL.
  const backups = startBackupSchedule({
    handle: opened.database,
    settings: {
      dir: config.backup.dir,
      retentionDays: config.backup.retentionDays,
      databaseUrl: config.databaseUrl,
    },
    intervalHours: config.backup.intervalHours,
    log: app.log,
  });

  // Graceful shutdown: /api/ready answers 503 at once, the listener stops taking connections,
  // requests in flight finish, campaign sends in flight finish and are recorded (the rest of their
  // batch goes back to the queue), the analytics buffer is written, then the database closes.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.services.health.beginShutdown();
    app.log.info({ signal }, "shutting down: finishing requests and sends in progress");
    const force = setTimeout(() => {
      console.error(`Shutdown took longer than ${config.shutdownTimeoutMs / 1000} s; exiting anyway.`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      // Closing the app stops the campaign engine, so a campaign round in progress ends early.
      await Promise.all([app.close(), backups.stop(), scheduler.stop()]);
      await opened.close();
      app.log.info("stopped");
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "127.0.0.1" ? "localhost" : config.host;
  const db = opened.database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL";
  console.log(`\n  Shobai is running at http://${shownHost}:${port}/  (database: ${db})\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
