import { type TSiteRead, ZSiteRead } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";

/** POST /api/websites/import/read: what the owner's site states (up to 15 pages); stores nothing. */
export function readSite(url: string): Promise<TSiteRead> {
  return apiJson("POST", "/api/websites/import/read", { url }, ZSiteRead);
}

export function useReadSite() {
  return useMutation({ mutationFn: readSite });
}
