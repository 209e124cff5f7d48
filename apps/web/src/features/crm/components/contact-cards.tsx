import { formatContactKana } from "@shobai/shared/constants";
import { Building2, Mail, Phone } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { contactName } from "../contact-name";
import { customValueText } from "../custom-value-text";
import { ContactAvatar } from "./contact-avatar";
import type { ContactRowsProps } from "./contact-table";
import { SourceBadge } from "./source-badge";
import { StatusSelect } from "./status-select";
import { TagChip } from "./tag-chip";

/** Contacts as cards (phones): the same content as a table row, stacked; tapping a card opens it. */
export function ContactCards({ contacts, onOpen, onStatusChange, customColumns = [] }: ContactRowsProps) {
  const { t } = useTranslation("crm");
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {contacts.map((contact) => {
        const name = contactName(contact);
        return (
          <li
            key={contact.id}
            data-testid="crm-row"
            data-contact-email={contact.email}
            className="relative min-w-0 rounded-xl border border-border bg-background p-4 shadow-card transition-colors hover:border-brand-200"
          >
            <div className="flex items-start gap-3">
              <ContactAvatar contact={contact} />
              <div className="min-w-0 flex-1">
                <button
                  type="button"
                  onClick={() => onOpen(contact)}
                  className="block max-w-full cursor-pointer truncate text-left font-semibold text-foreground after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
                  data-testid="crm-row-open"
                >
                  {name}
                </button>
                <p className="truncate text-xs text-muted-foreground">
                  {[formatContactKana(contact), formatDate(contact.createdAt)].filter(Boolean).join(" · ")}
                </p>
                {contact.tags.length > 0 ? (
                  <span className="mt-1.5 flex flex-wrap gap-1">
                    {contact.tags.map((tag) => (
                      <TagChip key={tag.id} tag={tag} />
                    ))}
                  </span>
                ) : null}
              </div>
              <SourceBadge source={contact.source} />
            </div>
            <dl className="mt-3 grid gap-1 text-sm">
              <div className="flex min-w-0 items-center gap-2">
                <dt className="sr-only">{t("columns.email")}</dt>
                <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <dd className="truncate">{contact.email || contact.phone}</dd>
              </div>
              {contact.company ? (
                <div className="flex min-w-0 items-center gap-2">
                  <dt className="sr-only">{t("columns.company")}</dt>
                  <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <dd className="truncate">{contact.company}</dd>
                </div>
              ) : null}
              {contact.phone ? (
                <div className="flex min-w-0 items-center gap-2">
                  <dt className="sr-only">{t("columns.phone")}</dt>
                  <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <dd className="truncate tabular-nums">{contact.phone}</dd>
                </div>
              ) : null}
              {customColumns.map((field) => {
                const value = customValueText(contact, field);
                return value ? (
                  <div
                    key={field.id}
                    className="flex min-w-0 items-center gap-2"
                    data-testid="crm-custom-cell"
                  >
                    <dt className="shrink-0 text-xs text-muted-foreground">{field.label}</dt>
                    <dd className="truncate">{value}</dd>
                  </div>
                ) : null;
              })}
            </dl>
            <div className="relative z-10 mt-3">
              <StatusSelect
                value={contact.status}
                onValueChange={(status) => onStatusChange(contact, status)}
                label={t("statusOf", { name })}
                testId="crm-row-status"
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function ContactCardsSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <div data-testid="crm-skeleton" className="grid gap-3 md:grid-cols-2">
      {Array.from({ length: cards }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={i} className="rounded-xl border border-border bg-background p-4 shadow-card">
          <div className="flex items-center gap-3">
            <Skeleton className="size-9 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-20" />
            </div>
          </div>
          <Skeleton className="mt-4 h-4 w-52" />
          <Skeleton className="mt-2 h-4 w-40" />
          <Skeleton className="mt-4 h-9 w-full" />
        </div>
      ))}
    </div>
  );
}
