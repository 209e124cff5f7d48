import {
  type TInviteMember,
  type TWorkspaceRole,
  ZAuditLog,
  ZInvitationPreview,
  ZOk,
  ZTeam,
  ZTeamInvitation,
} from "@shobai/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet, apiJson } from "@/lib/api-request";
import { withFreshSecondFactor } from "@/lib/second-factor-prompt";

export const TEAM_QUERY_KEY = ["/api/team"] as const;
export const AUDIT_QUERY_KEY = ["/api/team/audit"] as const;

/** Members, role and pending invitations of the current workspace (issue 24). */
export function useTeam({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: TEAM_QUERY_KEY,
    queryFn: ({ signal }) => apiGet("/api/team", ZTeam, { signal }),
    enabled,
  });
}

export function useAuditLog({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: AUDIT_QUERY_KEY,
    queryFn: ({ signal }) => apiGet("/api/team/audit", ZAuditLog, { signal }),
    enabled,
  });
}

/** Every change refreshes the team and its audit log. */
function useTeamMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: TEAM_QUERY_KEY });
      void client.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
    },
  });
}

export const useInvite = () =>
  useTeamMutation((input: TInviteMember) => apiJson("POST", "/api/team/invitations", input, ZTeamInvitation));
export const useResendInvitation = () =>
  useTeamMutation((id: string) =>
    apiJson("POST", `/api/team/invitations/${encodeURIComponent(id)}/resend`, {}, ZTeamInvitation),
  );
export const useRevokeInvitation = () =>
  useTeamMutation((id: string) =>
    apiJson("DELETE", `/api/team/invitations/${encodeURIComponent(id)}`, undefined, ZOk),
  );
export const useChangeRole = () =>
  useTeamMutation(({ userId, role }: { userId: string; role: Exclude<TWorkspaceRole, "owner"> }) =>
    // Sensitive (decision 0052): a code is asked again when the last one is older than 15 minutes.
    withFreshSecondFactor(() =>
      apiJson("PATCH", `/api/team/members/${encodeURIComponent(userId)}`, { role }, ZOk),
    ),
  );
export const useRemoveMember = () =>
  useTeamMutation((userId: string) =>
    withFreshSecondFactor(() =>
      apiJson("DELETE", `/api/team/members/${encodeURIComponent(userId)}`, undefined, ZOk),
    ),
  );
export const useTransferOwnership = () =>
  useTeamMutation((userId: string) =>
    withFreshSecondFactor(() => apiJson("POST", "/api/team/transfer", { userId }, ZOk)),
  );

/** Leaving or switching changes what every screen shows: everything is fetched again. */
function useWorkspaceChange<I>(fn: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries();
    },
  });
}

export const useLeaveWorkspace = () => useWorkspaceChange(() => apiJson("POST", "/api/team/leave", {}, ZOk));

/** Deletes the current workspace (owner; the name typed again; a fresh second factor). */
export const useDeleteWorkspace = () =>
  useWorkspaceChange((name: string) =>
    withFreshSecondFactor(() => apiJson("DELETE", "/api/team", { name }, ZOk)),
  );

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ["/api/invitations", token],
    queryFn: ({ signal }) =>
      apiGet(`/api/invitations/${encodeURIComponent(token)}`, ZInvitationPreview, { signal }),
    enabled: token.length > 0,
    retry: false,
  });
}

export const useAcceptInvitation = () =>
  useWorkspaceChange((token: string) =>
    apiJson(
      "POST",
      `/api/invitations/${encodeURIComponent(token)}/accept`,
      {},
      z.object({ workspaceId: z.string() }),
    ),
  );
