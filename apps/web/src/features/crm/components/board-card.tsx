import type { TContact, TContactStatus } from "@shobai/shared";
import { Building2, GripVertical } from "lucide-react";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { contactName } from "../contact-name";
import { ContactAvatar } from "./contact-avatar";
import { StatusSelect } from "./status-select";

interface BoardCardProps {
  contact: TContact;
  dragging: boolean;
  onDragStart: (contact: TContact) => void;
  onDragEnd: () => void;
  onOpen: (contact: TContact) => void;
  onStatusChange: (contact: TContact, status: TContactStatus) => void;
}

/** DRAG_TYPE carries the contact id, so only our cards are accepted by the columns. */
export const DRAG_TYPE = "application/x-shobai-contact";

/**
 * A contact on the pipeline board. Drag it to another column, or (keyboard, phone) pick the
 * stage in its select; tapping it opens the contact.
 */
export function BoardCard({
  contact,
  dragging,
  onDragStart,
  onDragEnd,
  onOpen,
  onStatusChange,
}: BoardCardProps) {
  const { t } = useTranslation("crm");
  const name = contactName(contact);
  return (
    <li
      data-testid="crm-card"
      data-contact-email={contact.email}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData(DRAG_TYPE, contact.id);
        event.dataTransfer.setData("text/plain", contact.email);
        onDragStart(contact);
      }}
      onDragEnd={onDragEnd}
      className={cn(
        "group relative cursor-grab rounded-lg border border-border bg-background p-3 shadow-card transition-[opacity,border-color,box-shadow] hover:border-brand-200 hover:shadow-popover active:cursor-grabbing",
        dragging && "opacity-40",
      )}
    >
      <div className="flex items-start gap-2.5">
        <ContactAvatar contact={contact} className="size-8 text-xs" />
        <div className="min-w-0 flex-1">
          <button
            type="button"
            onClick={() => onOpen(contact)}
            className="block max-w-full cursor-pointer truncate text-left text-sm font-semibold text-foreground after:absolute after:inset-0 after:rounded-lg after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
          >
            {name}
          </button>
          <p className="truncate text-xs text-muted-foreground">{contact.email}</p>
        </div>
        <GripVertical
          className="size-4 shrink-0 text-muted-foreground/50 transition-colors group-hover:text-muted-foreground"
          aria-hidden
        />
      </div>
      {contact.company ? (
        <p className="mt-2 flex min-w-0 items-center gap-1.5 text-xs text-foreground/80">
          <Building2 className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate">{contact.company}</span>
        </p>
      ) : null}
      <div className="mt-2.5 flex items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground tabular-nums">{formatDate(contact.createdAt)}</span>
        <div className="relative z-10">
          <StatusSelect
            size="sm"
            value={contact.status}
            onValueChange={(status) => onStatusChange(contact, status)}
            label={t("statusOf", { name })}
            testId="crm-card-status"
            className="h-7 w-auto max-w-36 text-xs"
          />
        </div>
      </div>
    </li>
  );
}
