import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangeBus, type ChangeHandler, type ChangeTopic, openChangeBus } from "../../db/change-bus";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import type { SessionRow, UserRow } from "./queries";
import { createSessionCache } from "./session-cache";

/** A change bus driven by the test: announce() plays a notification, `live` is switched by hand. */
function fakeBus() {
  const handlers = new Map<ChangeTopic, ChangeHandler[]>();
  const bus = {
    live: true,
    on(topic: ChangeTopic, handler: ChangeHandler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    sync: async () => true,
    close: async () => undefined,
    announce(topic: ChangeTopic, key: string | null) {
      for (const h of handlers.get(topic) ?? []) h(key);
    },
  };
  return bus satisfies ChangeBus & { announce: unknown };
}

function sessionOf(userId: string): SessionRow {
  return {
    id: `s-${userId}`,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
    secondFactorAt: null,
    user: { id: userId, firstName: "花子" } as UserRow,
    hasPassword: true,
    workspaceId: userId,
    role: "owner",
    lastActiveAt: null,
    leadsShared: false,
    workspacePlan: null,
  };
}

describe("createSessionCache", () => {
  it("keeps a session until its person's change, or any membership change, is announced", () => {
    const bus = fakeBus();
    const cache = createSessionCache(bus);
    cache.set("t1", sessionOf("u1"), cache.generation);
    cache.set("t2", sessionOf("u2"), cache.generation);
    expect(cache.get("t1")?.user.id).toBe("u1");
    bus.announce("auth", "u1");
    expect(cache.get("t1")).toBeNull();
    expect(cache.get("t2")?.user.id).toBe("u2");
    // Changes of other tables are not about sessions.
    bus.announce("websites", "u2");
    expect(cache.get("t2")).not.toBeNull();
    bus.announce("auth", null);
    expect(cache.get("t2")).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("does not keep a row read before a change of its person it may predate", () => {
    const bus = fakeBus();
    const cache = createSessionCache(bus);
    const readAt = cache.generation;
    // Changes are heard while the rows are on their way from the database.
    bus.announce("auth", "u1");
    bus.announce("auth", "someone-else");
    cache.set("t1", sessionOf("u1"), readAt);
    expect(cache.get("t1")).toBeNull();
    // A change of someone else's says nothing about this row.
    cache.set("t2", sessionOf("u2"), readAt);
    expect(cache.get("t2")).not.toBeNull();
    cache.set("t1", sessionOf("u1"), cache.generation);
    expect(cache.get("t1")).not.toBeNull();
    // After a change of everything's, no earlier read is kept.
    const before = cache.generation;
    bus.announce("auth", null);
    cache.set("t3", sessionOf("u3"), before);
    expect(cache.get("t3")).toBeNull();
  });

  it("keeps and serves nothing while notifications do not arrive, and forgets what it had", () => {
    const bus = fakeBus();
    const cache = createSessionCache(bus);
    cache.set("t1", sessionOf("u1"), cache.generation);
    bus.live = false;
    expect(cache.get("t1")).toBeNull();
    cache.set("t2", sessionOf("u2"), cache.generation);
    bus.live = true;
    expect(cache.get("t1")).toBeNull();
    expect(cache.get("t2")).toBeNull();
    expect(createSessionCache(undefined).get("t1")).toBeNull();
  });

  it("forgets a session after a minute at most, and on sign-out", () => {
    let now = 1_000_000;
    const bus = fakeBus();
    const cache = createSessionCache(bus, () => now);
    cache.set("t1", sessionOf("u1"), cache.generation);
    cache.set("t2", sessionOf("u2"), cache.generation);
    cache.drop("t2");
    expect(cache.get("t2")).toBeNull();
    now += 59_000;
    expect(cache.get("t1")).not.toBeNull();
    now += 2_000;
    expect(cache.get("t1")).toBeNull();
  });

  it("freezes the person's row it serves to many requests", () => {
    const cache = createSessionCache(fakeBus());
    const row = sessionOf("u1");
    cache.set("t1", row, cache.generation);
    expect(() => {
      (row.user as { firstName: string }).firstName = "変更";
    }).toThrow(TypeError);
  });
});

describe("ChangeBus.sync", () => {
  let db: TestDatabase;
  let bus: ChangeBus;
  beforeAll(async () => {
    db = await createTestDatabase();
    bus = await openChangeBus(db);
  });
  afterAll(async () => {
    await bus?.close();
    await db?.drop();
  });

  it("resolves after every change committed before it has been dispatched", async () => {
    const heard: (string | null)[] = [];
    bus.on("auth", (key) => heard.push(key));
    await db.execute(
      "select pg_notify('shobai_changes', 'auth:before-1'), pg_notify('shobai_changes', 'auth')",
    );
    expect(await bus.sync()).toBe(true);
    expect(heard).toEqual(["before-1", null]);
    // Many callers at once share markers, and each still sees what came before it.
    await db.execute("select pg_notify('shobai_changes', 'auth:before-2')");
    const all = await Promise.all(Array.from({ length: 20 }, () => bus.sync()));
    expect(all.every(Boolean)).toBe(true);
    expect(heard).toEqual(["before-1", null, "before-2"]);
  });

  it("announces changes to what a session read holds, from the tables themselves", async () => {
    const heard: (string | null)[] = [];
    bus.on("auth", (key) => heard.push(key));
    await db.execute(
      `insert into users (id, name, email, email_verified, first_name, last_name, created_at, updated_at)
       values ('bus-user', 'B', 'bus@example.jp', true, 'B', 'U', now(), now())`,
    );
    expect(await bus.sync()).toBe(true);
    heard.length = 0;
    await db.execute("update users set first_name = 'C' where id = 'bus-user'");
    expect(await bus.sync()).toBe(true);
    expect(heard).toEqual(["bus-user"]);
    // A membership (here the personal workspace's, removed with the person) changes everyone's reads.
    heard.length = 0;
    await db.execute("delete from users where id = 'bus-user'");
    expect(await bus.sync()).toBe(true);
    expect(heard).toContain("bus-user");
    expect(heard).toContain(null);
  });

  it("answers false once closed", async () => {
    const other = await openChangeBus(db);
    await other.close();
    expect(await other.sync(100)).toBe(false);
  });
});
