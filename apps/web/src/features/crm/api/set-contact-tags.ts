import { type TContactTag, ZContactTag } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiJson } from "@/lib/api-request";
import { CONTACT_TAGS_QUERY_KEY } from "./get-contact-tags";
import { CONTACTS_QUERY_KEY } from "./get-contacts";

/** PUT /api/contacts/:id/tags: the contact's tags by name; new names become tags on the fly. */
export function setContactTags(id: string, tags: string[]): Promise<TContactTag[]> {
  return apiJson("PUT", `/api/contacts/${encodeURIComponent(id)}/tags`, { tags }, z.array(ZContactTag));
}

export function useSetContactTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tags }: { id: string; tags: string[] }) => setContactTags(id, tags),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CONTACT_TAGS_QUERY_KEY }),
      ]),
  });
}
