import type { TContact, TContactStatus } from "@shobai/shared";
import { CONTACT_STATUSES, contactMatches } from "@shobai/shared/constants";
import { useMemo, useState } from "react";
import { useTranslation } from "@/lib/use-translation";
import { useContacts } from "../api/get-contacts";
import { BoardColumn, type BoardColumnProps } from "./board-column";

type ColumnActions = Pick<
  BoardColumnProps,
  "dragging" | "onDragStart" | "onDragEnd" | "onDrop" | "onOpen" | "onStatusChange"
>;

interface ContactBoardProps {
  /** What is typed now: narrows the loaded cards at once. */
  search: string;
  /** The settled search, sent to the server. */
  q: string;
  /** Sample contacts for a signed-out visitor; with them no call is made. */
  demoContacts: TContact[] | null;
  onOpen: (contact: TContact) => void;
  onStatusChange: (contact: TContact, status: TContactStatus) => void;
}

/**
 * The pipeline: one column per status, in order. Each column loads its own contacts (so its count
 * is exact at any size); a card dropped on another column changes status like the select does.
 */
export function ContactBoard({ search, q, demoContacts, onOpen, onStatusChange }: ContactBoardProps) {
  const { t } = useTranslation("crm");
  const [dragging, setDragging] = useState<TContact | null>(null);
  const actions: ColumnActions = {
    dragging,
    onDragStart: setDragging,
    onDragEnd: () => setDragging(null),
    onDrop: (status) => {
      if (dragging && dragging.status !== status) onStatusChange(dragging, status);
      setDragging(null);
    },
    onOpen,
    onStatusChange,
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="hidden text-xs text-muted-foreground sm:block">{t("board.hint")}</p>
      <div
        data-testid="crm-board"
        className="-mx-4 flex scroll-px-4 snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:-mx-8 lg:scroll-px-8 lg:px-8 xl:mx-0 xl:grid xl:grid-cols-5 xl:overflow-visible xl:px-0"
      >
        {CONTACT_STATUSES.map((status) =>
          demoContacts ? (
            <DemoColumn key={status} status={status} search={search} contacts={demoContacts} {...actions} />
          ) : (
            <LiveColumn key={status} status={status} search={search} q={q} {...actions} />
          ),
        )}
      </div>
    </div>
  );
}

function LiveColumn({
  status,
  search,
  q,
  ...actions
}: ColumnActions & { status: TContactStatus; search: string; q: string }) {
  const list = useContacts({ q, status }, { enabled: true });
  const contacts = useMemo(
    () => list.contacts.filter((c) => contactMatches(c, search, status)),
    [list.contacts, search, status],
  );
  return (
    <BoardColumn
      status={status}
      contacts={contacts}
      total={
        list.isPlaceholderData || search.trim() !== q.trim()
          ? contacts.length
          : Math.max(list.total, contacts.length)
      }
      isLoading={list.isLoading}
      hasMore={list.hasNextPage}
      isLoadingMore={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
      {...actions}
    />
  );
}

function DemoColumn({
  status,
  search,
  contacts: all,
  ...actions
}: ColumnActions & { status: TContactStatus; search: string; contacts: TContact[] }) {
  const contacts = all.filter((c) => contactMatches(c, search, status));
  return (
    <BoardColumn
      status={status}
      contacts={contacts}
      total={contacts.length}
      isLoading={false}
      hasMore={false}
      isLoadingMore={false}
      onLoadMore={() => {}}
      {...actions}
    />
  );
}
