import { ZApiError } from "@shobai/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, TestClient, type TestContext } from "../../testing/test-app";

/**
 * Revocation is immediate although a signed-in request reads its session, user and workspace
 * membership in one query (decision 0057), and a read reuses the session read of an earlier read
 * (decision 0059): whatever ends access shows on the very next request, whoever changed it (this
 * process, another one, SQL typed by an operator). Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ email: { tickMs: null } });
});
afterAll(async () => {
  await ctx?.close();
});

const codeOf = (res: { json(): unknown }) => ZApiError.parse(res.json()).code;
const sql = (text: string) => ctx.db.execute(text);
const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A second browser signed in as the same person (a session of its own). */
async function secondSession(email: string, password: string): Promise<TestClient> {
  const other = new TestClient(ctx.app);
  expect((await other.post("/api/auth/login", { email, password })).statusCode).toBe(200);
  return other;
}

describe("revocation at once", () => {
  it("refuses a signed-out session on its next request, and only that one", async () => {
    const { client, email, password } = await signedInClient(ctx.app);
    const other = await secondSession(email, password);
    expect((await client.get("/api/contacts")).statusCode).toBe(200);
    const signedOut = client.cookie;
    expect(signedOut).not.toBe(other.cookie);
    expect((await client.post("/api/logout")).statusCode).toBe(303);
    // The old cookie, replayed: dead on the server, not only deleted in the browser.
    const dead = await ctx.app.inject({
      method: "GET",
      url: "/api/contacts",
      headers: { cookie: `auth_session=${signedOut}` },
    });
    expect(dead.statusCode).toBe(401);
    expect((await other.get("/api/contacts")).statusCode).toBe(200);
  });

  it("ends every other session when the password changes; the changing browser stays in", async () => {
    const { client, email, password } = await signedInClient(ctx.app);
    const other = await secondSession(email, password);
    expect((await other.get("/api/auth/user")).statusCode).toBe(200);
    const changed = await client.post("/api/profile/password", {
      currentPassword: password,
      newPassword: "a different long passphrase",
    });
    expect(changed.statusCode).toBe(200);
    const refused = await other.get("/api/auth/user");
    expect(refused.statusCode).toBe(401);
    expect(codeOf(refused)).toBe("unauthorized");
    expect((await other.get("/api/contacts")).statusCode).toBe(401);
    expect((await client.get("/api/contacts")).statusCode).toBe(200);
  });

  it("refuses a session removed in the database (another process signing it out) at once", async () => {
    const { client, user } = await signedInClient(ctx.app);
    expect((await client.get("/api/auth/user")).statusCode).toBe(200);
    await sql(`delete from sessions where user_id = ${quoted(user.id)}`);
    expect((await client.get("/api/auth/user")).statusCode).toBe(401);
  });

  it("refuses a deleted account's session at once", async () => {
    const { client, user } = await signedInClient(ctx.app);
    expect((await client.get("/api/contacts")).statusCode).toBe(200);
    await sql(`update users set deleted_at = now() where id = ${quoted(user.id)}`);
    expect((await client.get("/api/contacts")).statusCode).toBe(401);
  });

  it("follows membership changes on the next request: role, removal, none left", async () => {
    const { client, user } = await signedInClient(ctx.app);
    const owner = await signedInClient(ctx.app);
    const contact = await owner.client.post("/api/contacts", { email: "kept@example.jp", lastName: "保持" });
    expect(contact.statusCode).toBe(201);
    // Made a viewer of the owner's workspace and switched into it (rows as the team service writes them).
    await sql(
      `insert into workspace_members (workspace_id, user_id, role) values (${quoted(owner.user.id)}, ${quoted(user.id)}, 'viewer')`,
    );
    await sql(
      `update sessions set active_workspace_id = ${quoted(owner.user.id)} where user_id = ${quoted(user.id)}`,
    );
    const url = `/api/contacts/${contact.json().id}`;
    expect((await client.get(url)).statusCode).toBe(200);
    // A viewer may read but not write.
    const write = await client.patch(url, { lastName: "変更" });
    expect(write.statusCode).toBe(403);
    expect(codeOf(write)).toBe("forbidden");
    // Made an editor: the next write goes through.
    await sql(
      `update workspace_members set role = 'editor' where workspace_id = ${quoted(owner.user.id)} and user_id = ${quoted(user.id)}`,
    );
    expect((await client.patch(url, { lastName: "変更" })).statusCode).toBe(200);
    // Removed: the very next request works in the person's own workspace, where the contact is not.
    await sql(
      `delete from workspace_members where workspace_id = ${quoted(owner.user.id)} and user_id = ${quoted(user.id)}`,
    );
    expect((await client.get(url)).statusCode).toBe(404);
    // Belonging to no workspace at all: refused, but the person's own account still answers.
    await sql(`delete from workspace_members where user_id = ${quoted(user.id)}`);
    const none = await client.get("/api/contacts");
    expect(none.statusCode).toBe(403);
    expect(codeOf(none)).toBe("forbidden");
    expect((await client.get("/api/auth/user")).statusCode).toBe(200);
  });

  it("reads the same user and workspace when better-auth refreshes the session (once a day)", async () => {
    const { client, user } = await signedInClient(ctx.app);
    // Last refreshed more than a day ago: this request goes through better-auth, which slides the expiry.
    await sql(
      `update sessions set expires_at = now() + interval '6 days' - interval '1 hour' where user_id = ${quoted(user.id)}`,
    );
    const before = Date.now();
    const refreshed = await client.get("/api/contacts");
    expect(refreshed.statusCode).toBe(200);
    const [row] = await ctx.db.rows<{ expires_at: string }>(
      `select expires_at::text from sessions where user_id = ${quoted(user.id)}`,
    );
    expect(new Date(row?.expires_at ?? 0).getTime()).toBeGreaterThan(before + 6.9 * 24 * 3600 * 1000);
    expect((await client.get("/api/auth/user")).json()).toMatchObject({ id: user.id });
    // An expired session is refused.
    await sql(
      `update sessions set expires_at = now() - interval '1 second' where user_id = ${quoted(user.id)}`,
    );
    expect((await client.get("/api/auth/user")).statusCode).toBe(401);
  });

  it("serves reads from the kept session until a change is announced; writes read it afresh", async () => {
    const { client, user } = await signedInClient(ctx.app);
    expect((await client.get("/api/auth/user")).json()).toMatchObject({ firstName: user.firstName });
    // A change made without its announcement (trigger off) is not seen by reads: they are kept.
    await sql("alter table users disable trigger users_announce_auth_change");
    try {
      await sql(`update users set first_name = '隠れ' where id = ${quoted(user.id)}`);
      expect((await client.get("/api/auth/user")).json()).toMatchObject({ firstName: user.firstName });
      // A write reads the session afresh (and answers with the row it read).
      const renamed = await client.patch("/api/profile", { lastName: "書込" });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ firstName: "隠れ", lastName: "書込" });
    } finally {
      await sql("alter table users enable trigger users_announce_auth_change");
    }
    // Neither change was announced: reads still get the kept row.
    expect((await client.get("/api/auth/user")).json()).toMatchObject({ firstName: user.firstName });
    // The next change is announced: the next read has the row as it is now.
    await sql(`update users set language = 'en' where id = ${quoted(user.id)}`);
    expect((await client.get("/api/auth/user")).json()).toMatchObject({
      firstName: "隠れ",
      lastName: "書込",
      language: "en",
    });
  });

  it("follows a workspace's plan and another member's arrival on the next read", async () => {
    const owner = await signedInClient(ctx.app);
    const before = (await owner.client.get("/api/auth/user")).json();
    await sql(
      `update workspaces set plan = 'business', subscription_status = 'active' where id = ${quoted(owner.user.id)}`,
    );
    const after = (await owner.client.get("/api/auth/user")).json();
    expect(after.plan).toBe("business");
    expect(after.plan).not.toBe(before.plan);
    // Another member joins the owner's workspace: an owner of a shared workspace must now use a
    // second factor (decision 0052), which the owner's next read says.
    const member = await signedInClient(ctx.app);
    expect((await owner.client.get("/api/auth/user")).json().secondFactor.state).toBe("ok");
    await sql(
      `insert into workspace_members (workspace_id, user_id, role) values (${quoted(owner.user.id)}, ${quoted(member.user.id)}, 'editor')`,
    );
    expect((await owner.client.get("/api/auth/user")).json().secondFactor.state).toBe("enrolment_required");
  });
});
