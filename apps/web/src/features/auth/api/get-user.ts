import type { TUser } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/query-client";

export const USER_QUERY_KEY = ["/api/auth/user"] as const;

/** The signed-in user, or null when anonymous (a 401 is an answer here, not an error). */
export const fetchUser = getQueryFn<TUser>({ on401: "returnNull" });

export const userQueryOptions = () => queryOptions({ queryKey: USER_QUERY_KEY, queryFn: fetchUser });

export function useUser() {
  const query = useQuery(userQueryOptions());
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}
