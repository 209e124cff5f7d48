import type { TUser } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { checkedInDevelopment, throwIfResNotOk } from "@/lib/api-request";

export const USER_QUERY_KEY = ["/api/auth/user"] as const;

/** The signed-in user, or null when anonymous (a 401 is an answer here, not an error). */
export async function fetchUser(signal?: AbortSignal): Promise<TUser | null> {
  const res = await fetch("/api/auth/user", { credentials: "include", signal });
  if (res.status === 401) return null;
  await throwIfResNotOk(res);
  // Every page asks, the public ones too: checked in development and tests only (decision 0015).
  return checkedInDevelopment("/api/auth/user", await res.json(), (m) => m.ZUser);
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: USER_QUERY_KEY, queryFn: ({ signal }) => fetchUser(signal) });

export function useUser() {
  const query = useQuery(userQueryOptions());
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}
