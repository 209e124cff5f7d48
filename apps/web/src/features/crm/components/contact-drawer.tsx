import type { TContact, TContactActivity, TContactStatus } from "@shobai/shared";
import { formatContactKana } from "@shobai/shared/constants";
import { Building2, CalendarDays, Mail, MailCheck, Phone, Reply } from "lucide-react";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { DEMO_TASKS } from "@/demo/crm";
import { formatDate } from "@/lib/format";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";
import { useContact } from "../api/get-contact";
import { useContactFields } from "../api/get-contact-fields";
import { contactTitle } from "../contact-name";
import { ConsentSection } from "./consent-section";
import { ContactAvatar } from "./contact-avatar";
import { ContactDetailsForm } from "./contact-details-form";
import { ContactTimeline } from "./contact-timeline";
import { CustomFieldsForm } from "./custom-fields-form";
import { DeleteContactDialog } from "./delete-contact-dialog";
import { DuplicatesSection } from "./duplicates-section";
import { NoteForm } from "./note-form";
import { ReplyDialog } from "./reply-dialog";
import { SourceBadge } from "./source-badge";
import { StatusSelect } from "./status-select";
import { TagEditor } from "./tag-editor";
import { TaskSection } from "./task-section";

interface ContactDrawerProps {
  /** The contact as the list showed it; the full record with its timeline loads behind it. */
  contact: TContact | null;
  open: boolean;
  onClose: () => void;
  /** Sample data (signed out): the detail comes from here, and changes ask to log in. */
  demo: { activities: TContactActivity[]; requireLogin: () => void } | null;
  onStatusChange: (contact: TContact, status: TContactStatus) => void;
}

/** A side panel with one contact: who, where from, its stage, editable fields, notes and timeline. */
export function ContactDrawer({
  contact: snapshot,
  open,
  onClose,
  demo,
  onStatusChange,
}: ContactDrawerProps) {
  const { t } = useTranslation(["crm", "common"]);
  const language = useCurrentLanguage();
  const detail = useContact(snapshot?.id ?? null, { enabled: demo === null && open });
  const fields = useContactFields({ enabled: demo === null && open });
  const contact = (demo ? snapshot : (detail.data ?? snapshot)) ?? null;
  const activities = demo ? demo.activities : detail.data?.activities;
  const onDemo = demo ? demo.requireLogin : null;
  const [replyTo, setReplyTo] = useState<TContactActivity | null>(null);
  const timelineHeading = useRef<HTMLHeadingElement>(null);
  // Only a person who wrote in gets a reply (a transactional email; marketing needs consent).
  const latestEnquiry = activities?.find((a) => a.type === "form_submitted") ?? null;
  const openReply = (enquiry: TContactActivity) => (onDemo ? onDemo() : setReplyTo(enquiry));

  return (
    <Sheet open={open && contact !== null} onOpenChange={(next) => !next && onClose()}>
      <SheetContent
        closeLabel={t("common:nav.close")}
        data-testid="crm-drawer"
        className="right-0 left-auto w-full gap-0 border-r-0 border-l p-0 sm:w-[min(34rem,100vw)] data-[state=closed]:animate-fade-out data-[state=open]:animate-slide-in-right"
      >
        {contact ? (
          <>
            <div className="border-b border-border px-5 pt-5 pb-4 sm:px-6">
              <div className="flex items-start gap-3 pr-10">
                <ContactAvatar contact={contact} className="size-11 text-base" />
                <div className="min-w-0">
                  {formatContactKana(contact) ? (
                    <p className="truncate text-xs text-muted-foreground" data-testid="crm-drawer-kana">
                      {formatContactKana(contact)}
                    </p>
                  ) : null}
                  <SheetTitle className="truncate text-lg font-semibold" data-testid="crm-drawer-name">
                    {contactTitle(contact, language)}
                  </SheetTitle>
                  <SheetDescription className="truncate text-sm text-muted-foreground">
                    {(contact.lastName || contact.firstName) && contact.company
                      ? contact.company
                      : contact.email || contact.phone}
                  </SheetDescription>
                </div>
              </div>
              <div className="mt-4 flex flex-wrap items-center gap-2">
                <StatusSelect
                  value={contact.status}
                  onValueChange={(status) => onStatusChange(contact, status)}
                  label={t("fields.status")}
                  testId="crm-drawer-status"
                  className="w-auto min-w-36"
                />
                <SourceBadge source={contact.source} />
                {latestEnquiry ? (
                  <Button
                    type="button"
                    size="sm"
                    className="ml-auto"
                    data-testid="crm-reply-open"
                    onClick={() => openReply(latestEnquiry)}
                  >
                    <Reply aria-hidden />
                    {t("reply.open")}
                  </Button>
                ) : null}
              </div>
              <dl className="mt-4 grid gap-1.5 text-sm">
                {/* A site enquiry may leave only a phone number (the owner's form allows it). */}
                {contact.email ? (
                  <Fact icon={Mail} label={t("fields.email")}>
                    <a href={`mailto:${contact.email}`} className="truncate text-primary hover:underline">
                      {contact.email}
                    </a>
                  </Fact>
                ) : null}
                {contact.phone ? (
                  <Fact icon={Phone} label={t("fields.phone")}>
                    <a href={`tel:${contact.phone}`} className="tabular-nums hover:underline">
                      {contact.phone}
                    </a>
                  </Fact>
                ) : null}
                {contact.company ? (
                  <Fact icon={Building2} label={t("fields.company")}>
                    <span className="truncate">{contact.company}</span>
                  </Fact>
                ) : null}
                <Fact icon={MailCheck} label={t("consent.label")}>
                  <span data-testid="crm-drawer-consent" data-consent={contact.marketingConsent}>
                    {t(`consent.${contact.marketingConsent}`)}
                  </span>
                </Fact>
                <Fact icon={CalendarDays} label={t("columns.createdAt")}>
                  <span className="tabular-nums">{formatDate(contact.createdAt)}</span>
                </Fact>
              </dl>
            </div>

            <div className="grid gap-8 px-5 py-5 sm:px-6">
              {detail.isError && !demo ? <Alert variant="destructive">{t("drawer.loadFailed")}</Alert> : null}
              {demo ? null : (
                <DuplicatesSection
                  key={contact.id}
                  contact={contact}
                  onMerged={() => timelineHeading.current?.focus()}
                />
              )}
              <section aria-labelledby="crm-drawer-tasks" className="grid gap-2">
                <h3 id="crm-drawer-tasks" className="text-sm font-semibold">
                  {t("tasks.title")}
                </h3>
                <TaskSection
                  key={contact.id}
                  contactId={contact.id}
                  demoTasks={demo ? DEMO_TASKS.filter((task) => task.contactId === contact.id) : null}
                  onDemo={onDemo}
                />
              </section>
              <section aria-labelledby="crm-drawer-consent-title" className="grid gap-3">
                <h3 id="crm-drawer-consent-title" className="text-sm font-semibold">
                  {t("consent.title")}
                </h3>
                <ConsentSection key={contact.id} contact={contact} onDemo={onDemo} />
              </section>
              <section aria-labelledby="crm-drawer-tags-title" className="grid gap-2">
                <h3 id="crm-drawer-tags-title" className="text-sm font-semibold">
                  {t("tags.title")}
                </h3>
                <TagEditor contact={contact} onDemo={onDemo} />
              </section>
              {(fields.data?.length ?? 0) > 0 ? (
                <section aria-labelledby="crm-drawer-custom" className="grid gap-2">
                  <h3 id="crm-drawer-custom" className="text-sm font-semibold">
                    {t("customFields.title")}
                  </h3>
                  <CustomFieldsForm
                    key={contact.id}
                    contact={contact}
                    fields={fields.data ?? []}
                    onDemo={onDemo}
                  />
                </section>
              ) : null}
              <section aria-labelledby="crm-drawer-notes" className="grid gap-3">
                <h3 id="crm-drawer-notes" className="text-sm font-semibold">
                  {t("drawer.notes")}
                </h3>
                <NoteForm key={contact.id} contactId={contact.id} onDemo={onDemo} />
              </section>

              <section aria-labelledby="crm-drawer-timeline" className="grid gap-4">
                <h3
                  id="crm-drawer-timeline"
                  ref={timelineHeading}
                  tabIndex={-1}
                  className="text-sm font-semibold outline-none"
                >
                  {t("drawer.timeline")}
                </h3>
                <ContactTimeline activities={activities} onReply={openReply} />
              </section>

              <section
                aria-labelledby="crm-drawer-details"
                className="grid gap-4 border-t border-border pt-6"
              >
                <h3 id="crm-drawer-details" className="text-sm font-semibold">
                  {t("drawer.details")}
                </h3>
                <ContactDetailsForm key={contact.id} contact={contact} onDemo={onDemo} />
              </section>

              <div className="flex justify-start border-t border-border pt-4">
                <DeleteContactDialog contact={contact} onDeleted={onClose} onDemo={onDemo} />
              </div>
            </div>
          </>
        ) : null}
        {contact && replyTo ? (
          <ReplyDialog
            key={replyTo.id}
            contact={contact}
            enquiry={replyTo}
            onOpenChange={(next) => !next && setReplyTo(null)}
            onSent={() => setReplyTo(null)}
            // The result: the reply now on the timeline, under the enquiry it answers.
            focusResult={() => timelineHeading.current?.focus()}
          />
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Mail;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <dt className="sr-only">{label}</dt>
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <dd className="flex min-w-0">{children}</dd>
    </div>
  );
}
