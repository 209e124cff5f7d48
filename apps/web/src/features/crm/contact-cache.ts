import type { TContact, TContactCounts } from "@shobai/shared";
import { contactMatches } from "@shobai/shared/constants";
import type { InfiniteData } from "@tanstack/react-query";
import type { ContactListFilter, ContactPage } from "./api/get-contacts";

export type ContactListData = InfiniteData<ContactPage, number>;

const newestFirst = (a: TContact, b: TContact) => b.createdAt.localeCompare(a.createdAt);

/**
 * A loaded list as it will be once `updated` is saved: replaced in place while it still matches
 * the list's search and status, gone when it no longer does, slotted in by date when it now does.
 * Lets a card move to its new column at once, before the server answers.
 */
export function applyContactToList(
  data: ContactListData,
  filter: ContactListFilter,
  updated: TContact,
): ContactListData {
  const present = data.pages.some((page) => page.contacts.some((c) => c.id === updated.id));
  const matches = contactMatches(updated, filter.q, filter.status);
  if (!present && !matches) return data;

  let pages: ContactPage[];
  if (present && matches) {
    pages = data.pages.map((page) => ({
      ...page,
      contacts: page.contacts.map((c) => (c.id === updated.id ? updated : c)),
    }));
  } else if (present) {
    pages = data.pages.map((page) => ({
      total: page.total - 1,
      contacts: page.contacts.filter((c) => c.id !== updated.id),
    }));
  } else {
    const loaded = data.pages.flatMap((page) => page.contacts);
    const allLoaded = loaded.length >= (data.pages[0]?.total ?? 0);
    const oldest = loaded.at(-1);
    // Older than everything loaded while more remain: it belongs to a page not fetched yet.
    const fits = allLoaded || !oldest || newestFirst(oldest, updated) >= 0;
    let placed = !fits;
    pages = data.pages.map((page, index) => {
      const last = index === data.pages.length - 1;
      let contacts = page.contacts;
      const pageOldest = contacts.at(-1);
      if (!placed && (last || (pageOldest && newestFirst(pageOldest, updated) > 0))) {
        contacts = [...contacts, updated].sort(newestFirst);
        placed = true;
      }
      return { total: page.total + 1, contacts };
    });
  }
  return { ...data, pages };
}

/** Counts as they will be after a contact moves from one status to another. */
export function applyStatusToCounts(
  counts: TContactCounts,
  from: TContact["status"],
  to: TContact["status"],
): TContactCounts {
  if (from === to) return counts;
  return {
    ...counts,
    byStatus: {
      ...counts.byStatus,
      [from]: Math.max(0, (counts.byStatus[from] ?? 0) - 1),
      [to]: (counts.byStatus[to] ?? 0) + 1,
    },
  };
}
