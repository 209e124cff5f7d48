import type { TExampleSite } from "@shobai/shared";
import { useQuery } from "@tanstack/react-query";

/** GET /api/examples: one example site per industry, made by the built-in generator. */
export function useExamples() {
  return useQuery<TExampleSite[]>({ queryKey: ["/api/examples"] });
}
