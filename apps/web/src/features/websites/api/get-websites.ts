import type { TWebsite } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** Every website query starts with this; invalidating it refreshes the grid and open settings. */
export const WEBSITES_QUERY_KEY = ["/api/websites"] as const;

/** GET /api/websites: the owner's sites, newest first. */
export const websitesQueryOptions = () => queryOptions<TWebsite[]>({ queryKey: WEBSITES_QUERY_KEY });

export function useWebsites({ enabled }: { enabled: boolean }) {
  return useQuery({ ...websitesQueryOptions(), enabled });
}
