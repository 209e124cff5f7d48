import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client";
import { workspaceAudit } from "../../db/schema";

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
  // Written by the two-factor work (branch twofactor) through this same function.
  | "2fa.enabled"
  | "2fa.disabled"
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
