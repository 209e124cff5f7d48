import { PAID_PLAN_IDS, PLANS } from "@shobai/shared";
import { startStripePeer } from "./stripe-peer";

/**
 * Runs the local Stripe test server on its own, for end-to-end tests and for trying purchases on a
 * development machine (see README, "Trying payments locally"). No money moves.
 */
const port = Number(process.env.STRIPE_PEER_PORT ?? 12111);
const appUrl = process.env.STRIPE_PEER_APP_URL ?? "http://localhost:5000";
const secretKey = process.env.STRIPE_SECRET_KEY ?? "sk_test_local";
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_local";

const peer = await startStripePeer({
  port,
  secretKey,
  webhookSecret,
  prices: PAID_PLAN_IDS.map((plan) => ({
    id: process.env[`STRIPE_PRICE_${plan.toUpperCase()}`] ?? `price_${plan}_local`,
    unitAmount: PLANS[plan].priceJpy,
    currency: "jpy",
  })),
  webhookUrl: `${appUrl.replace(/\/+$/, "")}/api/billing/webhook`,
});
console.log(`Local Stripe test server at ${peer.url} (webhooks to ${appUrl}/api/billing/webhook)`);
const stop = () => void peer.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
