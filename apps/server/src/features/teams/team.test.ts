import { ZApiError } from "@shobai/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrolSecondFactor } from "../../testing/second-factor";
import { createTestApp, signedInClient, TestClient, type TestContext } from "../../testing/test-app";

/** Invitations, leaving, transfer and removal (issue 24, decision 0051). */

let ctx: TestContext;
let clock = new Date("2026-11-01T00:00:00Z");

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await ctx?.close();
});

const codeOf = (res: { json(): unknown }) => ZApiError.parse(res.json()).code;

/** The invitation token from the workspace's outbox (the default provider keeps mail there). */
async function invitationToken(owner: TestClient, email: string): Promise<string> {
  const mails = (await owner.get("/api/email/outbox")).json() as { to: string; text: string }[];
  const token = mails
    .filter((m) => m.to === email)
    .map((m) => m.text.match(/\/invite\?token=([\w%-]+)/)?.[1])
    .find(Boolean);
  if (!token) throw new Error(`no invitation was emailed to ${email}`);
  return decodeURIComponent(token);
}

/** An owner about to share the workspace: enrolled in two-factor sign-in, as such owners must be. */
async function ownerWithWorkspace() {
  const owner = await signedInClient(ctx.app, { firstName: "花子", lastName: "佐藤" });
  await enrolSecondFactor(owner.client);
  return { ...owner, workspaceId: owner.user.id as string };
}

describe("invitations", () => {
  it("let a new person sign up from the emailed link, join as editor, edit a contact but not open billing", async () => {
    clock = new Date();
    const owner = await ownerWithWorkspace();
    const contact = await owner.client.post("/api/contacts", { email: "guest@example.jp", lastName: "山田" });
    const invited = `new-${Date.now()}@example.jp`;
    const sent = await owner.client.post("/api/team/invitations", { email: invited, role: "editor" });
    expect(sent.statusCode).toBe(201);
    const token = await invitationToken(owner.client, invited);

    // The link says what it offers before any sign-in.
    const preview = await new TestClient(ctx.app).get(`/api/invitations/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      email: invited,
      role: "editor",
      workspaceName: expect.any(String),
    });

    const editor = await signedInClient(ctx.app, { email: invited }, { verified: false });
    const accepted = await editor.client.post(`/api/invitations/${token}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ workspaceId: owner.workspaceId });
    // The emailed link proved the address, as the sign-up link would have.
    expect((await editor.client.get("/api/auth/user")).json().emailVerified).toBe(true);

    const seen = await editor.client.get(`/api/contacts/${contact.json().id}`);
    expect(seen.statusCode).toBe(200);
    const edited = await editor.client.patch(`/api/contacts/${contact.json().id}`, { firstName: "太郎" });
    expect(edited.statusCode).toBe(200);
    const billing = await editor.client.get("/api/billing/receipts");
    expect(billing.statusCode).toBe(403);
    expect(codeOf(billing)).toBe("forbidden");

    const workspaces = (await editor.client.get("/api/workspaces")).json() as {
      workspaces: { id: string; role: string; active: boolean; personal: boolean }[];
    };
    expect(workspaces.workspaces).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: owner.workspaceId, role: "editor", active: true, personal: false }),
        expect.objectContaining({ role: "owner", active: false, personal: true }),
      ]),
    );

    // Works once.
    const again = await editor.client.post(`/api/invitations/${token}/accept`, {});
    expect(again.statusCode).toBe(404);
    expect(codeOf(again)).toBe("invalid_token");

    // The audit log says who invited and who joined.
    const audit = (await owner.client.get("/api/team/audit")).json() as { entries: { action: string }[] };
    expect(audit.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(["member.invited", "member.joined"]),
    );
    expect((await editor.client.get("/api/team/audit")).statusCode).toBe(403);
  });

  it("let an existing account join, and only with the invited address", async () => {
    const owner = await ownerWithWorkspace();
    const existing = await signedInClient(ctx.app);
    const stranger = await signedInClient(ctx.app);
    await owner.client.post("/api/team/invitations", { email: existing.email, role: "viewer" });
    const token = await invitationToken(owner.client, existing.email);
    const wrongPerson = await stranger.client.post(`/api/invitations/${token}/accept`, {});
    expect(wrongPerson.statusCode).toBe(403);
    const ok = await existing.client.post(`/api/invitations/${token}/accept`, {});
    expect(ok.statusCode).toBe(200);
    const team = (await existing.client.get("/api/team")).json() as { role: string; members: unknown[] };
    expect(team.role).toBe("viewer");
    expect(team.members).toHaveLength(2);
    // A viewer reads but does not write.
    expect((await existing.client.get("/api/contacts")).statusCode).toBe(200);
    expect(
      (await existing.client.post("/api/contacts", { email: "x@example.jp", lastName: "x" })).statusCode,
    ).toBe(403);
  });

  it("refuse an expired, a revoked and a replaced link", async () => {
    const owner = await ownerWithWorkspace();
    const late = `late-${Date.now()}@example.jp`;
    await owner.client.post("/api/team/invitations", { email: late, role: "editor" });
    const lateToken = await invitationToken(owner.client, late);
    const person = await signedInClient(ctx.app, { email: late });
    const realNow = clock;
    clock = new Date(realNow.getTime() + 8 * 24 * 60 * 60 * 1000);
    try {
      const expired = await person.client.post(`/api/invitations/${lateToken}/accept`, {});
      expect(expired.statusCode).toBe(404);
      expect(codeOf(expired)).toBe("invalid_token");
    } finally {
      clock = realNow;
    }

    const revokedEmail = `revoked-${Date.now()}@example.jp`;
    const inv = await owner.client.post("/api/team/invitations", { email: revokedEmail, role: "editor" });
    const revokedToken = await invitationToken(owner.client, revokedEmail);
    expect((await owner.client.delete(`/api/team/invitations/${inv.json().id}`)).statusCode).toBe(200);
    const revokedPerson = await signedInClient(ctx.app, { email: revokedEmail });
    // A second invitation to the same address replaces the first link.
    const replacedEmail = `replaced-${Date.now()}@example.jp`;
    await owner.client.post("/api/team/invitations", { email: replacedEmail, role: "viewer" });
    const firstToken = await invitationToken(owner.client, replacedEmail);
    await owner.client.post("/api/team/invitations", { email: replacedEmail, role: "editor" });
    const replacedPerson = await signedInClient(ctx.app, { email: replacedEmail });
    expect((await replacedPerson.client.post(`/api/invitations/${firstToken}/accept`, {})).statusCode).toBe(
      404,
    );
    expect((await revokedPerson.client.post(`/api/invitations/${revokedToken}/accept`, {})).statusCode).toBe(
      404,
    );
    expect((await new TestClient(ctx.app).get(`/api/invitations/${revokedToken}`)).statusCode).toBe(404);
  });

  it("stop at the plan's member limit with the plan to choose", async () => {
    const owner = await ownerWithWorkspace();
    await ctx.db.execute(
      `update workspaces set plan = 'starter', subscription_status = 'active' where id = '${owner.workspaceId}'`,
    );
    const res = await owner.client.post("/api/team/invitations", {
      email: `one-${Date.now()}@example.jp`,
      role: "editor",
    });
    expect(res.statusCode).toBe(403);
    expect(codeOf(res)).toBe("member_limit");
    expect(res.json().message).toContain("Business");
  });
});

describe("membership", () => {
  async function teamOfThree() {
    const owner = await ownerWithWorkspace();
    const join = async (role: string) => {
      const m = await signedInClient(ctx.app);
      await owner.client.post("/api/team/invitations", { email: m.email, role });
      await m.client.post(`/api/invitations/${await invitationToken(owner.client, m.email)}/accept`, {});
      // An administrator of a shared workspace must use two-factor sign-in first.
      if (role === "admin") await enrolSecondFactor(m.client);
      return { ...m, id: m.user.id as string };
    };
    return { owner, admin: await join("admin"), editor: await join("editor") };
  }

  it("asks owners and administrators of a shared workspace to enrol in two-factor sign-in first", async () => {
    const owner = await signedInClient(ctx.app);
    // Alone in the workspace: nothing asked.
    expect((await owner.client.get("/api/contacts")).statusCode).toBe(200);
    const admin = await signedInClient(ctx.app);
    await owner.client.post("/api/team/invitations", { email: admin.email, role: "admin" });
    await admin.client.post(
      `/api/invitations/${await invitationToken(owner.client, admin.email)}/accept`,
      {},
    );
    for (const person of [owner, admin]) {
      const refused = await person.client.get("/api/contacts");
      expect(refused.statusCode).toBe(403);
      expect(codeOf(refused)).toBe("second_factor_enrolment_required");
      const user = (await person.client.get("/api/auth/user")).json() as { secondFactor: { state: string } };
      expect(user.secondFactor.state).toBe("enrolment_required");
      await enrolSecondFactor(person.client);
      expect((await person.client.get("/api/contacts")).statusCode).toBe(200);
    }
    // An editor of the same workspace is not asked.
    const editor = await signedInClient(ctx.app);
    await owner.client.post("/api/team/invitations", { email: editor.email, role: "editor" });
    await editor.client.post(
      `/api/invitations/${await invitationToken(owner.client, editor.email)}/accept`,
      {},
    );
    expect((await editor.client.get("/api/contacts")).statusCode).toBe(200);
    // Enabling 2FA is in each workspace's audit log.
    const audit = (await owner.client.get("/api/team/audit")).json() as { entries: { action: string }[] };
    expect(audit.entries.map((e) => e.action)).toEqual(expect.arrayContaining(["2fa.enabled"]));
  });

  it("keeps the last owner from leaving, and lets others leave", async () => {
    const { owner, editor } = await teamOfThree();
    const refused = await owner.client.post("/api/team/leave", {});
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe("last_owner");
    expect((await editor.client.post("/api/team/leave", {})).statusCode).toBe(200);
    // Back in their own workspace.
    const team = (await editor.client.get("/api/team")).json() as { workspace: { id: string }; role: string };
    expect(team.workspace.id).toBe(editor.id);
    expect(team.role).toBe("owner");
  });

  it("transfers ownership; the former owner stays as administrator and may then leave", async () => {
    const { owner, admin } = await teamOfThree();
    expect((await admin.client.post("/api/team/transfer", { userId: owner.user.id })).statusCode).toBe(403);
    expect((await owner.client.post("/api/team/transfer", { userId: admin.id })).statusCode).toBe(200);
    const team = (await owner.client.get("/api/team")).json() as {
      role: string;
      members: { userId: string; role: string }[];
    };
    expect(team.role).toBe("admin");
    expect(team.members.find((m) => m.userId === admin.id)?.role).toBe("owner");
    // The new owner may open billing; the former one no longer.
    expect((await admin.client.get("/api/billing/receipts")).statusCode).toBe(200);
    expect((await owner.client.get("/api/billing/receipts")).statusCode).toBe(403);
    expect((await owner.client.post("/api/team/leave", {})).statusCode).toBe(200);
  });

  it("ends a removed member's access with their very next request", async () => {
    const { owner, admin, editor } = await teamOfThree();
    const contact = await owner.client.post("/api/contacts", { email: "kept@example.jp", lastName: "保持" });
    expect((await editor.client.get(`/api/contacts/${contact.json().id}`)).statusCode).toBe(200);
    // An administrator may change roles and remove members, but not the owner.
    expect((await admin.client.patch(`/api/team/members/${editor.id}`, { role: "viewer" })).statusCode).toBe(
      200,
    );
    expect((await admin.client.delete(`/api/team/members/${owner.user.id}`)).statusCode).toBe(403);
    expect((await editor.client.delete(`/api/team/members/${admin.id}`)).statusCode).toBe(403);
    expect((await admin.client.delete(`/api/team/members/${editor.id}`)).statusCode).toBe(200);
    // Same session, next request: the workspace's records are gone from view.
    expect((await editor.client.get(`/api/contacts/${contact.json().id}`)).statusCode).toBe(404);
    const team = (await editor.client.get("/api/team")).json() as { workspace: { id: string } };
    expect(team.workspace.id).toBe(editor.id);
    const audit = (await owner.client.get("/api/team/audit")).json() as {
      entries: { action: string; target: string }[];
    };
    expect(audit.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(["member.role_changed", "member.removed"]),
    );
    // Members are named by their address, not their id.
    expect(audit.entries.find((e) => e.action === "member.role_changed")?.target).toBe(
      `${editor.email}: editor → viewer`,
    );
    expect(audit.entries.find((e) => e.action === "member.removed")?.target).toBe(editor.email);
  });

  it("keeps the founder from deleting the account (and the shared workspace) while others are members", async () => {
    const { owner, editor } = await teamOfThree();
    const refused = await owner.client.delete("/api/profile", { password: owner.password });
    expect(refused.statusCode).toBe(409);
    // A member deletes their own account freely; the shared workspace stays.
    expect((await editor.client.delete("/api/profile", { password: editor.password })).statusCode).toBe(200);
    expect((await owner.client.get("/api/team")).statusCode).toBe(200);
  });

  it("switches workspace only into one the person belongs to", async () => {
    const { owner } = await teamOfThree();
    const stranger = await signedInClient(ctx.app);
    expect((await stranger.client.post(`/api/workspaces/${owner.workspaceId}/activate`, {})).statusCode).toBe(
      404,
    );
  });
});

describe("workspaces of one's own", () => {
  type Summary = { id: string; name: string; role: string; active: boolean; personal: boolean };
  const workspacesOf = async (c: TestClient) =>
    ((await c.get("/api/workspaces")).json() as { workspaces: Summary[] }).workspaces;

  it("creates a workspace the creator owns and works in, switches back, and deletes it with everything in it", async () => {
    clock = new Date();
    const owner = await ownerWithWorkspace();
    const created = await owner.client.post("/api/team/workspaces", { name: "  京都支店  " });
    expect(created.statusCode).toBe(201);
    const { workspaceId } = created.json() as { workspaceId: string };
    expect(workspaceId).not.toBe(owner.workspaceId);
    expect(await workspacesOf(owner.client)).toEqual([
      { id: owner.workspaceId, name: expect.any(String), role: "owner", active: false, personal: true },
      { id: workspaceId, name: "京都支店", role: "owner", active: true, personal: false },
    ]);
    const team = (await owner.client.get("/api/team")).json() as {
      workspace: { id: string; personal: boolean };
    };
    expect(team.workspace).toMatchObject({ id: workspaceId, personal: false });

    // Its records are its own: the personal workspace does not see them.
    const contact = await owner.client.post("/api/contacts", { email: "kyoto@example.jp", lastName: "京都" });
    expect(contact.statusCode).toBe(201);
    const editor = await signedInClient(ctx.app);
    await owner.client.post("/api/team/invitations", { email: editor.email, role: "editor" });
    await editor.client.post(
      `/api/invitations/${await invitationToken(owner.client, editor.email)}/accept`,
      {},
    );
    expect((await editor.client.get(`/api/contacts/${contact.json().id}`)).statusCode).toBe(200);
    expect((await owner.client.post(`/api/workspaces/${owner.workspaceId}/activate`, {})).statusCode).toBe(
      200,
    );
    expect((await owner.client.get(`/api/contacts/${contact.json().id}`)).statusCode).toBe(404);
    expect((await owner.client.post(`/api/workspaces/${workspaceId}/activate`, {})).statusCode).toBe(200);

    // Only the owner deletes it, and only with its name typed again.
    const byEditor = await editor.client.delete("/api/team", { name: "京都支店" });
    expect(byEditor.statusCode).toBe(403);
    expect(codeOf(byEditor)).toBe("forbidden");
    const mistyped = await owner.client.delete("/api/team", { name: "京都" });
    expect(mistyped.statusCode).toBe(400);
    expect(codeOf(mistyped)).toBe("workspace_name_mismatch");
    expect((await owner.client.delete("/api/team", { name: "京都支店" })).statusCode).toBe(200);

    expect(await ctx.db.rows(`select id from contacts where owner_id = '${workspaceId}'`)).toEqual([]);
    expect(
      await ctx.db.rows(`select 1 from workspace_members where workspace_id = '${workspaceId}'`),
    ).toEqual([]);
    expect(
      await ctx.db.rows(`select 1 from workspace_invitations where workspace_id = '${workspaceId}'`),
    ).toEqual([]);
    expect(await ctx.db.rows(`select 1 from sessions where active_workspace_id = '${workspaceId}'`)).toEqual(
      [],
    );
    // Every session that worked in it is back in its personal workspace.
    for (const person of [owner, { ...editor, workspaceId: editor.user.id as string }]) {
      expect((await workspacesOf(person.client)).map((w) => w.id)).toEqual([person.workspaceId]);
      const back = (await person.client.get("/api/team")).json() as { workspace: { id: string } };
      expect(back.workspace.id).toBe(person.workspaceId);
      // Each former member's own log keeps the deletion.
      const audit = (await person.client.get("/api/team/audit")).json() as {
        entries: { action: string; target: string }[];
      };
      expect(audit.entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: "workspace.deleted", target: "京都支店" }),
        ]),
      );
    }
  });

  it("refuses to delete a personal workspace (it goes with the account)", async () => {
    clock = new Date();
    const person = await signedInClient(ctx.app);
    const name = (await workspacesOf(person.client))[0]?.name;
    const refused = await person.client.delete("/api/team", { name });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe("personal_workspace");
    expect((await person.client.get("/api/team")).statusCode).toBe(200);
  });

  it("asks for the second factor again before deleting a workspace", async () => {
    clock = new Date();
    const owner = await ownerWithWorkspace();
    const { workspaceId } = (await owner.client.post("/api/team/workspaces", { name: "Osaka" })).json() as {
      workspaceId: string;
    };
    await ctx.db.execute(
      `update sessions set second_factor_at = now() - interval '16 minutes' where user_id = '${owner.workspaceId}'`,
    );
    const stale = await owner.client.delete("/api/team", { name: "Osaka" });
    expect(stale.statusCode).toBe(403);
    expect(codeOf(stale)).toBe("second_factor_stale");
    expect(await ctx.db.rows(`select id from workspaces where id = '${workspaceId}'`)).toHaveLength(1);
  });

  it("reads the plan of the workspace being worked in (one trial per person)", async () => {
    clock = new Date();
    const person = await signedInClient(ctx.app);
    const personal = person.user.id as string;
    // The personal workspace is on Business; the person's own trial has ended.
    await ctx.db.execute(
      `update workspaces set plan = 'business', subscription_status = 'active', trial_ends_at = now() - interval '1 day' where id = '${personal}'`,
    );
    const status = async () =>
      (await person.client.get("/api/subscription/status")).json() as { plan: string; access: string };
    expect(await status()).toMatchObject({ plan: "business", access: "ok" });

    const { workspaceId } = (
      await person.client.post("/api/team/workspaces", { name: "Side shop" })
    ).json() as {
      workspaceId: string;
    };
    // A new workspace starts on the trial, which for this person is already over: a plan is needed.
    expect(await status()).toMatchObject({ plan: "trial", access: "trial_ended" });
    expect((await person.client.get("/api/auth/user")).json()).toMatchObject({ plan: "trial" });
    const site = await person.client.post("/api/websites/generate", {
      businessDescription: "京都の小さな陶器店です。手作りの器を販売しています。",
    });
    expect(site.statusCode).toBe(403);
    expect(codeOf(site)).toBe("plan_required");

    // Back in the personal workspace, Business again.
    await person.client.post(`/api/workspaces/${personal}/activate`, {});
    expect(await status()).toMatchObject({ plan: "business", access: "ok" });
    expect((await person.client.get("/api/auth/user")).json()).toMatchObject({ plan: "business" });
    expect(await ctx.db.rows(`select plan from workspaces where id = '${workspaceId}'`)).toEqual([
      { plan: "trial" },
    ]);
  });

  it("gives a new workspace only what is left of its creator's trial", async () => {
    clock = new Date();
    const person = await signedInClient(ctx.app);
    const [own] = await ctx.db.rows<{ trial_ends_at: string }>(
      `select trial_ends_at from workspaces where id = '${person.user.id}'`,
    );
    const { workspaceId } = (await person.client.post("/api/team/workspaces", { name: "Second" })).json() as {
      workspaceId: string;
    };
    const [fresh] = await ctx.db.rows<{ trial_ends_at: string; created_by: string }>(
      `select trial_ends_at, created_by from workspaces where id = '${workspaceId}'`,
    );
    // The same end (this test's clock stands still, so "14 days from now" may come a moment earlier).
    const gap = new Date(own?.trial_ends_at ?? 0).getTime() - new Date(fresh?.trial_ends_at ?? 0).getTime();
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(60_000);
    expect(fresh?.created_by).toBe(person.user.id);
    const status = (await person.client.get("/api/subscription/status")).json() as { access: string };
    expect(status.access).toBe("ok");
  });

  it("keeps an owner of another workspace from deleting the account until it is deleted", async () => {
    clock = new Date();
    const person = await signedInClient(ctx.app);
    await person.client.post("/api/team/workspaces", { name: "Kept" });
    const refused = await person.client.delete("/api/profile", { password: person.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("Kept");
    expect((await person.client.delete("/api/team", { name: "Kept" })).statusCode).toBe(200);
    expect((await person.client.delete("/api/profile", { password: person.password })).statusCode).toBe(200);
  });

  it("validates the name", async () => {
    const person = await signedInClient(ctx.app);
    const blank = await person.client.post("/api/team/workspaces", { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect((await workspacesOf(person.client)).length).toBe(1);
  });
});
