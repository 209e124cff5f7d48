import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { DESKTOP_QUERY, useMediaQuery } from "@/lib/use-media-query";
import { useTranslation } from "@/lib/use-translation";
import { ContactCards, ContactCardsSkeleton } from "./contact-cards";
import { type ContactRowsProps, ContactTable, ContactTableSkeleton } from "./contact-table";

interface ContactListProps extends ContactRowsProps {
  isLoading: boolean;
  /** How many match on the server (more than shown when pages remain). */
  total: number;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
}

/**
 * A table on wide screens, cards on phones. Only one of them is rendered, so each `crm-row`
 * exists once on the page.
 */
export function ContactList({
  contacts,
  isLoading,
  total,
  hasMore,
  isLoadingMore,
  onLoadMore,
  onOpen,
  onStatusChange,
  customColumns,
}: ContactListProps) {
  const { t } = useTranslation("crm");
  const wide = useMediaQuery(DESKTOP_QUERY);

  if (isLoading) {
    return wide ? (
      <Card className="overflow-hidden">
        <ContactTableSkeleton />
      </Card>
    ) : (
      <ContactCardsSkeleton />
    );
  }

  const footer = (
    <div className="flex flex-col items-center gap-3 px-4 py-4 text-sm text-muted-foreground sm:flex-row sm:justify-between">
      <p data-testid="crm-showing">
        {t("list.showing", { shown: contacts.length, total: Math.max(total, contacts.length) })}
      </p>
      {hasMore ? (
        <Button
          variant="outline"
          size="sm"
          onClick={onLoadMore}
          disabled={isLoadingMore}
          data-testid="crm-load-more"
        >
          {isLoadingMore ? <Spinner /> : null}
          {t("list.loadMore")}
        </Button>
      ) : null}
    </div>
  );

  if (!wide) {
    return (
      <div>
        <ContactCards
          contacts={contacts}
          onOpen={onOpen}
          onStatusChange={onStatusChange}
          customColumns={customColumns}
        />
        {footer}
      </div>
    );
  }
  return (
    <Card className="overflow-hidden">
      <div className="overflow-x-auto">
        <ContactTable
          contacts={contacts}
          onOpen={onOpen}
          onStatusChange={onStatusChange}
          customColumns={customColumns}
        />
      </div>
      <div className="border-t border-border bg-surface/40">{footer}</div>
    </Card>
  );
}
