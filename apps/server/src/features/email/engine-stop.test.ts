import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmailProvider, OutgoingEmail } from "../../providers/email/types";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
import { verifySenderThroughOutbox } from "../../testing/verified-sender";
import { createCampaignEngine } from "./engine";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ email: { tickMs: null }, publicUrl: "http://shobai.test" });
});
afterAll(async () => {
  await ctx?.close();
});

/** A provider that holds every send until released, so a test can stop the engine mid-batch. */
function gatedProvider() {
  const started: string[] = [];
  const delivered: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const provider: EmailProvider = {
    name: "resend",
    async send(message: OutgoingEmail) {
      started.push(message.to.email);
      await gate;
      delivered.push(message.to.email);
      return { providerMessageId: `msg-${delivered.length}` };
    },
  };
  return { provider, started, delivered, open };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("stopping the campaign engine (graceful shutdown)", () => {
  it("finishes and records the sends in flight, puts the rest back, and another process sends them once", async () => {
    const { client } = await signedInClient(ctx.app);
    const { location } = await verifySenderThroughOutbox(
      ctx.app,
      client,
      "shop@example.jp",
      "http://shobai.test",
    );
    expect(location).toContain("verified=");
    const total = 45;
    for (let i = 0; i < total; i++) {
      await client.post("/api/contacts", {
        consentText: "店頭の申込書で同意",
        firstName: `客${i}`,
        lastName: "佐藤",
        email: `guest${i}@example.jp`,
      });
    }
    const news = (
      await client.post("/api/email-campaigns", {
        name: "年末のご挨拶",
        type: "newsletter",
        subject: "年末のご挨拶",
        content: "{{firstName}}様",
        fromEmail: "shop@example.jp",
      })
    ).json();
    expect((await client.patch(`/api/email-campaigns/${news.id}`, { isActive: true })).statusCode).toBe(200);

    const engine = (provider: EmailProvider) =>
      createCampaignEngine({
        db: ctx.db.db,
        provider,
        publicUrl: "http://shobai.test",
        ratePerSecond: 10_000,
        batchSize: 20,
      });
    const gated = gatedProvider();
    const first = engine(gated.provider);
    const round = first.tick();
    // A batch of 20 sends is in flight when the signal comes.
    await until(() => gated.started.length === 20, "20 sends in flight");
    const stopped = first.stop();
    gated.open();
    await stopped;
    expect(await round).toBe(20);
    expect(gated.delivered).toHaveLength(20);
    expect(await first.tick()).toBe(0);

    const statuses = await ctx.db.rows<{ status: string; n: number }>(
      `select status, count(*)::int as n from email_deliveries where campaign_id = '${news.id}' group by status order by status`,
    );
    expect(statuses).toEqual([
      { status: "pending", n: total - 20 },
      { status: "sent", n: 20 },
    ]);

    // The next process sends the rest; nobody gets the newsletter twice.
    const next = gatedProvider();
    next.open();
    expect(await engine(next.provider).tick()).toBe(total - 20);
    const everyone = [...gated.delivered, ...next.delivered].sort();
    expect(everyone).toEqual(Array.from({ length: total }, (_, i) => `guest${i}@example.jp`).sort());
    const [attempts] = await ctx.db.rows<{ max: number }>(
      `select max(attempts)::int as max from email_deliveries where campaign_id = '${news.id}'`,
    );
    expect(attempts?.max).toBe(1);
  });
});

describe("pacing", () => {
  it("spreads the sends at the configured rate instead of handing the provider a burst", async () => {
    const { client } = await signedInClient(ctx.app);
    await verifySenderThroughOutbox(ctx.app, client, "pace@example.jp", "http://shobai.test");
    const total = 10;
    for (let i = 0; i < total; i++) {
      await client.post("/api/contacts", {
        consentText: "店頭の申込書で同意",
        firstName: `客${i}`,
        email: `pace${i}@example.jp`,
      });
    }
    const news = (
      await client.post("/api/email-campaigns", {
        name: "ゆっくり",
        type: "newsletter",
        subject: "ゆっくり",
        content: "{{firstName}}様",
        fromEmail: "pace@example.jp",
      })
    ).json();
    await client.patch(`/api/email-campaigns/${news.id}`, { isActive: true });
    const startedAt: number[] = [];
    const provider: EmailProvider = {
      name: "resend",
      async send() {
        startedAt.push(performance.now());
        return { providerMessageId: `m${startedAt.length}` };
      },
    };
    const engine = createCampaignEngine({
      db: ctx.db.db,
      provider,
      publicUrl: "http://shobai.test",
      ratePerSecond: 20,
    });
    expect(await engine.tick()).toBe(total);
    expect(startedAt).toHaveLength(total);
    // 20 a second: one send every 50 ms, so ten sends span at least nine gaps (a limiter cannot be early).
    const gaps = startedAt.slice(1).map((t, i) => t - (startedAt[i] ?? t));
    expect((startedAt.at(-1) ?? 0) - (startedAt[0] ?? 0)).toBeGreaterThanOrEqual(9 * 50 - 5);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(40);
  });
});
