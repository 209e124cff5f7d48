import type { TWebsite } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { WEBSITES_QUERY_KEY } from "./get-websites";

export const websiteKey = (id: string) => [...WEBSITES_QUERY_KEY, id] as const;

/** GET /api/websites/{id}: one site, for its settings page. */
export const websiteQueryOptions = (id: string) => queryOptions<TWebsite>({ queryKey: websiteKey(id) });

export function useWebsite(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...websiteQueryOptions(id), enabled });
}
