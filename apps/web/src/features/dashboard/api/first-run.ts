import { ZFirstRun, ZOk } from "@shobai/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiJson } from "@/lib/api-request";

export const FIRST_RUN_KEY = ["/api/dashboard/first-run"] as const;

/** GET /api/dashboard/first-run: each step of the checklist from real state. */
export function useFirstRun({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: FIRST_RUN_KEY,
    queryFn: ({ signal }) => apiGet("/api/dashboard/first-run", ZFirstRun, { signal }),
    enabled,
  });
}

/** POST /api/dashboard/first-run/dismiss: the owner hides the checklist. */
export function useDismissFirstRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson("POST", "/api/dashboard/first-run/dismiss", undefined, ZOk),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIRST_RUN_KEY }),
  });
}
