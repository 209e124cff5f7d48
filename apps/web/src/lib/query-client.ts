import { MutationCache, QueryClient } from "@tanstack/react-query";

/** The dashboard's figures sum up the owner's data: any change the owner makes may move them. */
const DASHBOARD_STATS_KEY = ["/api/dashboard/stats"];

/**
 * No default query function: every query names its fetcher in its api file, which checks the
 * answer against the shared schema (decision 0015).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // Marks them stale only: they are read again when the dashboard shows next, not now.
    mutationCache: new MutationCache({
      onSuccess: () => client.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY, refetchType: "none" }),
    }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
