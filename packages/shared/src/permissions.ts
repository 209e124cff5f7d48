import { z } from "zod";
import { INVITABLE_ROLES, WORKSPACE_ROLES } from "./constants/permissions.ts";
import { ZId } from "./text.ts";

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
  workspace: z.object({ id: z.string(), name: z.string(), plan: z.string(), memberLimit: z.number().int() }),
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
