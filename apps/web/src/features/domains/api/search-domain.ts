import type { TDomainSearchResult } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";

/**
 * GET /api/domain/search/{domain lowercased} (spec §7). A search is run on request (a button), and
 * each answer is toasted, so it is a mutation rather than a cached query.
 */
export function searchDomain(term: string): Promise<TDomainSearchResult> {
  const domain = term.trim().toLowerCase();
  return apiJson<TDomainSearchResult>("GET", `/api/domain/search/${encodeURIComponent(domain)}`);
}

export function useSearchDomain() {
  return useMutation({ mutationFn: searchDomain });
}
