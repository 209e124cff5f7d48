import { ZContactTag } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet } from "@/lib/api-request";

export const CONTACT_TAGS_QUERY_KEY = ["/api/contact-tags"] as const;

/** GET /api/contact-tags: the owner's tags, for the filter and the drawer's suggestions. */
export const contactTagsQueryOptions = () =>
  queryOptions({
    queryKey: CONTACT_TAGS_QUERY_KEY,
    queryFn: ({ signal }) => apiGet("/api/contact-tags", z.array(ZContactTag), { signal }),
  });

export function useContactTags({ enabled }: { enabled: boolean }) {
  return useQuery({ ...contactTagsQueryOptions(), enabled });
}
