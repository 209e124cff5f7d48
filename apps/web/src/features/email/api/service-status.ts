import type { TEmailServiceStatus } from "@shobai/shared";
import { useQuery } from "@tanstack/react-query";

export const SERVICE_STATUS_QUERY_KEY = ["/api/email/service-status"] as const;

/** GET /api/email/service-status: which providers are configured and which one sends. */
export function useEmailServiceStatus({ enabled }: { enabled: boolean }) {
  return useQuery<TEmailServiceStatus>({ queryKey: SERVICE_STATUS_QUERY_KEY, enabled });
}
