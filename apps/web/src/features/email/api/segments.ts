import {
  type TSaveSegment,
  type TSegment,
  type TSegmentFilterInput,
  ZCampaignAudience,
  ZContactField,
  ZContactTag,
  ZSegment,
} from "@shobai/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet, apiJson, apiRequest } from "@/lib/api-request";

export const SEGMENTS_QUERY_KEY = ["/api/email/segments"] as const;

/** GET /api/email/segments: the owner's saved segments. */
export function useSegments({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: SEGMENTS_QUERY_KEY,
    queryFn: ({ signal }) => apiGet("/api/email/segments", ZSegment.array(), { signal }),
    enabled,
  });
}

export function useSaveSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, segment }: { id?: string; segment: TSaveSegment }): Promise<TSegment> =>
      id
        ? apiJson("PUT", `/api/email/segments/${encodeURIComponent(id)}`, segment, ZSegment)
        : apiJson("POST", "/api/email/segments", segment, ZSegment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SEGMENTS_QUERY_KEY }),
  });
}

export function useDeleteSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/email/segments/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SEGMENTS_QUERY_KEY }),
  });
}

/** POST /api/email/segments/count: who the conditions reach now (opted in) and who is left out. */
export function useSegmentCount(filter: TSegmentFilterInput | null) {
  return useQuery({
    queryKey: [...SEGMENTS_QUERY_KEY, "count", filter] as const,
    queryFn: () => apiJson("POST", "/api/email/segments/count", filter ?? {}, ZCampaignAudience),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}

/** The owner's contact tags and custom fields, the segment picker's choices (the CRM's own lists). */
export function useSegmentChoices({ enabled }: { enabled: boolean }) {
  const tags = useQuery({
    queryKey: ["/api/contact-tags"] as const,
    queryFn: ({ signal }) => apiGet("/api/contact-tags", z.array(ZContactTag), { signal }),
    enabled,
  });
  const fields = useQuery({
    queryKey: ["/api/contact-fields"] as const,
    queryFn: ({ signal }) => apiGet("/api/contact-fields", z.array(ZContactField), { signal }),
    enabled,
  });
  return { tags: tags.data ?? [], fields: fields.data ?? [] };
}
