import type { TWorkspaceSummary } from "@shobai/shared";
import { can, type TPermission } from "@shobai/shared/constants";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { publicApiGet, publicApiJson } from "@/lib/api-request";
import { useUser } from "./user";

export const WORKSPACES_QUERY_KEY = ["/api/workspaces"] as const;

/**
 * The workspaces the signed-in person belongs to and the one this session works in (issue 24).
 * The app frame reads it (the header's switcher), so it stays free of zod (decision 0015).
 */
export function useWorkspaces() {
  const { user } = useUser();
  const query = useQuery({
    queryKey: WORKSPACES_QUERY_KEY,
    queryFn: ({ signal }) => publicApiGet("/api/workspaces", (m) => m.ZWorkspaceList, { signal }),
    enabled: user !== null,
    staleTime: 60_000,
  });
  const workspaces: TWorkspaceSummary[] = query.data?.workspaces ?? [];
  return { workspaces, active: workspaces.find((w) => w.active) ?? workspaces[0] ?? null, query };
}

/**
 * Whether the person's role in the current workspace allows `permission` (the shared permission
 * table the server enforces): screens hide or disable what it does not. Visitors (the demo) may.
 */
export function useCan(permission: TPermission): boolean {
  const { user } = useUser();
  const { active } = useWorkspaces();
  if (!user) return true;
  return active ? can(active.role, permission) : true;
}

/** Switches the session to another workspace, then every screen fetches its data again. */
export function useActivateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      publicApiJson(
        "POST",
        `/api/workspaces/${encodeURIComponent(id)}/activate`,
        {},
        (m) => m.ZWorkspaceList,
      ),
    onSuccess: () => {
      void client.invalidateQueries();
    },
  });
}

/** A new workspace the person owns; the session works in it at once, so everything is fetched again. */
export function useCreateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      publicApiJson("POST", "/api/team/workspaces", { name }, (m) => m.ZCreatedWorkspace),
    onSuccess: () => {
      void client.invalidateQueries();
    },
  });
}
