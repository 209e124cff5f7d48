import { ZDomainServiceStatus } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

export const DOMAIN_SERVICE_STATUS_QUERY_KEY = ["/api/domain/service-status"] as const;

/** GET /api/domain/service-status: whether a registrar is configured, and the server's word on it. */
export const fetchDomainServiceStatus = (signal?: AbortSignal) =>
  apiGet("/api/domain/service-status", ZDomainServiceStatus, { signal });

export const domainServiceStatusQueryOptions = () =>
  queryOptions({
    queryKey: DOMAIN_SERVICE_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => fetchDomainServiceStatus(signal),
  });

export function useDomainServiceStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ ...domainServiceStatusQueryOptions(), enabled });
}
