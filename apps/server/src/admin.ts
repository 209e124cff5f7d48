import { PLAN_IDS, ZPlanId } from "@shobai/shared";
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/pglite-lock";
import { createAuth } from "./features/auth/auth-instance";
import { createAuthService } from "./features/auth/service";
import { createContactService, formatContactMessage } from "./features/contact/service";
import { AppError } from "./lib/app-error";
import { resolveAuthSecret } from "./lib/secret";
import { openConfiguredDatabase } from "./runtime";

const USAGE = `Usage: npm run admin -- <command>

Commands:
  list-users                 every account with its plan and status
  set-plan <email> <plan>    move an account to a plan (${PLAN_IDS.join(", ")})
  purge-deleted              remove accounts deleted more than 30 days ago now
  list-contact-messages [n]  messages from the public /contact form, newest first (default 50)
`;

function fmt(d: Date | null): string {
  return d ? d.toLocaleString("ja-JP", { timeZone: "Asia/Tokyo" }) : "-";
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (!["list-users", "set-plan", "purge-deleted", "list-contact-messages"].includes(command)) {
    console.error(`Unknown command "${command}".\n\n${USAGE}`);
    return 1;
  }
  if (command === "set-plan") {
    const [email, plan] = rest;
    if (!email || !plan) {
      console.error(`set-plan needs an email and a plan.\n\n${USAGE}`);
      return 1;
    }
    if (!ZPlanId.safeParse(plan).success) {
      console.error(`Unknown plan "${plan}". Plans: ${PLAN_IDS.join(", ")}`);
      return 1;
    }
  }
  const limit = Number(rest[0] ?? 50);
  if (command === "list-contact-messages" && !(Number.isInteger(limit) && limit >= 1 && limit <= 10_000)) {
    console.error(`list-contact-messages takes a count from 1 to 10000.\n\n${USAGE}`);
    return 1;
  }

  const config = loadConfig();
  const opened = await openConfiguredDatabase(config);
  try {
    const auth = createAuth({
      db: opened.database.db,
      secret: resolveAuthSecret(config.authSecret, config.dataDir),
      baseURL: config.appUrl ?? `http://localhost:${config.port}`,
      google: config.google,
    });
    const service = createAuthService({
      db: opened.database.db,
      auth,
      googleConfigured: Boolean(config.google),
    });
    if (command === "list-users") {
      const users = await service.listUsers();
      if (users.length === 0) console.log("No users yet.");
      for (const u of users) {
        const deleted = u.deletedAt ? `  deleted ${fmt(u.deletedAt)}` : "";
        console.log(
          `${u.email}\t${u.name}\t${u.plan}/${u.subscriptionStatus}\ttrial ends ${fmt(u.trialEndsAt)}\tjoined ${fmt(u.createdAt)}${deleted}`,
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
    const [email, plan] = rest as [string, string];
    const user = await service.setPlan(email.toLowerCase(), plan);
    console.log(`${user.email} is now on plan ${user.plan} (${user.subscriptionStatus}).`);
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
    } else if (error instanceof ConfigError || error instanceof AppError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
