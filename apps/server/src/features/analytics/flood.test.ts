import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
import { addressKey, createFloodGuard, FLOOD_CAPS } from "./flood-guard";
import { COLLECT_PATH } from "./tracker";

const UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Mobile/15E148 Safari/604.1";

// Small caps keep the test quick; the rule is the same as with FLOOD_CAPS.
const CAPS = { perVisitor: 12, perAddress: 60, slots: 1 << 12 };
let clock = new Date("2026-11-25T03:00:00Z");
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ analytics: { now: () => clock, flushIntervalMs: 10, floodCaps: CAPS } });
});
afterAll(async () => {
  await ctx?.close();
});

async function site() {
  const owner = await signedInClient(ctx.app);
  await ctx.app.services.auth.setPlan(owner.email, "business");
  return (
    await owner.client.post("/api/websites/generate", {
      businessDescription: "渋谷のラーメン店です。",
      languages: ["ja"],
    })
  ).json() as { id: string; slug: string };
}

const beacon = (slug: string, ip: string, ua: string, k = "pageview") =>
  ctx.app.inject({
    method: "POST",
    url: COLLECT_PATH,
    headers: { host: `${slug}.localhost`, "content-type": "text/plain;charset=UTF-8", "user-agent": ua },
    remoteAddress: ip,
    payload: JSON.stringify({ k, p: "/ja/", w: 390, l: "ja-JP" }),
  });

async function stored(websiteId: string): Promise<number> {
  await ctx.app.services.analytics.flush();
  const [row] = await ctx.db.rows<{ n: number }>(
    `SELECT count(*)::int AS n FROM analytics_events WHERE website_id = '${websiteId}'`,
  );
  return row?.n ?? 0;
}

describe("analytics floods (issue 15)", () => {
  it("stores at most the caps of one flooding client, answering 202 all the same", async () => {
    const { id, slug } = await site();
    // One visitor hammering: only perVisitor of its events a minute.
    for (let i = 0; i < 40; i++) expect((await beacon(slug, "203.0.113.7", UA)).statusCode).toBe(202);
    expect(await stored(id)).toBe(CAPS.perVisitor);
    // The same address posing as many browsers: perAddress beacons a minute in all (the 40 above
    // count too), so 20 more are stored.
    for (let i = 0; i < 120; i++) await beacon(slug, "203.0.113.7", `${UA} v${i}`);
    expect(await stored(id)).toBe(CAPS.perVisitor + (CAPS.perAddress - 40));
    // A whole IPv6 /64 is one client.
    for (let i = 0; i < 80; i++) await beacon(slug, `2001:db8:1:2::${i.toString(16)}`, `${UA} w${i}`);
    expect(await stored(id)).toBe(32 + CAPS.perAddress);
    expect(ctx.app.services.analytics.counters().flooded).toBe(40 - 12 + 120 - 20 + 80 - 60);
    // The next minute the budget is back.
    clock = new Date(clock.getTime() + 60_000);
    await beacon(slug, "203.0.113.7", UA);
    expect(await stored(id)).toBe(32 + CAPS.perAddress + 1);
  });

  it("stores every event of many real visitors, even behind one address", async () => {
    const { id, slug } = await site();
    // 300 visitors from their own addresses, three pages and a leave each.
    for (let v = 0; v < 300; v++) {
      for (const k of ["pageview", "pageview", "pageview", "leave"]) {
        await beacon(slug, `198.51.${v >> 8}.${v & 255}`, `${UA} v${v}`, k);
      }
    }
    expect(await stored(id)).toBe(1200);
  });
});

describe("the flood guard", () => {
  it("caps each visitor and address, and forgets each minute", () => {
    let now = 0;
    const guard = createFloodGuard({ perVisitor: 2, perAddress: 3, slots: 1 << 10 }, () => now);
    expect([1, 2, 3].map(() => guard.visitor("s", 1))).toEqual([true, true, false]);
    expect([1, 2, 3, 4].map(() => guard.address("s", "10.0.0.1"))).toEqual([true, true, true, false]);
    // Another site's visitors from the same address have their own budget.
    expect([1, 2, 3, 4].map(() => guard.address("t", "10.0.0.1"))).toEqual([true, true, true, false]);
    now += 60_000;
    expect(guard.used()).toBeGreaterThan(0);
    expect(guard.visitor("s", 1)).toBe(true);
    expect(guard.address("s", "10.0.0.1")).toBe(true);
    expect(guard.used()).toBe(2);
  });

  it("keeps counting real visitors through a flood of new keys, in fixed memory", () => {
    const guard = createFloodGuard(FLOOD_CAPS, () => 0, 12345);
    // A minute of 20,000 events/s from people who send four each: 300,000 visitors, every event kept.
    let refused = 0;
    for (let v = 0; v < 300_000; v++) {
      const ip = `10.${(v >> 16) & 255}.${(v >> 8) & 255}.${v & 255}`;
      // Visitor hashes are 48 bits of sha256: spread like this.
      const visitor = Math.floor(((v * 0.6180339887498949) % 1) * 2 ** 48);
      for (let e = 0; e < 4; e++) {
        if (!guard.address("site_a", ip) || !guard.visitor("site_a", visitor)) refused += 1;
      }
    }
    expect(refused).toBe(0);
    // Then one client floods: still capped at once.
    const flood = [...Array(200)].map(() => guard.visitor("site_a", 7));
    expect(flood.filter(Boolean)).toHaveLength(FLOOD_CAPS.perVisitor);
    const fromOne = [...Array(700)].map(() => guard.address("site_a", "192.0.2.9"));
    expect(fromOne.filter(Boolean)).toHaveLength(FLOOD_CAPS.perAddress);
  });

  it("only ever overestimates: a tiny table caps sooner, never later", () => {
    const guard = createFloodGuard({ perVisitor: 5, perAddress: 5, slots: 8 }, () => 0, 1);
    let kept = 0;
    for (let v = 0; v < 100; v++) if (guard.visitor("s", v * 2 ** 24 + v)) kept += 1;
    // 100 keys in 8 counters: the counters fill and the keys that share them are capped together.
    expect(kept).toBeLessThanOrEqual(5 * 8);
    expect(kept).toBeGreaterThanOrEqual(5);
  });

  it("keys IPv6 by its /64 and IPv4-mapped addresses as IPv4", () => {
    expect(addressKey("2001:db8:1:2::5")).toBe("2001:db8:1:2");
    expect(addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0");
    expect(addressKey("::1")).toBe("0:0:0:0");
    expect(addressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey("192.0.2.1")).toBe("192.0.2.1");
    expect(FLOOD_CAPS.perVisitor).toBeLessThan(FLOOD_CAPS.perAddress);
  });
});
