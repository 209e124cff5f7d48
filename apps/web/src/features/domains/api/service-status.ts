import type { TDomainServiceStatus } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const DOMAIN_SERVICE_STATUS_QUERY_KEY = ["/api/domain/service-status"] as const;

/** GET /api/domain/service-status: whether a registrar is configured, and the server's word on it. */
export const domainServiceStatusQueryOptions = () =>
  queryOptions<TDomainServiceStatus>({ queryKey: DOMAIN_SERVICE_STATUS_QUERY_KEY });

export function useDomainServiceStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ ...domainServiceStatusQueryOptions(), enabled });
}
