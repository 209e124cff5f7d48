import type { TContact, TContactCounts, TContactDetail, TContactStatus } from "@shobai/shared";
import { CONTACT_STATUSES, contactMatches } from "@shobai/shared/constants";
import { ChevronDown, Download, FileSpreadsheet, FileUp, UserPlus } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearch } from "wouter";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Spinner } from "@/components/ui/spinner";
import { DEMO_CONTACTS } from "@/demo/crm";
import { useRequireLogin } from "@/hooks/use-require-login";
import { toast } from "@/lib/toast";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { useCan } from "@/queries/workspaces";
import { contactsExportUrl } from "../api/export-contacts";
import { useContactCounts } from "../api/get-contact-counts";
import { useContactFields } from "../api/get-contact-fields";
import { useContactTags } from "../api/get-contact-tags";
import { type ContactStatusFilter, useContacts } from "../api/get-contacts";
import { useUpdateContact } from "../api/update-contact";
import { AddContactDialog } from "../components/add-contact-dialog";
import { ColumnsMenu } from "../components/columns-menu";
import { ContactBoard } from "../components/contact-board";
import { ContactDrawer } from "../components/contact-drawer";
import { ContactList } from "../components/contact-list";
import { DemoBanner } from "../components/demo-banner";
import { EmptyState, NoMatches } from "../components/empty-state";
import { ImportContacts } from "../components/import-contacts";
import { SearchBox } from "../components/search-box";
import { StatusFilter } from "../components/status-filter";
import { TagFilter } from "../components/tag-filter";
import { type CrmView, ViewToggle } from "../components/view-toggle";
import { contactName } from "../contact-name";
import { contactErrorText } from "../error-text";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { useListColumns } from "../hooks/use-list-columns";

/** The search goes to the server once typing pauses this long; the loaded page narrows at once. */
const SEARCH_DEBOUNCE_MS = 250;

function countDemo(contacts: TContact[]): TContactCounts {
  const byStatus = Object.fromEntries(CONTACT_STATUSES.map((s) => [s, 0])) as TContactCounts["byStatus"];
  for (const c of contacts) byStatus[c.status] += 1;
  return { total: contacts.length, byStatus };
}

/**
 * /crm (spec §2 CRM): contacts with search, a status filter with counts, a list or pipeline board,
 * a drawer per contact, add, import and export. Signed-out visitors get sample data and no calls.
 */
export default function CrmPage() {
  const { t } = useTranslation("crm");
  const { t: tCommon } = useTranslation("common");
  const language = useCurrentLanguage();
  const { user, isLoading: userLoading } = useUser();
  const signedIn = user !== null;
  const requireLogin = useRequireLogin("crm");
  // A viewer reads the CRM but may not change it (shared permission table, issue 24).
  const mayEdit = useCan("crm:write");

  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<ContactStatusFilter>("all");
  const [view, setView] = useState<CrmView>("list");
  const [addOpen, setAddOpen] = useState(false);
  const [drawer, setDrawer] = useState<{ contact: TContact; open: boolean } | null>(null);
  const [demo, setDemo] = useState<TContactDetail[]>(DEMO_CONTACTS);
  const importInput = useRef<HTMLInputElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  const [importing, setImporting] = useState(false);

  const [tagFilter, setTagFilter] = useState<string[]>([]);
  const fields = useContactFields({ enabled: signedIn });
  const [columnIds, toggleColumn] = useListColumns();
  const customColumns = (fields.data ?? []).filter((f) => columnIds.includes(f.id));
  const tags = useContactTags({ enabled: signedIn });
  const list = useContacts({ q, status, tags: tagFilter }, { enabled: signedIn && view === "list" });
  const counts = useContactCounts({ enabled: signedIn });
  const update = useUpdateContact();

  const visible = useMemo(
    () =>
      (signedIn ? list.contacts : demo).filter(
        (c) =>
          contactMatches(c, search, status) && tagFilter.every((id) => c.tags.some((tag) => tag.id === id)),
      ),
    [signedIn, list.contacts, demo, search, status, tagFilter],
  );
  const shownCounts = signedIn ? counts.data : countDemo(demo);
  // The server has not answered for what is typed now: keep showing what we have, claim nothing.
  const settling = signedIn && (search.trim() !== q.trim() || list.isPlaceholderData);
  const accountEmpty =
    signedIn &&
    counts.data?.total === 0 &&
    (view === "board" || (list.isSuccess && list.contacts.length === 0));

  const openAdd = () => (signedIn ? setAddOpen(true) : requireLogin());
  const openImport = () => (signedIn ? importInput.current?.click() : requireLogin());
  const clearFilters = () => {
    setSearch("");
    setStatus("all");
  };

  const changeStatus = (contact: TContact, next: TContactStatus) => {
    if (contact.status === next) return;
    const name = contactName(contact);
    const statusLabel = t(`status.${next}`);
    if (!signedIn) {
      // Sample data: the visitor can try the pipeline; nothing is sent or kept.
      setDemo((all) =>
        all.map((c) =>
          c.id === contact.id
            ? {
                ...c,
                status: next,
                activities: [
                  {
                    id: `${c.id}-${Date.now()}`,
                    type: "status_changed",
                    data: { from: c.status, to: next },
                    createdAt: new Date().toISOString(),
                  },
                  ...c.activities,
                ],
              }
            : c,
        ),
      );
      toast({
        title: t("toast.updatedTitle"),
        description: t("toast.demoChanged", { name, status: statusLabel }),
      });
      return;
    }
    update.mutateAsync({ contact, patch: { status: next } }).then(
      () =>
        toast({
          title: t("toast.updatedTitle"),
          description: t("toast.statusChanged", { name, status: statusLabel }),
        }),
      (error: unknown) =>
        toast({
          variant: "destructive",
          title: t("toast.errorTitle"),
          description: [t("toast.updateFailed"), contactErrorText(error, t)].filter(Boolean).join(" "),
        }),
    );
  };

  const openContact = (contact: TContact) => setDrawer({ contact, open: true });
  // The link in an enquiry alert (/crm?contact=…) opens that contact once the list has it.
  const linkedId = new URLSearchParams(useSearch()).get("contact");
  const [linkedOpened, setLinkedOpened] = useState(false);
  useEffect(() => {
    if (!signedIn || !linkedId || linkedOpened) return;
    const linked = list.contacts.find((c) => c.id === linkedId);
    if (!linked) return;
    setLinkedOpened(true);
    setDrawer({ contact: linked, open: true });
  }, [signedIn, linkedId, linkedOpened, list.contacts]);
  const demoDetail = drawer && !signedIn ? demo.find((c) => c.id === drawer.contact.id) : undefined;

  const body = () => {
    if (accountEmpty) return <EmptyState onAdd={openAdd} onImport={openImport} />;
    if (view === "board") {
      if (userLoading) return <ContactList {...listSkeletonProps} />;
      return (
        <ContactBoard
          search={search}
          q={q}
          demoContacts={signedIn ? null : demo}
          onOpen={openContact}
          onStatusChange={changeStatus}
        />
      );
    }
    if (signedIn && list.isError && !list.data) {
      return (
        <Alert variant="destructive" className="items-center justify-between">
          <span>{t("list.loadFailed")}</span>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            {t("list.retry")}
          </Button>
        </Alert>
      );
    }
    const loading = userLoading || (signedIn && list.isLoading) || (visible.length === 0 && settling);
    if (!loading && visible.length === 0) return <NoMatches onClear={clearFilters} />;
    return (
      <ContactList
        contacts={visible}
        isLoading={loading}
        total={signedIn && !settling ? list.total : visible.length}
        hasMore={signedIn && !settling && list.hasNextPage}
        isLoadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        onOpen={openContact}
        onStatusChange={changeStatus}
        customColumns={customColumns}
      />
    );
  };

  return (
    <div className="flex flex-col gap-5" data-testid="crm">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("subtitle")}</p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
          <Button
            ref={importButton}
            variant="outline"
            onClick={openImport}
            disabled={importing || !mayEdit}
            data-testid="crm-import"
          >
            {importing ? <Spinner /> : <FileUp aria-hidden />}
            {t("actions.import")}
          </Button>
          {signedIn ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" data-testid="crm-export">
                  <Download aria-hidden />
                  {t("actions.export")}
                  <ChevronDown aria-hidden className="size-4 opacity-60" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                <DropdownMenuLabel>{t("exportMenu.label")}</DropdownMenuLabel>
                {/* Japanese headers first in the Japanese interface, English first elsewhere. */}
                {(language === "ja" ? (["ja", "en"] as const) : (["en", "ja"] as const)).map((lang) => (
                  <DropdownMenuItem key={lang} asChild>
                    <a href={contactsExportUrl(lang)} download data-testid={`crm-export-${lang}`}>
                      <FileSpreadsheet aria-hidden />
                      {t(`exportMenu.${lang}`)}
                    </a>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          ) : (
            <Button variant="outline" onClick={requireLogin} data-testid="crm-export">
              <Download aria-hidden />
              {t("actions.export")}
            </Button>
          )}
          <Button
            onClick={openAdd}
            disabled={!mayEdit}
            title={mayEdit ? undefined : tCommon("workspace.noPermission")}
            data-testid="crm-add-open"
            className="order-first col-span-2 sm:order-none"
          >
            <UserPlus aria-hidden />
            {t("actions.add")}
          </Button>
        </div>
      </div>

      {!userLoading && !signedIn ? <DemoBanner /> : null}

      {accountEmpty ? null : (
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-2 sm:gap-3">
            <SearchBox value={search} onChange={setSearch} />
            <div className="ml-auto flex items-center gap-2">
              {view === "list" && (fields.data?.length ?? 0) > 0 ? (
                <ColumnsMenu fields={fields.data ?? []} shown={columnIds} onToggle={toggleColumn} />
              ) : null}
              <ViewToggle value={view} onChange={setView} />
            </div>
          </div>
          {view === "list" ? <StatusFilter value={status} onChange={setStatus} counts={shownCounts} /> : null}
          {view === "list" && (tags.data?.length ?? 0) > 0 ? (
            <TagFilter tags={tags.data ?? []} value={tagFilter} onChange={setTagFilter} />
          ) : null}
        </div>
      )}

      {body()}

      {signedIn ? (
        <ImportContacts inputRef={importInput} onPendingChange={setImporting} returnFocus={importButton} />
      ) : null}
      <AddContactDialog open={addOpen} onOpenChange={setAddOpen} />
      <ContactDrawer
        contact={demoDetail ?? drawer?.contact ?? null}
        open={drawer?.open ?? false}
        onClose={() => setDrawer((d) => (d ? { ...d, open: false } : d))}
        demo={demoDetail ? { activities: demoDetail.activities, requireLogin } : null}
        onStatusChange={changeStatus}
      />
    </div>
  );
}

const listSkeletonProps = {
  contacts: [],
  isLoading: true,
  total: 0,
  hasMore: false,
  isLoadingMore: false,
  onLoadMore: () => {},
  onOpen: () => {},
  onStatusChange: () => {},
};
