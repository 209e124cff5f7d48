import { type TCustomDomain, ZCustomDomain } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { WEBSITES_QUERY_KEY } from "@/queries/websites";
import { CONNECTIONS_QUERY_KEY } from "./get-connections";

/** POST /api/domain/connections/{id}/verify: looks up DNS now; may stay pending with lastError. */
export function verifyConnection(id: string): Promise<TCustomDomain> {
  return apiJson(
    "POST",
    `/api/domain/connections/${encodeURIComponent(id)}/verify`,
    undefined,
    ZCustomDomain,
  );
}

export function useVerifyConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyConnection,
    onSuccess: (connection) => {
      queryClient.setQueryData<{ connections: TCustomDomain[] }>(CONNECTIONS_QUERY_KEY, (current) =>
        current
          ? { connections: current.connections.map((c) => (c.id === connection.id ? connection : c)) }
          : current,
      );
      if (connection.status === "verified") {
        void queryClient.invalidateQueries({ queryKey: WEBSITES_QUERY_KEY, refetchType: "none" });
      }
    },
  });
}
