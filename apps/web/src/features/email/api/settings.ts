import type { TEmailSettings } from "@shobai/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";

export const EMAIL_SETTINGS_QUERY_KEY = ["/api/email/settings"] as const;

/** GET /api/email/settings: sender name, sender email and reply-to of the owner. */
export function useEmailSettings({ enabled }: { enabled: boolean }) {
  return useQuery<TEmailSettings>({ queryKey: EMAIL_SETTINGS_QUERY_KEY, enabled });
}

/** PUT /api/email/settings: the saved settings come back and replace the cached ones. */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TEmailSettings) => apiJson<TEmailSettings>("PUT", "/api/email/settings", settings),
    onSuccess: (saved) => queryClient.setQueryData(EMAIL_SETTINGS_QUERY_KEY, saved),
  });
}
