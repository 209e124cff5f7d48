import { type TContact, type TContactStatus, ZContact } from "@shobai/shared";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiRequest, readJson } from "@/lib/api-request";

/** Every contact query starts with this; invalidating it refreshes lists, counts and details. */
export const CONTACTS_QUERY_KEY = ["/api/contacts"] as const;

/** One page of the list; 10,000 contacts arrive 200 at a time. */
export const CONTACTS_PAGE_SIZE = 200;

export type ContactStatusFilter = TContactStatus | "all";

export interface ContactListFilter {
  q: string;
  status: ContactStatusFilter;
  /** Tag ids: contacts carrying all of them. */
  tags?: string[];
}

export interface ContactPage {
  contacts: TContact[];
  /** How many contacts match in all (the X-Total-Count header). */
  total: number;
}

export function contactListKey(filter: ContactListFilter) {
  return [
    ...CONTACTS_QUERY_KEY,
    "list",
    { q: filter.q.trim(), status: filter.status, tags: [...(filter.tags ?? [])].sort() },
  ] as const;
}

/** GET /api/contacts?q=&status=&limit=&offset=: one page, newest first, with the total. */
export async function fetchContacts(
  filter: ContactListFilter,
  offset: number,
  signal?: AbortSignal,
): Promise<ContactPage> {
  const params = new URLSearchParams({
    status: filter.status,
    limit: String(CONTACTS_PAGE_SIZE),
    offset: String(offset),
  });
  const q = filter.q.trim();
  if (q) params.set("q", q);
  if (filter.tags?.length) params.set("tags", filter.tags.join(","));
  const res = await apiRequest("GET", `/api/contacts?${params}`, undefined, { signal });
  const contacts = await readJson(res, ZContact.array());
  const header = res.headers.get("X-Total-Count");
  const total = header === null ? Number.NaN : Number(header);
  return { contacts, total: Number.isFinite(total) ? total : offset + contacts.length };
}

export const contactsQueryOptions = (filter: ContactListFilter) =>
  infiniteQueryOptions({
    queryKey: contactListKey(filter),
    queryFn: ({ pageParam, signal }) => fetchContacts(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.contacts.length, 0);
      return last.contacts.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });

/**
 * The contacts matching a search and status, a page at a time. While a new search is on its way
 * the previous result stays (the screen narrows it down itself meanwhile).
 */
export function useContacts(filter: ContactListFilter, { enabled }: { enabled: boolean }) {
  const query = useInfiniteQuery({
    ...contactsQueryOptions(filter),
    enabled,
    placeholderData: keepPreviousData,
  });
  const pages = query.data?.pages;
  const contacts = useMemo(() => {
    // Contacts added or removed between two pages shift the offsets: never show one twice.
    const seen = new Set<string>();
    return (pages ?? []).flatMap((page) =>
      page.contacts.filter((c) => {
        if (seen.has(c.id)) return false;
        seen.add(c.id);
        return true;
      }),
    );
  }, [pages]);
  return { ...query, contacts, total: pages?.[0]?.total ?? 0 };
}
