import { ZContactCounts } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";
import { CONTACTS_QUERY_KEY } from "./get-contacts";

/** GET /api/contacts/counts: how many contacts there are in all and per status. */
export const fetchContactCounts = (signal?: AbortSignal) =>
  apiGet("/api/contacts/counts", ZContactCounts, { signal });

export const contactCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...CONTACTS_QUERY_KEY, "counts"],
    queryFn: ({ signal }) => fetchContactCounts(signal),
  });

export function useContactCounts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...contactCountsQueryOptions(), enabled });
}
