import { MutationCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { throwIfResNotOk } from "./api-request";

export type UnauthorizedBehavior = "returnNull" | "throw";

/** GET on the query key joined with "/" (spec §7). With `returnNull`, a 401 yields null. */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include", signal });
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** The dashboard's figures sum up the owner's data: any change the owner makes may move them. */
const DASHBOARD_STATS_KEY = ["/api/dashboard/stats"];

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // Marks them stale only: they are read again when the dashboard shows next, not now.
    mutationCache: new MutationCache({
      onSuccess: () => client.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY, refetchType: "none" }),
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
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
