import {
  type TCampaign,
  type TCampaignDeliveryProblem,
  type TCreateCampaign,
  type TUpdateCampaign,
  ZCampaign,
  ZCampaignAudience,
  ZCampaignDeliveries,
  ZCampaignPreview,
  ZContact,
  ZEmailResult,
} from "@shobai/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiJson, apiRequest } from "@/lib/api-request";

export const CAMPAIGNS_QUERY_KEY = ["/api/email-campaigns"] as const;

/** GET /api/email-campaigns (spec §7): the owner's campaigns with their figures. */
export const fetchCampaigns = (signal?: AbortSignal) =>
  apiGet("/api/email-campaigns", ZCampaign.array(), { signal });

export const campaignsQueryOptions = () =>
  queryOptions({ queryKey: CAMPAIGNS_QUERY_KEY, queryFn: ({ signal }) => fetchCampaigns(signal) });

export function useCampaigns({ enabled }: { enabled: boolean }) {
  return useQuery({ ...campaignsQueryOptions(), enabled });
}

export function createCampaign(input: TCreateCampaign): Promise<TCampaign> {
  return apiJson("POST", "/api/email-campaigns", input, ZCampaign);
}

export function updateCampaign(id: string, patch: TUpdateCampaign): Promise<TCampaign> {
  return apiJson("PATCH", `/api/email-campaigns/${encodeURIComponent(id)}`, patch, ZCampaign);
}

export async function deleteCampaign(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/email-campaigns/${encodeURIComponent(id)}`);
}

/** Every change reads the list again: states and figures are the server's to say. */
function useInvalidateCampaigns() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
}

export function useCreateCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({ mutationFn: createCampaign, onSuccess: invalidate });
}

export function useUpdateCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TUpdateCampaign }) => updateCampaign(id, patch),
    onSettled: invalidate,
  });
}

export function useDeleteCampaign() {
  const invalidate = useInvalidateCampaigns();
  return useMutation({ mutationFn: deleteCampaign, onSettled: invalidate });
}

/** GET /api/email-campaigns/{id}/deliveries?status=: the campaign's emails with one kind of problem. */
export const campaignDeliveriesQueryOptions = (id: string, status: TCampaignDeliveryProblem) =>
  queryOptions({
    queryKey: [...CAMPAIGNS_QUERY_KEY, id, "deliveries", status] as const,
    queryFn: ({ signal }) =>
      apiGet(
        `/api/email-campaigns/${encodeURIComponent(id)}/deliveries?status=${status}`,
        ZCampaignDeliveries,
        {
          signal,
        },
      ),
  });

/** GET /api/email-campaigns/{id}/audience: who would get it now, and who is left out and why. */
export const campaignAudienceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CAMPAIGNS_QUERY_KEY, id, "audience"] as const,
    queryFn: ({ signal }) =>
      apiGet(`/api/email-campaigns/${encodeURIComponent(id)}/audience`, ZCampaignAudience, { signal }),
  });

/** POST /api/email-campaigns/{id}/preview: the email as one contact (or an example) would get it. */
export const campaignPreviewQueryOptions = (id: string, contactId: string) =>
  queryOptions({
    queryKey: [...CAMPAIGNS_QUERY_KEY, id, "preview", contactId] as const,
    queryFn: () =>
      apiJson(
        "POST",
        `/api/email-campaigns/${encodeURIComponent(id)}/preview`,
        contactId ? { contactId } : {},
        ZCampaignPreview,
      ),
  });

/** POST /api/email-campaigns/{id}/test: one copy to the owner's own address. */
export function useTestSendCampaign() {
  return useMutation({
    mutationFn: (id: string) =>
      apiJson("POST", `/api/email-campaigns/${encodeURIComponent(id)}/test`, {}, ZEmailResult),
  });
}

/** The newest contacts (at most 100), for "preview as" in the send dialog. */
export const previewContactsQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/contacts", "preview-as"] as const,
    queryFn: ({ signal }) => apiGet("/api/contacts?limit=100", ZContact.array(), { signal }),
  });
