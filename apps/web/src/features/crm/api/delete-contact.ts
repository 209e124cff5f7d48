import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-request";
import { contactKey } from "./get-contact";
import { CONTACTS_QUERY_KEY } from "./get-contacts";

export async function deleteContact(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/contacts/${encodeURIComponent(id)}`);
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: contactKey(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY });
    },
  });
}
