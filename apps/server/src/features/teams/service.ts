import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  can,
  ERROR_CODES,
  PAID_PLAN_IDS,
  PLANS,
  type TAuditEntry,
  type TInvitationPreview,
  TRIAL_DAYS,
  type TTeam,
  type TTeamInvitation,
  type TWorkspaceRole,
  type TWorkspaceSummary,
} from "@shobai/shared";
import { and, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  sessions,
  users,
  workspaceAudit,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Entitlements } from "../../lib/entitlements";
import type { SessionUser } from "../auth/service";
import type { RequestWorkspace } from "../auth/session";
import { recordAudit } from "./audit";
import type { InvitationMailer } from "./invitation-mail";

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type Actor = { user: SessionUser; workspace: RequestWorkspace; ip: string | null };

/** Workspaces, members, invitations and the audit log (issue 24, decision 0051). */
export function createTeamsService(deps: {
  db: Database;
  entitlements: Pick<Entitlements, "standing">;
  mailer: InvitationMailer;
  /** Stored files of a workspace's websites (media in MEDIA_DIR or S3), removed before its rows. */
  removeFiles?: (workspaceId: string) => Promise<void>;
  /** Ends the workspace's running Stripe subscription (the same call as account deletion). */
  cancelSubscription?: (workspaceId: string) => Promise<void>;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const workspaceName = async (id: string): Promise<string> => {
    const [row] = await db
      .select({ name: workspaces.name, email: users.email })
      .from(workspaces)
      .leftJoin(users, eq(users.id, workspaces.personalOf))
      .where(eq(workspaces.id, id));
    return row?.name || row?.email || "Shobai";
  };

  /**
   * One free trial per person (decision 0051): a new workspace's trial ends when its creator's own
   * trial (their personal workspace's) ends, so creating workspaces never adds free days; after it,
   * the new workspace starts with its trial ended and needs a plan to create websites or send.
   */
  async function trialEndFor(userId: string): Promise<Date> {
    const [personal] = await db
      .select({ trialEndsAt: workspaces.trialEndsAt })
      .from(workspaces)
      .where(eq(workspaces.personalOf, userId));
    const at = now();
    const full = new Date(at.getTime() + TRIAL_DAYS * DAY_MS);
    const own = personal?.trialEndsAt ?? null;
    if (!own) return full;
    return own.getTime() < at.getTime() ? at : own.getTime() < full.getTime() ? own : full;
  }

  async function memberOf(workspaceId: string, userId: string) {
    const [row] = await db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    return row;
  }

  async function ownerCount(workspaceId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")));
    return row?.n ?? 0;
  }

  const pending = (workspaceId: string) =>
    and(
      eq(workspaceInvitations.workspaceId, workspaceId),
      isNull(workspaceInvitations.acceptedAt),
      isNull(workspaceInvitations.revokedAt),
      gt(workspaceInvitations.expiresAt, now()),
    );

  /** Refuses (403 member_limit, naming the plan to choose) when the workspace is full. */
  async function assertRoom(workspaceId: string, countInvitations: boolean): Promise<void> {
    const { plan } = await deps.entitlements.standing(workspaceId);
    const [members] = await db
      .select({ n: count() })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId));
    const [invites] = countInvitations
      ? await db.select({ n: count() }).from(workspaceInvitations).where(pending(workspaceId))
      : [{ n: 0 }];
    const people = (members?.n ?? 0) + (invites?.n ?? 0);
    if (people < plan.memberLimit) return;
    const next = PAID_PLAN_IDS.map((id) => PLANS[id]).find((p) => p.memberLimit > people);
    throw new AppError(
      403,
      ERROR_CODES.memberLimit,
      `The ${plan.name} plan allows ${plan.memberLimit} ${plan.memberLimit === 1 ? "person" : "people"} in a workspace (members and pending invitations).` +
        (next ? ` Choose the ${next.name} plan (${next.memberLimit} people) on the subscription page.` : ""),
    );
  }

  function invitationOut(
    r: typeof workspaceInvitations.$inferSelect,
    inviter: string | null,
  ): TTeamInvitation {
    return {
      id: r.id,
      email: r.email,
      role: r.role as TTeamInvitation["role"],
      invitedBy: inviter,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      expired: r.expiresAt.getTime() <= now().getTime(),
    };
  }

  async function sendInvitation(actor: Actor, email: string, role: string, token: string) {
    await deps.mailer.send({
      workspaceId: actor.workspace.id,
      workspaceName: await workspaceName(actor.workspace.id),
      inviterName: actor.user.name || actor.user.email,
      language: actor.user.language,
      to: email,
      role,
      token,
      days: INVITATION_DAYS,
    });
  }

  async function invitationByToken(token: string) {
    const [row] = await db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.tokenHash, hashToken(token)));
    if (!row || row.acceptedAt || row.revokedAt || row.expiresAt.getTime() <= now().getTime()) {
      throw new AppError(
        404,
        ERROR_CODES.invalidToken,
        "This invitation link is unknown, was already used, was revoked or has expired. Ask for a new one.",
      );
    }
    return row;
  }

  return {
    async list(userId: string, active: string | undefined): Promise<TWorkspaceSummary[]> {
      const rows = await db
        .select({ id: workspaces.id, name: workspaces.name, email: users.email, role: workspaceMembers.role })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .leftJoin(users, eq(users.id, workspaces.personalOf))
        .where(eq(workspaceMembers.userId, userId))
        .orderBy(sql`(${workspaces.id} = ${userId}) desc`, workspaceMembers.createdAt);
      return rows.map((r) => ({
        id: r.id,
        name: r.name || r.email || r.id,
        role: r.role as TWorkspaceRole,
        active: r.id === active,
        personal: r.id === userId,
      }));
    },

    /** Makes `workspaceId` the session's workspace (404 unless the person is a member). */
    async activate(userId: string, sessionToken: string | null, workspaceId: string): Promise<void> {
      if (!(await memberOf(workspaceId, userId))) throw AppError.notFound("No such workspace");
      if (!sessionToken) return;
      await db
        .update(sessions)
        .set({ activeWorkspaceId: workspaceId })
        .where(and(eq(sessions.token, sessionToken), eq(sessions.userId, userId)));
    },

    /**
     * A new workspace (issue 24): the creator is its owner and this session works in it from now on.
     * Its subscription starts on the creator's remaining trial (see trialEndFor).
     */
    async create(
      user: SessionUser,
      sessionToken: string | null,
      name: string,
      ip: string | null,
    ): Promise<{ workspaceId: string }> {
      const id = randomUUID();
      const trialEndsAt = await trialEndFor(user.id);
      await db.transaction(async (tx) => {
        await tx.insert(workspaces).values({
          id,
          name,
          plan: "trial",
          subscriptionStatus: "trialing",
          trialEndsAt,
          createdBy: user.id,
        });
        await tx.insert(workspaceMembers).values({ workspaceId: id, userId: user.id, role: "owner" });
      });
      await recordAudit(db, {
        workspaceId: id,
        actorId: user.id,
        action: "workspace.created",
        target: name,
        ip,
      });
      if (sessionToken) {
        await db
          .update(sessions)
          .set({ activeWorkspaceId: id })
          .where(and(eq(sessions.token, sessionToken), eq(sessions.userId, user.id)));
      }
      return { workspaceId: id };
    },

    /**
     * Deletes the request's workspace and everything in it (owner only, fresh second factor, the
     * name typed again). A personal workspace goes with its account instead (409 personal_workspace).
     * Order: the Stripe subscription is ended and stored files removed first (as the account purge
     * does), then one delete removes the rows (every owner_id cascades), members and invitations;
     * each former member's personal audit log records it and their sessions go back to personal.
     */
    async deleteWorkspace(actor: Actor, typedName: string): Promise<void> {
      const id = actor.workspace.id;
      const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
      if (!row) throw AppError.notFound("No such workspace");
      if (row.personalOf) {
        throw AppError.conflict(
          ERROR_CODES.personalWorkspace,
          "Your personal workspace is deleted with your account (Profile → Delete account), not on its own.",
        );
      }
      if (typedName.trim() !== row.name.trim()) {
        throw AppError.badRequest(
          ERROR_CODES.workspaceNameMismatch,
          "Type the workspace's name exactly to confirm deleting it.",
        );
      }
      const members = await db
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, id));
      await deps.cancelSubscription?.(id);
      await deps.removeFiles?.(id);
      await db.transaction(async (tx) => {
        await tx.update(sessions).set({ activeWorkspaceId: null }).where(eq(sessions.activeWorkspaceId, id));
        await tx.delete(workspaces).where(eq(workspaces.id, id));
      });
      // The workspace's own log went with it: each former member's personal log keeps the fact.
      for (const m of members) {
        await recordAudit(db, {
          workspaceId: m.userId,
          actorId: actor.user.id,
          action: "workspace.deleted",
          target: row.name,
          ip: actor.ip,
        }).catch(() => undefined);
      }
    },

    async team(actor: Actor): Promise<TTeam> {
      const id = actor.workspace.id;
      const [{ plan }, name, members, [kind]] = await Promise.all([
        deps.entitlements.standing(id),
        workspaceName(id),
        db
          .select({
            userId: users.id,
            name: users.name,
            email: users.email,
            role: workspaceMembers.role,
            joinedAt: workspaceMembers.createdAt,
            lastActiveAt: workspaceMembers.lastActiveAt,
          })
          .from(workspaceMembers)
          .innerJoin(users, eq(users.id, workspaceMembers.userId))
          .where(eq(workspaceMembers.workspaceId, id))
          .orderBy(workspaceMembers.createdAt),
        db.select({ personalOf: workspaces.personalOf }).from(workspaces).where(eq(workspaces.id, id)),
      ]);
      const invitations = can(actor.workspace.role, "team:write")
        ? await db
            .select({ inv: workspaceInvitations, inviter: users.name })
            .from(workspaceInvitations)
            .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
            .where(
              and(
                eq(workspaceInvitations.workspaceId, id),
                isNull(workspaceInvitations.acceptedAt),
                isNull(workspaceInvitations.revokedAt),
              ),
            )
            .orderBy(desc(workspaceInvitations.createdAt))
        : [];
      return {
        workspace: {
          id,
          name,
          plan: plan.id,
          memberLimit: plan.memberLimit,
          personal: Boolean(kind?.personalOf),
        },
        role: actor.workspace.role,
        members: members.map((m) => ({
          userId: m.userId,
          name: m.name,
          email: m.email,
          role: m.role as TWorkspaceRole,
          joinedAt: m.joinedAt.toISOString(),
          lastActiveAt: m.lastActiveAt?.toISOString() ?? null,
          you: m.userId === actor.user.id,
        })),
        invitations: invitations.map((r) => invitationOut(r.inv, r.inviter)),
      };
    },

    async invite(actor: Actor, input: { email: string; role: string }): Promise<TTeamInvitation> {
      const email = input.email.trim().toLowerCase();
      const id = actor.workspace.id;
      const [already] = await db
        .select({ id: users.id })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(eq(workspaceMembers.workspaceId, id), eq(users.email, email)));
      if (already)
        throw AppError.conflict(ERROR_CODES.conflict, `${email} is already a member of this workspace.`);
      // A new invitation to the same address replaces the pending one.
      await db
        .update(workspaceInvitations)
        .set({ revokedAt: now() })
        .where(and(pending(id), eq(workspaceInvitations.email, email)));
      await assertRoom(id, true);
      const token = randomBytes(32).toString("base64url");
      const [row] = await db
        .insert(workspaceInvitations)
        .values({
          id: randomUUID(),
          workspaceId: id,
          email,
          role: input.role,
          tokenHash: hashToken(token),
          invitedBy: actor.user.id,
          createdAt: now(),
          expiresAt: new Date(now().getTime() + INVITATION_DAYS * DAY_MS),
        })
        .returning();
      if (!row) throw new Error("invitation not stored");
      await sendInvitation(actor, email, input.role, token);
      await recordAudit(db, {
        workspaceId: id,
        actorId: actor.user.id,
        action: "member.invited",
        target: `${email} (${input.role})`,
        ip: actor.ip,
      });
      return invitationOut(row, actor.user.name);
    },

    /** A new link (the old one stops working) and 7 more days. */
    async resend(actor: Actor, invitationId: string): Promise<TTeamInvitation> {
      const token = randomBytes(32).toString("base64url");
      const [row] = await db
        .update(workspaceInvitations)
        .set({ tokenHash: hashToken(token), expiresAt: new Date(now().getTime() + INVITATION_DAYS * DAY_MS) })
        .where(
          and(
            eq(workspaceInvitations.id, invitationId),
            eq(workspaceInvitations.workspaceId, actor.workspace.id),
            isNull(workspaceInvitations.acceptedAt),
            isNull(workspaceInvitations.revokedAt),
          ),
        )
        .returning();
      if (!row) throw AppError.notFound("No such invitation");
      await sendInvitation(actor, row.email, row.role, token);
      await recordAudit(db, {
        workspaceId: actor.workspace.id,
        actorId: actor.user.id,
        action: "member.invitation_resent",
        target: row.email,
        ip: actor.ip,
      });
      return invitationOut(row, null);
    },

    async revoke(actor: Actor, invitationId: string): Promise<void> {
      const [row] = await db
        .update(workspaceInvitations)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(workspaceInvitations.id, invitationId),
            eq(workspaceInvitations.workspaceId, actor.workspace.id),
            isNull(workspaceInvitations.acceptedAt),
            isNull(workspaceInvitations.revokedAt),
          ),
        )
        .returning({ email: workspaceInvitations.email });
      if (!row) throw AppError.notFound("No such invitation");
      await recordAudit(db, {
        workspaceId: actor.workspace.id,
        actorId: actor.user.id,
        action: "member.invitation_revoked",
        target: row.email,
        ip: actor.ip,
      });
    },

    async changeRole(actor: Actor, userId: string, role: string): Promise<void> {
      const member = await memberOf(actor.workspace.id, userId);
      if (!member) throw AppError.notFound("No such member");
      if (member.role === "owner") {
        throw new AppError(409, ERROR_CODES.lastOwner, "An owner's role changes by transferring ownership.");
      }
      await db
        .update(workspaceMembers)
        .set({ role })
        .where(
          and(eq(workspaceMembers.workspaceId, actor.workspace.id), eq(workspaceMembers.userId, userId)),
        );
      await recordAudit(db, {
        workspaceId: actor.workspace.id,
        actorId: actor.user.id,
        action: "member.role_changed",
        target: `${userId}: ${member.role} → ${role}`,
        ip: actor.ip,
      });
    },

    async remove(actor: Actor, userId: string): Promise<void> {
      if (userId === actor.user.id) {
        throw AppError.badRequest(ERROR_CODES.badRequest, "To leave the workspace yourself, use leave.");
      }
      const member = await memberOf(actor.workspace.id, userId);
      if (!member) throw AppError.notFound("No such member");
      if (member.role === "owner") {
        throw new AppError(
          403,
          ERROR_CODES.forbidden,
          "An owner cannot be removed; ownership can be transferred.",
        );
      }
      await db
        .delete(workspaceMembers)
        .where(
          and(eq(workspaceMembers.workspaceId, actor.workspace.id), eq(workspaceMembers.userId, userId)),
        );
      await recordAudit(db, {
        workspaceId: actor.workspace.id,
        actorId: actor.user.id,
        action: "member.removed",
        target: userId,
        ip: actor.ip,
      });
    },

    async leave(actor: Actor): Promise<void> {
      if (actor.workspace.role === "owner" && (await ownerCount(actor.workspace.id)) <= 1) {
        throw new AppError(
          409,
          ERROR_CODES.lastOwner,
          "You are the only owner of this workspace: transfer ownership to another member before leaving.",
        );
      }
      await db
        .delete(workspaceMembers)
        .where(
          and(
            eq(workspaceMembers.workspaceId, actor.workspace.id),
            eq(workspaceMembers.userId, actor.user.id),
          ),
        );
      await recordAudit(db, {
        workspaceId: actor.workspace.id,
        actorId: actor.user.id,
        action: "member.left",
        target: actor.user.email,
        ip: actor.ip,
      });
    },

    /** The member becomes owner; the current owner stays as an administrator. */
    async transfer(actor: Actor, userId: string): Promise<void> {
      if (userId === actor.user.id)
        throw AppError.badRequest(ERROR_CODES.badRequest, "You already own this workspace.");
      const member = await memberOf(actor.workspace.id, userId);
      if (!member) throw AppError.notFound("No such member");
      await db.transaction(async (tx) => {
        await tx
          .update(workspaceMembers)
          .set({ role: "owner" })
          .where(
            and(eq(workspaceMembers.workspaceId, actor.workspace.id), eq(workspaceMembers.userId, userId)),
          );
        await tx
          .update(workspaceMembers)
          .set({ role: "admin" })
          .where(
            and(
              eq(workspaceMembers.workspaceId, actor.workspace.id),
              eq(workspaceMembers.userId, actor.user.id),
            ),
          );
      });
      await recordAudit(db, {
        workspaceId: actor.workspace.id,
        actorId: actor.user.id,
        action: "workspace.ownership_transferred",
        target: userId,
        ip: actor.ip,
      });
    },

    async audit(workspaceId: string): Promise<TAuditEntry[]> {
      const rows = await db
        .select({ entry: workspaceAudit, name: users.name, email: users.email })
        .from(workspaceAudit)
        .leftJoin(users, eq(users.id, workspaceAudit.actorId))
        .where(eq(workspaceAudit.workspaceId, workspaceId))
        .orderBy(desc(workspaceAudit.createdAt))
        .limit(200);
      // A target naming a member by id ("id" or "id: editor → admin") shows their address instead.
      const idOf = (target: string) => /^([\w-]{8,})(?::|$)/.exec(target)?.[1];
      const ids = rows.map((r) => idOf(r.entry.target)).filter((id): id is string => id !== undefined);
      const people = ids.length
        ? new Map(
            (
              await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))
            ).map((u) => [u.id, u.email]),
          )
        : new Map<string, string>();
      return rows.map((r) => ({
        id: r.entry.id,
        actor: r.name || r.email || r.entry.actorId,
        action: r.entry.action,
        target: (() => {
          const id = idOf(r.entry.target);
          const email = id ? people.get(id) : undefined;
          return email && id ? email + r.entry.target.slice(id.length) : r.entry.target;
        })(),
        ip: r.entry.ip,
        createdAt: r.entry.createdAt.toISOString(),
      }));
    },

    async preview(token: string): Promise<TInvitationPreview> {
      const row = await invitationByToken(token);
      const [inviter] = row.invitedBy
        ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.invitedBy))
        : [];
      return {
        workspaceName: await workspaceName(row.workspaceId),
        email: row.email,
        role: row.role as TInvitationPreview["role"],
        invitedBy: inviter?.name ?? null,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /** Joins the invitation's workspace (once; the signed-in address must be the invited one) and switches to it. */
    async accept(user: SessionUser, sessionToken: string | null, token: string, ip: string | null) {
      const row = await invitationByToken(token);
      if (row.email !== user.email.toLowerCase()) {
        throw new AppError(
          403,
          ERROR_CODES.forbidden,
          `This invitation was sent to ${row.email}: sign in with that address to accept it.`,
        );
      }
      if (!(await memberOf(row.workspaceId, user.id))) {
        await assertRoom(row.workspaceId, false);
        await db.transaction(async (tx) => {
          const [used] = await tx
            .update(workspaceInvitations)
            .set({ acceptedAt: now() })
            .where(and(eq(workspaceInvitations.id, row.id), isNull(workspaceInvitations.acceptedAt)))
            .returning({ id: workspaceInvitations.id });
          if (!used) throw new AppError(404, ERROR_CODES.invalidToken, "This invitation was already used.");
          await tx
            .insert(workspaceMembers)
            .values({ workspaceId: row.workspaceId, userId: user.id, role: row.role, createdAt: now() });
        });
        await recordAudit(db, {
          workspaceId: row.workspaceId,
          actorId: user.id,
          action: "member.joined",
          target: `${user.email} (${row.role})`,
          ip,
        });
      } else {
        await db
          .update(workspaceInvitations)
          .set({ acceptedAt: now() })
          .where(eq(workspaceInvitations.id, row.id));
      }
      // The link came to this address: opening it proves the address as the sign-up link would.
      if (!user.emailVerified) {
        await db.update(users).set({ emailVerified: true, updatedAt: now() }).where(eq(users.id, user.id));
      }
      if (sessionToken) {
        await db
          .update(sessions)
          .set({ activeWorkspaceId: row.workspaceId })
          .where(and(eq(sessions.token, sessionToken), eq(sessions.userId, user.id)));
      }
      return { workspaceId: row.workspaceId };
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
