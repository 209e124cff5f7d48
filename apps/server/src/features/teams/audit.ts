import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { workspaceAudit, workspaceMembers } from "../../db/schema";

/** What the audit log records (the screens translate `team.audit.<action>`). */
export type AuditAction =
  | "member.invited"
  | "member.invitation_resent"
  | "member.invitation_revoked"
  | "member.joined"
  | "member.role_changed"
  | "member.removed"
  | "member.left"
  | "workspace.ownership_transferred"
  | "workspace.created"
  /** In each former member's personal log (the workspace's own log goes with it). */
  | "workspace.deleted"
  // Written by the two-factor work (branch twofactor) through this same function.
  | "2fa.enabled"
  | "2fa.disabled"
  | "2fa.backup_codes_regenerated"
  | "2fa.backup_code_used"
  | (string & {});

export type AuditEntryInput = {
  workspaceId: string;
  /** The person who acted (null for the system). */
  actorId: string | null;
  action: AuditAction;
  /** What it was about: an email address, a member's user id, "editor → admin"… */
  target?: string;
  ip?: string | null;
};

/** The ONE way to write the workspace audit log (teams and two-factor events alike). */
export async function recordAudit(db: Database, entry: AuditEntryInput): Promise<void> {
  await db.insert(workspaceAudit).values({
    id: randomUUID(),
    workspaceId: entry.workspaceId,
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target ?? "",
    ip: entry.ip ?? null,
  });
}

/**
 * Something a person did to their own account that the workspaces they belong to must see (two-factor
 * sign-in turned on or off, backup codes used): one entry in each of their workspaces' logs.
 */
export async function recordPersonalEvent(
  db: Database,
  entry: { userId: string; action: AuditAction; ip?: string | null | undefined },
): Promise<void> {
  const memberships = await db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, entry.userId));
  for (const { workspaceId } of memberships) {
    await recordAudit(db, { workspaceId, actorId: entry.userId, action: entry.action, ip: entry.ip ?? null });
  }
}
