import { type TDomainSearchResult, ZDomainSearchResult } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

/**
 * GET /api/domain/search/{domain lowercased} (spec §7). A search is run on request (a button), and
 * each answer is toasted, so it is a mutation rather than a cached query.
 */
export function searchDomain(term: string, registrationPeriod?: number): Promise<TDomainSearchResult> {
  const domain = term.trim().toLowerCase();
  const period =
    registrationPeriod && registrationPeriod !== 1 ? `?registrationPeriod=${registrationPeriod}` : "";
  return apiGet(`/api/domain/search/${encodeURIComponent(domain)}${period}`, ZDomainSearchResult);
}

export function useSearchDomain() {
  return useMutation({ mutationFn: (term: string) => searchDomain(term) });
}
