import { z } from "zod";
import { INVITABLE_ROLES, WORKSPACE_NAME_MAX, WORKSPACE_ROLES } from "./constants/permissions.ts";
import { ZId, zText } from "./text.ts";

export * from "./constants/permissions.ts";

export const ZWorkspaceRole = z.enum(WORKSPACE_ROLES);
export const ZInvitableRole = z.enum(INVITABLE_ROLES);

export const ZWorkspaceSummary = z.object({
  id: z.string(),
  name: z.string(),
  role: ZWorkspaceRole,
  active: z.boolean(),
  /** The account's own workspace (its id is the account's id). */
  personal: z.boolean(),
});
export type TWorkspaceSummary = z.infer<typeof ZWorkspaceSummary>;
export const ZWorkspaceList = z.object({ workspaces: z.array(ZWorkspaceSummary) });

export const ZTeamMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZWorkspaceRole,
  joinedAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime().nullable(),
  you: z.boolean(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZTeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ZInvitableRole,
  invitedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  expired: z.boolean(),
});
export type TTeamInvitation = z.infer<typeof ZTeamInvitation>;

export const ZTeam = z.object({
  workspace: z.object({
    id: z.string(),
    name: z.string(),
    plan: z.string(),
    memberLimit: z.number().int(),
    /** A person's own workspace: it goes with their account (it cannot be deleted on its own). */
    personal: z.boolean(),
  }),
  role: ZWorkspaceRole,
  members: z.array(ZTeamMember),
  /** Pending invitations (empty for roles that may not manage members). */
  invitations: z.array(ZTeamInvitation),
});
export type TTeam = z.infer<typeof ZTeam>;

export const ZInviteMember = z.object({
  email: z.email().max(254),
  role: ZInvitableRole,
});
export type TInviteMember = z.infer<typeof ZInviteMember>;

export const ZChangeRole = z.object({ role: ZInvitableRole });

const ZWorkspaceName = zText("name")
  .trim()
  .min(1, { error: "name is required" })
  .max(WORKSPACE_NAME_MAX, { error: `name must be at most ${WORKSPACE_NAME_MAX} characters` });

/** POST /api/team/workspaces: a new workspace, owned by its creator. */
export const ZCreateWorkspace = z.object({ name: ZWorkspaceName });
export type TCreateWorkspace = z.infer<typeof ZCreateWorkspace>;
export const ZCreatedWorkspace = z.object({ workspaceId: z.string() });

/** DELETE /api/team: the workspace's name typed again, as a confirmation. */
export const ZDeleteWorkspace = z.object({ name: zText("name").max(WORKSPACE_NAME_MAX * 2) });
export type TDeleteWorkspace = z.infer<typeof ZDeleteWorkspace>;
export const ZTransferOwnership = z.object({ userId: ZId });

export const ZAuditEntry = z.object({
  id: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditLog = z.object({ entries: z.array(ZAuditEntry) });

/** What the accept page shows before the person signs in or up. */
export const ZInvitationPreview = z.object({
  workspaceName: z.string(),
  email: z.string(),
  role: ZInvitableRole,
  invitedBy: z.string().nullable(),
  expiresAt: z.iso.datetime(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;
