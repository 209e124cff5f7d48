import { ZContact } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet } from "@/lib/api-request";
import { contactKey } from "./get-contact";

/** GET /api/contacts/{id}/duplicates: contacts that look like the same person. */
export const duplicatesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...contactKey(id), "duplicates"] as const,
    queryFn: ({ signal }) =>
      apiGet(`/api/contacts/${encodeURIComponent(id)}/duplicates`, z.array(ZContact), { signal }),
  });

export function useDuplicates(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...duplicatesQueryOptions(id), enabled });
}
