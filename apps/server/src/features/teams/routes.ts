import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  ZApiError,
  ZAuditLog,
  ZChangeRole,
  ZCreatedWorkspace,
  ZCreateWorkspace,
  ZDeleteWorkspace,
  ZId,
  ZInvitationPreview,
  ZInviteMember,
  ZOk,
  ZTeam,
  ZTeamInvitation,
  ZTransferOwnership,
  ZWorkspaceList,
  zText,
} from "@shobai/shared";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { workspaceOf } from "../auth/session";
import type { Actor, TeamsService } from "./service";

export type TeamsRoutesOptions = {
  service: TeamsService;
  /** The session token of the request's cookie (the active workspace is kept per session). */
  sessionToken: (request: FastifyRequest) => string | null;
};

const actor = (request: FastifyRequest): Actor => ({
  user: request.user,
  workspace: request.workspace,
  ip: request.ip,
});
const ZIdParams = z.object({ id: ZId });
const ZUserId = z.object({ userId: ZId });
const ZToken = z.object({ token: zText("token").min(10).max(200) });

/**
 * Teams (issue 24, decision 0051). Member management works on the request's workspace
 * (`request.workspace`); what a role may call comes from the shared permission table by URL prefix
 * (`/api/team` = team, `/api/team/audit` = audit, `/api/workspaces` and `/api/invitations` = the
 * person's own account). Sensitive actions say so in `config.sensitive` (the two-factor check).
 */
export const teamsRoutes: FastifyPluginAsyncZod<TeamsRoutesOptions> = async (app, opts) => {
  const { service } = opts;

  app.get(
    "/api/workspaces",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary: "The workspaces the signed-in person belongs to",
        response: { 200: ZWorkspaceList },
      },
    },
    async (request) => ({ workspaces: await service.list(request.user.id, workspaceOf(request)?.id) }),
  );

  app.post(
    "/api/workspaces/:id/activate",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary: "Work in another workspace (this session)",
        params: ZIdParams,
        response: { 200: ZWorkspaceList },
      },
    },
    async (request) => {
      await service.activate(request.user.id, opts.sessionToken(request), request.params.id);
      return { workspaces: await service.list(request.user.id, request.params.id) };
    },
  );

  app.post(
    "/api/team/workspaces",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary: "Create a workspace (you own it; this session switches to it)",
        description:
          "Its subscription starts on the creator's own trial: the trial ends when the creator's personal " +
          "workspace's trial ends (one free trial per person), so after that the new workspace needs a plan.",
        body: ZCreateWorkspace,
        response: { 201: ZCreatedWorkspace, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(request.user, opts.sessionToken(request), request.body.name, request.ip)),
  );

  app.delete(
    "/api/team",
    {
      config: { access: "user", sensitive: true },
      schema: {
        tags: ["team"],
        summary: "Delete the current workspace and everything in it (owner only)",
        description:
          "The body repeats the workspace's name (400 `workspace_name_mismatch` otherwise). Ends its Stripe " +
          "subscription, removes its websites, contacts, campaigns, media, domains and members; every session " +
          "that worked in it goes back to its personal workspace. 409 `personal_workspace` for a personal " +
          "workspace (it goes with the account: DELETE /api/profile).",
        body: ZDeleteWorkspace,
        response: {
          200: ZOk,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request) => {
      await service.deleteWorkspace(actor(request), request.body.name);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/team",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary: "Members and pending invitations of the current workspace",
        response: { 200: ZTeam },
      },
    },
    async (request) => service.team(actor(request)),
  );

  app.post(
    "/api/team/invitations",
    {
      config: { access: "verified" },
      schema: {
        tags: ["team"],
        summary: "Invite someone by email with a role",
        description:
          "The link works once, for 7 days. 403 `member_limit` when the plan's member limit is reached.",
        body: ZInviteMember,
        response: { 201: ZTeamInvitation },
      },
    },
    async (request, reply) => reply.status(201).send(await service.invite(actor(request), request.body)),
  );

  app.post(
    "/api/team/invitations/:id/resend",
    {
      config: { access: "verified" },
      schema: {
        tags: ["team"],
        summary: "Send an invitation again (a new link, 7 more days)",
        params: ZIdParams,
        response: { 200: ZTeamInvitation },
      },
    },
    async (request) => service.resend(actor(request), request.params.id),
  );

  app.delete(
    "/api/team/invitations/:id",
    {
      config: { access: "user" },
      schema: { tags: ["team"], summary: "Revoke an invitation", params: ZIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      await service.revoke(actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.patch(
    "/api/team/members/:userId",
    {
      config: { access: "user", sensitive: true },
      schema: {
        tags: ["team"],
        summary: "Change a member's role",
        params: ZUserId,
        body: ZChangeRole,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await service.changeRole(actor(request), request.params.userId, request.body.role);
      return { ok: true as const };
    },
  );

  app.delete(
    "/api/team/members/:userId",
    {
      config: { access: "user", sensitive: true },
      schema: {
        tags: ["team"],
        summary: "Remove a member (their access ends with their next request)",
        params: ZUserId,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await service.remove(actor(request), request.params.userId);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/team/leave",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary: "Leave the current workspace",
        description: "409 `last_owner` for the only owner: transfer ownership first.",
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await service.leave(actor(request));
      return { ok: true as const };
    },
  );

  app.post(
    "/api/team/transfer",
    {
      config: { access: "user", sensitive: true },
      schema: {
        tags: ["team"],
        summary: "Make another member the owner (you stay as administrator)",
        body: ZTransferOwnership,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await service.transfer(actor(request), request.body.userId);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/team/audit",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary: "The workspace's audit log, newest first",
        response: { 200: ZAuditLog },
      },
    },
    async (request) => ({ entries: await service.audit(request.workspace.id) }),
  );

  app.get(
    "/api/invitations/:token",
    {
      schema: {
        tags: ["team"],
        summary: "What an invitation link offers (no session needed)",
        params: ZToken,
        response: { 200: ZInvitationPreview },
      },
    },
    async (request) => service.preview(request.params.token),
  );

  app.post(
    "/api/invitations/:token/accept",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary:
          "Accept an invitation as the signed-in person (the invited address) and switch to its workspace",
        params: ZToken,
        response: { 200: z.object({ workspaceId: z.string() }) },
      },
    },
    async (request) =>
      service.accept(request.user, opts.sessionToken(request), request.params.token, request.ip),
  );
};
