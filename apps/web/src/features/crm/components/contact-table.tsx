import type { TContact, TContactField, TContactStatus } from "@shobai/shared";
import { formatContactKana } from "@shobai/shared/constants";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { contactName } from "../contact-name";
import { customValueText } from "../custom-value-text";
import { ContactAvatar } from "./contact-avatar";
import { SourceBadge } from "./source-badge";
import { StatusSelect } from "./status-select";
import { TagChip } from "./tag-chip";

export interface ContactRowsProps {
  contacts: TContact[];
  onOpen: (contact: TContact) => void;
  onStatusChange: (contact: TContact, status: TContactStatus) => void;
  /** Custom fields the owner chose to see as columns. */
  customColumns?: TContactField[];
}

const headCell = "px-4 py-3 text-left text-xs font-medium tracking-wide text-muted-foreground";
const cell = "px-4 py-3 align-middle";

/**
 * Contacts as a table (wide screens). A row opens the contact: its name is a button stretched over
 * the whole row; the status select sits above that layer and changes the status in place.
 */
export function ContactTable({ contacts, onOpen, onStatusChange, customColumns = [] }: ContactRowsProps) {
  const { t } = useTranslation("crm");
  return (
    <table className="w-full border-collapse text-sm">
      <thead className="border-b border-border bg-surface/70">
        <tr>
          <th scope="col" className={headCell}>
            {t("columns.name")}
          </th>
          <th scope="col" className={headCell}>
            {t("columns.email")}
          </th>
          <th scope="col" className={headCell}>
            {t("columns.company")}
          </th>
          <th scope="col" className={`${headCell} hidden xl:table-cell`}>
            {t("columns.phone")}
          </th>
          {customColumns.map((field) => (
            <th key={field.id} scope="col" className={headCell} data-testid="crm-custom-column">
              {field.label}
            </th>
          ))}
          <th scope="col" className={headCell}>
            {t("columns.createdAt")}
          </th>
          <th scope="col" className={`${headCell} hidden xl:table-cell`}>
            {t("columns.source")}
          </th>
          <th scope="col" className={`${headCell} w-44`}>
            {t("columns.status")}
          </th>
        </tr>
      </thead>
      <tbody>
        {contacts.map((contact) => {
          const name = contactName(contact);
          const kana = formatContactKana(contact);
          return (
            <tr
              key={contact.id}
              data-testid="crm-row"
              data-contact-email={contact.email}
              className="relative border-b border-border transition-colors last:border-b-0 hover:bg-surface/80"
            >
              <td className={cell}>
                <div className="flex min-w-0 items-center gap-3">
                  <ContactAvatar contact={contact} className="size-8 text-xs" />
                  <div className="grid min-w-0">
                    <button
                      type="button"
                      onClick={() => onOpen(contact)}
                      className="min-w-0 cursor-pointer truncate text-left font-medium text-foreground after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-ring"
                      data-testid="crm-row-open"
                    >
                      {name}
                    </button>
                    {kana ? (
                      <span className="truncate text-xs text-muted-foreground" data-testid="crm-row-kana">
                        {kana}
                      </span>
                    ) : null}
                    {contact.tags.length > 0 ? (
                      <span className="mt-1 flex flex-wrap gap-1">
                        {contact.tags.map((tag) => (
                          <TagChip key={tag.id} tag={tag} />
                        ))}
                      </span>
                    ) : null}
                  </div>
                </div>
              </td>
              <td className={`${cell} max-w-64 truncate text-muted-foreground`}>{contact.email}</td>
              <td className={`${cell} max-w-56 truncate`}>{contact.company || <Dash />}</td>
              <td className={`${cell} hidden whitespace-nowrap tabular-nums xl:table-cell`}>
                {contact.phone || <Dash />}
              </td>
              {customColumns.map((field) => (
                <td key={field.id} className={`${cell} max-w-48 truncate`} data-testid="crm-custom-cell">
                  {customValueText(contact, field) || <Dash />}
                </td>
              ))}
              <td className={`${cell} whitespace-nowrap text-muted-foreground tabular-nums`}>
                {formatDate(contact.createdAt)}
              </td>
              <td className={`${cell} hidden xl:table-cell`}>
                <SourceBadge source={contact.source} />
              </td>
              <td className={cell}>
                <div className="relative z-10 w-40">
                  <StatusSelect
                    size="sm"
                    value={contact.status}
                    onValueChange={(status) => onStatusChange(contact, status)}
                    label={t("statusOf", { name })}
                    testId="crm-row-status"
                  />
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function Dash() {
  return (
    <span className="text-muted-foreground/60" aria-hidden>
      —
    </span>
  );
}

/** Grey bars where rows will appear (lists never show a spinner). */
export function ContactTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div data-testid="crm-skeleton" className="divide-y divide-border">
      <div className="h-11 bg-surface/70" />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={i} className="flex items-center gap-4 px-4 py-3.5">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-48" />
          <Skeleton className="hidden h-4 w-40 sm:block" />
          <Skeleton className="ml-auto h-8 w-36" />
        </div>
      ))}
    </div>
  );
}
