import { ZContactDetail } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";
import { CONTACTS_QUERY_KEY } from "./get-contacts";

export const contactKey = (id: string) => [...CONTACTS_QUERY_KEY, id] as const;

/** GET /api/contacts/{id}: the contact with its timeline, newest first. */
export const fetchContact = (id: string, signal?: AbortSignal) =>
  apiGet(`/api/contacts/${encodeURIComponent(id)}`, ZContactDetail, { signal });

export const contactQueryOptions = (id: string) =>
  queryOptions({ queryKey: contactKey(id), queryFn: ({ signal }) => fetchContact(id, signal) });

export function useContact(id: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...contactQueryOptions(id ?? ""), enabled: enabled && id !== null });
}
