import { type TLanguage, type TUnderstoodDescription, ZUnderstoodDescription } from "@shobai/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";

/** POST /api/websites/understand: what the generator reads in the description; stores nothing. */
export function understandDescription(
  businessDescription: string,
  language: TLanguage,
): Promise<TUnderstoodDescription> {
  return apiJson(
    "POST",
    "/api/websites/understand",
    { businessDescription, languages: [language] },
    ZUnderstoodDescription,
  );
}

/** The reading of a (debounced) description; the last answer stays on screen while the next loads. */
export function useUnderstoodDescription(description: string, language: TLanguage, enabled: boolean) {
  return useQuery({
    queryKey: ["/api/websites/understand", description, language],
    queryFn: () => understandDescription(description, language),
    enabled: enabled && description.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
