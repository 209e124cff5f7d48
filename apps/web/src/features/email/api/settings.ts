import { type TEmailSettings, ZEmailSettings } from "@shobai/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiJson } from "@/lib/api-request";

export const EMAIL_SETTINGS_QUERY_KEY = ["/api/email/settings"] as const;

/** GET /api/email/settings: sender name, sender email and reply-to of the owner. */
export const fetchEmailSettings = (signal?: AbortSignal) =>
  apiGet("/api/email/settings", ZEmailSettings, { signal });

export const emailSettingsQueryOptions = () =>
  queryOptions({ queryKey: EMAIL_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => fetchEmailSettings(signal) });

export function useEmailSettings({ enabled }: { enabled: boolean }) {
  return useQuery({ ...emailSettingsQueryOptions(), enabled });
}

/** PUT /api/email/settings: the saved settings come back and replace the cached ones. */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TEmailSettings) => apiJson("PUT", "/api/email/settings", settings, ZEmailSettings),
    onSuccess: (saved) => queryClient.setQueryData(EMAIL_SETTINGS_QUERY_KEY, saved),
  });
}
