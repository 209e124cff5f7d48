import { type TImportConsentBasis, type TImportReport, ZImportReport } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { readJson, throwIfResNotOk } from "@/lib/api-request";
import { CONTACTS_QUERY_KEY } from "./get-contacts";

/** POST /api/contacts/import with the file's text as a text/csv body (apiRequest only sends JSON). */
export async function importContacts(
  csv: string,
  consent: { basis: TImportConsentBasis; note: string } = { basis: "none", note: "" },
): Promise<TImportReport> {
  const query = new URLSearchParams({
    basis: consent.basis,
    ...(consent.note ? { note: consent.note } : {}),
  });
  const res = await fetch(`/api/contacts/import?${query}`, {
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
    mutationFn: ({ csv, consent }: { csv: string; consent?: { basis: TImportConsentBasis; note: string } }) =>
      importContacts(csv, consent),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY }),
  });
}
