import { type TImportReport, ZImportReport } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { readJson, throwIfResNotOk } from "@/lib/api-request";
import { CONTACTS_QUERY_KEY } from "./get-contacts";

/** POST /api/contacts/import with the file's text as a text/csv body (apiRequest only sends JSON). */
export async function importContacts(csv: string): Promise<TImportReport> {
  const res = await fetch("/api/contacts/import", {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: csv,
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return readJson(res, ZImportReport);
}

export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importContacts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY }),
  });
}
