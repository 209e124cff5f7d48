import { ZEmailServiceStatus } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

export const SERVICE_STATUS_QUERY_KEY = ["/api/email/service-status"] as const;

/** GET /api/email/service-status: which providers are configured and which one sends. */
export const fetchEmailServiceStatus = (signal?: AbortSignal) =>
  apiGet("/api/email/service-status", ZEmailServiceStatus, { signal });

export const emailServiceStatusQueryOptions = () =>
  queryOptions({
    queryKey: SERVICE_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => fetchEmailServiceStatus(signal),
  });

export function useEmailServiceStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ ...emailServiceStatusQueryOptions(), enabled });
}
