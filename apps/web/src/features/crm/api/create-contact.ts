import { type TContact, type TCreateContact, ZContact } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { CONTACTS_QUERY_KEY } from "./get-contacts";

export function createContact(input: TCreateContact): Promise<TContact> {
  return apiJson("POST", "/api/contacts", input, ZContact);
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY }),
  });
}
