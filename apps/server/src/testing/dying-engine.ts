import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { createCampaignEngine } from "../features/email/engine";
import type { EmailProvider } from "../providers/email/types";

/**
 * Plays a process killed mid-campaign: a campaign engine whose provider takes every email and never
 * answers, as if the process died while the sends were on the wire. Resolves with the addresses it
 * had in flight once its whole claimed batch is in flight (every row it claimed is `sending`); the
 * engine is then abandoned, never stopped, like a process after SIGKILL.
 */
export async function claimAndDie(db: Database, publicUrl = "http://shobai.test"): Promise<string[]> {
  const inFlight: string[] = [];
  const hanging: EmailProvider = {
    name: "smtp",
    send(message) {
      inFlight.push(message.to.email);
      return new Promise(() => undefined);
    },
  };
  // Batches of 20, so that tests with a few dozen contacts see some claimed and some left.
  const engine = createCampaignEngine({
    db,
    provider: hanging,
    publicUrl,
    ratePerSecond: 1000,
    batchSize: 20,
  });
  void engine.tick(1);
  for (let i = 0; i < 500; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const result = await db.execute(
      sql`SELECT count(*)::int AS n FROM email_deliveries WHERE status = 'sending'`,
    );
    const sending = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    if (inFlight.length > 0 && inFlight.length === sending) return [...inFlight];
  }
  throw new Error(`the dying engine never had its batch in flight (${inFlight.length} sends)`);
}
