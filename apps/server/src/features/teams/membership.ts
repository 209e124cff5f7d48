import type { TWorkspaceRole } from "@shobai/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { workspaceMembers } from "../../db/schema";

export type ActiveWorkspace = {
  id: string;
  role: TWorkspaceRole;
  /** Owner or administrator of some workspace with other members: must use 2FA (decision 0052). */
  leadsShared: boolean;
};

/** last_active_at is written at most this often per member (not on every request). */
const ACTIVITY_STEP_MS = 5 * 60 * 1000;

/**
 * The workspace a request works in, read on every request so a removed member loses access at once:
 * the session's chosen workspace while the person is still a member of it, else their personal
 * workspace (id = their id), else the one they joined first; null when they belong to none.
 */
export async function activeWorkspace(
  db: Database,
  userId: string,
  sessionToken: string | null,
): Promise<ActiveWorkspace | null> {
  const m = workspaceMembers;
  const [row] = await db
    .select({
      workspaceId: m.workspaceId,
      role: m.role,
      lastActiveAt: m.lastActiveAt,
      // In the same read, so the two-factor rule costs no query of its own on every request.
      leadsShared: sql<boolean>`exists (
        select 1 from workspace_members lead
        where lead.user_id = ${userId} and lead.role in ('owner', 'admin')
          and exists (select 1 from workspace_members other
            where other.workspace_id = lead.workspace_id and other.user_id <> ${userId}))`,
    })
    .from(m)
    .where(eq(m.userId, userId))
    .orderBy(
      sql`(${m.workspaceId} = (select s.active_workspace_id from sessions s where s.token = ${sessionToken ?? ""})) desc nulls last`,
      sql`(${m.workspaceId} = ${userId}) desc`,
      m.createdAt,
    )
    .limit(1);
  if (!row) return null;
  const last = row.lastActiveAt?.getTime() ?? 0;
  if (Date.now() - last > ACTIVITY_STEP_MS) {
    // Best effort: the request does not wait for it, nor fail with it.
    void db
      .update(workspaceMembers)
      .set({ lastActiveAt: new Date() })
      .where(and(eq(workspaceMembers.workspaceId, row.workspaceId), eq(workspaceMembers.userId, userId)))
      .catch(() => undefined);
  }
  return { id: row.workspaceId, role: row.role as TWorkspaceRole, leadsShared: row.leadsShared === true };
}
