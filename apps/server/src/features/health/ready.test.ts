import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestApp, type TestContext } from "../../testing/test-app";
import { TEST_DATABASE_URL } from "../../testing/test-database";
import { createHealthService } from "./service";

const kind = TEST_DATABASE_URL ? "postgres" : "pglite";
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ email: { tickMs: null } });
});
afterAll(async () => {
  await ctx?.close();
});

describe("GET /api/ready", () => {
  it("answers 200 when the database answers and every migration is applied", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      status: "ready",
      db: kind,
      checks: { database: true, migrations: true, accepting: true },
    });
  });

  it("answers 503 while the database lacks this version's newest migration", async () => {
    const [newest] = await ctx.db.rows<{ id: number; hash: string; created_at: string }>(
      "select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1",
    );
    if (!newest) throw new Error("no migrations recorded");
    await ctx.db.execute(`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const res = await ctx.app.inject({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: "not_ready",
        checks: { database: true, migrations: false, accepting: true },
        message: expect.stringContaining("migrations"),
      });
    } finally {
      await ctx.db.execute(
        `insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, '${newest.hash}', ${newest.created_at})`,
      );
    }
    expect((await ctx.app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
  });

  it("counts a database that does not answer in time as not ready", async () => {
    // A connection that hangs (a stalled server, a full pool): the check gives up after its timeout.
    const hanging = { execute: () => new Promise(() => undefined) } as unknown as Database;
    const service = createHealthService({ db: hanging, kind: "postgres", timeoutMs: 50 });
    expect(await service.ready()).toEqual({
      status: "not_ready",
      db: "postgres",
      checks: { database: false, migrations: null, accepting: true },
      message: "The database did not answer in time.",
    });
  });

  it("answers 503 at once when shutdown begins, while liveness still answers", async () => {
    const other = await createTestApp({ email: { tickMs: null } });
    try {
      other.app.services.health.beginShutdown();
      const res = await other.app.inject({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: "not_ready",
        db: kind,
        checks: { database: null, migrations: null, accepting: false },
        message: expect.stringContaining("Shutting down"),
      });
      expect((await other.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("marks the app as shutting down however it is closed", async () => {
    const other = await createTestApp({ email: { tickMs: null } });
    expect(other.app.services.health.shuttingDown).toBe(false);
    await other.close();
    expect(other.app.services.health.shuttingDown).toBe(true);
  });
});
