import {
  type TContact,
  type TContactCounts,
  type TContactDetail,
  type TUpdateContact,
  ZContact,
} from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { applyContactToList, applyStatusToCounts, type ContactListData } from "../contact-cache";
import { contactKey } from "./get-contact";
import { contactCountsQueryOptions } from "./get-contact-counts";
import { CONTACTS_QUERY_KEY, type ContactListFilter } from "./get-contacts";

export function updateContact(id: string, patch: TUpdateContact): Promise<TContact> {
  return apiJson("PATCH", `/api/contacts/${encodeURIComponent(id)}`, patch, ZContact);
}

export interface UpdateContactInput {
  /** The contact as shown now; the lists show it changed before the server answers. */
  contact: TContact;
  patch: TUpdateContact;
}

/**
 * PATCH /api/contacts/{id}. Lists, counts and the open detail show the change at once (a dragged
 * card lands in its new column immediately); afterwards everything is fetched again, which also
 * undoes the change if the server refused it.
 */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contact, patch }: UpdateContactInput) => updateContact(contact.id, patch),
    onMutate: async ({ contact, patch }) => {
      await queryClient.cancelQueries({ queryKey: CONTACTS_QUERY_KEY });
      const updated: TContact = { ...contact, ...stripUndefined(patch) };
      for (const query of queryClient
        .getQueryCache()
        .findAll({ queryKey: [...CONTACTS_QUERY_KEY, "list"] })) {
        const filter = query.queryKey[2] as ContactListFilter | undefined;
        if (!filter) continue;
        queryClient.setQueryData<ContactListData>(query.queryKey, (data) =>
          data ? applyContactToList(data, filter, updated) : data,
        );
      }
      if (patch.status) {
        const from = contact.status;
        const to = patch.status;
        queryClient.setQueryData<TContactCounts>(contactCountsQueryOptions().queryKey, (counts) =>
          counts ? applyStatusToCounts(counts, from, to) : counts,
        );
      }
      queryClient.setQueryData<TContactDetail>(contactKey(contact.id), (detail) =>
        detail ? { ...detail, ...stripUndefined(patch) } : detail,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY }),
  });
}

function stripUndefined(patch: TUpdateContact): Partial<TContact> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<TContact>;
}
