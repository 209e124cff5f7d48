import type { TContactDetail } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { CONTACTS_QUERY_KEY } from "./get-contacts";

export const contactKey = (id: string) => [...CONTACTS_QUERY_KEY, id] as const;

/** GET /api/contacts/{id}: the contact with its timeline, newest first. */
export const contactQueryOptions = (id: string) => queryOptions<TContactDetail>({ queryKey: contactKey(id) });

export function useContact(id: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...contactQueryOptions(id ?? ""), enabled: enabled && id !== null });
}
