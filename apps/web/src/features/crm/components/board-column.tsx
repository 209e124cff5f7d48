import type { TContact, TContactStatus } from "@shobai/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { STATUS_STYLE } from "../status-style";
import { BoardCard, DRAG_TYPE } from "./board-card";
import { StatusDot } from "./status-dot";

export interface BoardColumnProps {
  status: TContactStatus;
  contacts: TContact[];
  /** Every contact in this stage matching the search, loaded or not. */
  total: number;
  isLoading: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  /** The card being dragged, if any. */
  dragging: TContact | null;
  onDragStart: (contact: TContact) => void;
  onDragEnd: () => void;
  onDrop: (status: TContactStatus) => void;
  onOpen: (contact: TContact) => void;
  onStatusChange: (contact: TContact, status: TContactStatus) => void;
}

/** One pipeline stage: its count, its cards, and a drop zone for cards from other stages. */
export function BoardColumn({
  status,
  contacts,
  total,
  isLoading,
  hasMore,
  isLoadingMore,
  onLoadMore,
  dragging,
  onDragStart,
  onDragEnd,
  onDrop,
  onOpen,
  onStatusChange,
}: BoardColumnProps) {
  const { t } = useTranslation("crm");
  const [over, setOver] = useState(false);
  const accepts = (event: React.DragEvent) =>
    dragging !== null ? dragging.status !== status : event.dataTransfer.types.includes(DRAG_TYPE);

  return (
    <section
      aria-label={t(`status.${status}`)}
      data-testid={`crm-board-column-${status}`}
      data-drop-target={over || undefined}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        if (!over) setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        onDrop(status);
      }}
      className={cn(
        "flex w-[78vw] max-w-[19rem] shrink-0 snap-start flex-col rounded-xl border border-transparent bg-muted/70 transition-colors xl:w-auto xl:max-w-none",
        over && "border-brand-300 bg-brand-50",
      )}
    >
      <header className="flex items-center gap-2 px-3 pt-3 pb-2">
        <StatusDot status={status} />
        <h2 className="flex-1 truncate text-sm font-semibold">{t(`status.${status}`)}</h2>
        <span
          className="rounded-full bg-background px-2 text-xs leading-5 font-medium text-muted-foreground tabular-nums"
          data-testid={`crm-board-count-${status}`}
        >
          {isLoading ? "…" : formatNumber(total)}
        </span>
      </header>
      <div className={cn("mx-3 mb-2 h-0.5 rounded-full opacity-70", STATUS_STYLE[status].bar)} aria-hidden />
      <div className="flex min-h-40 flex-1 flex-col gap-2 px-2 pb-2 xl:max-h-[calc(100dvh-19rem)] xl:overflow-y-auto">
        {isLoading ? (
          Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <Skeleton key={i} className="h-28 w-full rounded-lg bg-background/80" />
          ))
        ) : contacts.length === 0 ? (
          <p className="grid flex-1 place-items-center rounded-lg border border-dashed border-input px-3 py-8 text-center text-xs text-muted-foreground">
            {t("board.emptyColumn")}
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {contacts.map((contact) => (
              <BoardCard
                key={contact.id}
                contact={contact}
                dragging={dragging?.id === contact.id}
                onDragStart={onDragStart}
                onDragEnd={onDragEnd}
                onOpen={onOpen}
                onStatusChange={onStatusChange}
              />
            ))}
          </ul>
        )}
        {hasMore ? (
          <Button
            variant="ghost"
            size="sm"
            className="mt-1 w-full"
            onClick={onLoadMore}
            disabled={isLoadingMore}
          >
            {isLoadingMore ? <Spinner /> : null}
            {t("list.loadMore")}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
