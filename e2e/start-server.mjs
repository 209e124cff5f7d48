// Starts the real product for the end-to-end run: built SPA + API on one port, on a fresh
// embedded database that is removed afterwards.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-e2e-"));
const port = Number(process.env.PORT ?? 5178);
// Payments go to the local Stripe test server (real Stripe protocol, no money), one port up.
const stripe = {
  STRIPE_SECRET_KEY: "sk_test_e2e",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e",
  STRIPE_PRICE_STARTER: "price_starter_e2e",
  STRIPE_PRICE_BUSINESS: "price_business_e2e",
  STRIPE_PRICE_ENTERPRISE: "price_enterprise_e2e",
  STRIPE_PRICE_WHITE_LABEL: "price_white_label_e2e",
};
const peer = spawn(process.execPath, ["--import", "tsx", "apps/server/src/testing/stripe-peer-main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    ...stripe,
    STRIPE_PEER_PORT: String(port + 1),
    STRIPE_PEER_APP_URL: `http://localhost:${port}`,
  },
});
// Domains go to the local Gandi-compatible registrar (real API v5 protocol, nothing registered), two ports up.
const registrar = { REGISTRAR_API_TOKEN: "pat_e2e", REGISTRAR_JPY_RATE: "160" };
const registrarPeer = spawn(
  process.execPath,
  ["--import", "tsx", "apps/server/src/testing/registrar-peer-main.ts"],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...registrar, REGISTRAR_PEER_PORT: String(port + 2) },
  },
);
// Stock photos come from the local Unsplash-compatible server (its API as documented, photos made
// on the fly), on a free port the system picks; its first line names its URL.
const unsplash = { UNSPLASH_ACCESS_KEY: "unsplash_e2e" };
const unsplashPeer = spawn(
  process.execPath,
  ["--import", "tsx", "apps/server/src/testing/unsplash-peer-main.ts"],
  {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...unsplash, UNSPLASH_PEER_PORT: "0" },
  },
);
const unsplashUrl = await new Promise((resolve, reject) => {
  let seen = "";
  unsplashPeer.stdout.on("data", (chunk) => {
    seen += chunk.toString();
    const match = /UNSPLASH_PEER (\S+)/.exec(seen);
    if (match) resolve(match[1]);
  });
  unsplashPeer.on("exit", () => reject(new Error("the local Unsplash server did not start")));
});
const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    ...stripe,
    ...registrar,
    ...unsplash,
    UNSPLASH_API_BASE: unsplashUrl,
    REGISTRAR_API_BASE: `http://127.0.0.1:${port + 2}`,
    STRIPE_API_BASE: `http://127.0.0.1:${port + 1}`,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    // Many journeys sign up from one address within a minute.
    AUTH_RATE_LIMIT_MAX: "500",
    SIGNUP_RATE_LIMIT_PER_HOUR: "1000",
    // The import journey reads a test site served by the test itself on 127.0.0.1.
    IMPORT_ALLOWED_HOSTS: "127.0.0.1",
  },
});
const stop = () => {
  peer.kill("SIGTERM");
  registrarPeer.kill("SIGTERM");
  unsplashPeer.kill("SIGTERM");
  child.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
