import type { TContactCounts } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { CONTACTS_QUERY_KEY } from "./get-contacts";

/** GET /api/contacts/counts (the default query function joins the key). */
export const contactCountsQueryOptions = () =>
  queryOptions<TContactCounts>({ queryKey: [...CONTACTS_QUERY_KEY, "counts"] });

export function useContactCounts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...contactCountsQueryOptions(), enabled });
}
