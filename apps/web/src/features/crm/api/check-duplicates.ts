import { type TDuplicateMatch, type TDuplicateProbe, ZDuplicateMatch } from "@shobai/shared";
import { z } from "zod";
import { apiJson } from "@/lib/api-request";

/** POST /api/contacts/duplicate-check: contacts that look like the one about to be added. */
export function checkDuplicates(probe: TDuplicateProbe): Promise<TDuplicateMatch[]> {
  return apiJson("POST", "/api/contacts/duplicate-check", probe, z.array(ZDuplicateMatch));
}
