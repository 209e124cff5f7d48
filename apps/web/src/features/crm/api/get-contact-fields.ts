import { ZContactField } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet } from "@/lib/api-request";

/** GET /api/contact-fields: the owner's custom contact fields (予約日, 来店回数, …). */
export const contactFieldsQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/contact-fields"] as const,
    queryFn: ({ signal }) => apiGet("/api/contact-fields", z.array(ZContactField), { signal }),
  });

export function useContactFields({ enabled }: { enabled: boolean }) {
  return useQuery({ ...contactFieldsQueryOptions(), enabled });
}
