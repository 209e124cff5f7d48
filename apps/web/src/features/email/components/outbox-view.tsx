import type { TOutboxMessage } from "@shobai/shared";
import { ExternalLink, Inbox, RefreshCw } from "lucide-react";
import { Fragment, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { useOutbox } from "../api/outbox";

const URL_PATTERN = /https?:\/\/[^\s<>"'）」]+/g;

/** Trailing punctuation is the sentence's, not the link's. */
function trimUrl(url: string): string {
  return url.replace(/[.,;:!?)\]]+$/, "");
}

/** The http(s) links of a message: from its text, then from its HTML (parsed, never run). */
export function messageLinks(message: Pick<TOutboxMessage, "text" | "html">): string[] {
  const links = new Set<string>();
  for (const match of message.text.matchAll(URL_PATTERN)) links.add(trimUrl(match[0]));
  if (message.html && typeof DOMParser !== "undefined") {
    const doc = new DOMParser().parseFromString(message.html, "text/html");
    for (const a of doc.querySelectorAll("a[href]")) {
      const href = a.getAttribute("href") ?? "";
      if (/^https?:\/\//i.test(href)) links.add(href);
    }
  }
  return [...links];
}

/** Plain text with its URLs as links that open in a new tab. */
function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    const start = match.index ?? 0;
    parts.push(text.slice(last, start));
    parts.push(
      <a
        key={start}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all text-primary underline underline-offset-2 hover:text-primary-hover"
      >
        {url}
      </a>,
    );
    last = start + url.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts have no identity but their order
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}

/**
 * Shown in a sandbox without scripts, forms or navigation (sandbox=""); remote images are not
 * loaded either, so looking at a campaign email here never counts as an open.
 */
function srcDoc(html: string): string {
  return `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">${html}`;
}

function MessageView({ message }: { message: TOutboxMessage }) {
  const { t } = useTranslation("email");
  const links = useMemo(() => messageLinks(message), [message]);
  return (
    <article data-testid="outbox-message" className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-col gap-2 border-b border-border pb-4">
        <h3 className="break-words text-lg font-semibold" data-testid="outbox-message-subject">
          {message.subject || t("outbox.noSubject")}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t("outbox.from")}</dt>
          <dd className="min-w-0 break-all">{message.from}</dd>
          <dt className="text-muted-foreground">{t("outbox.to")}</dt>
          <dd className="min-w-0 break-all">{message.to}</dd>
          <dt className="text-muted-foreground">{t("outbox.date")}</dt>
          <dd className="tabular-nums">{formatDateTime(message.createdAt)}</dd>
        </dl>
      </header>
      {links.length > 0 ? (
        <section
          className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3"
          data-testid="outbox-links"
        >
          <h4 className="text-sm font-semibold text-brand-900">{t("outbox.links")}</h4>
          <p className="text-xs text-brand-900/80">{t("outbox.linksHint")}</p>
          <ul className="mt-2 flex flex-col gap-1.5">
            {links.map((url) => (
              <li key={url} className="flex min-w-0 items-start gap-1.5 text-sm">
                <ExternalLink className="mt-1 size-3.5 shrink-0 text-primary" aria-hidden />
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="min-w-0 break-all text-primary underline underline-offset-2 hover:text-primary-hover"
                >
                  {url}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Tabs defaultValue={message.html ? "html" : "text"}>
        <TabsList>
          <TabsTrigger value="text">{t("outbox.text")}</TabsTrigger>
          <TabsTrigger value="html" disabled={!message.html}>
            {t("outbox.html")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="text">
          <div
            className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-words rounded-lg border border-border bg-surface p-4 text-sm"
            data-testid="outbox-message-text"
          >
            <Linkified text={message.text} />
          </div>
        </TabsContent>
        {message.html ? (
          <TabsContent value="html">
            <iframe
              title={t("outbox.htmlFrame")}
              sandbox=""
              srcDoc={srcDoc(message.html)}
              referrerPolicy="no-referrer"
              className="h-[32rem] w-full rounded-lg border border-border bg-white"
              data-testid="outbox-message-html"
            />
          </TabsContent>
        ) : null}
      </Tabs>
    </article>
  );
}

/**
 * The outbox (issue 6): with the outbox provider mail never leaves the machine; it is listed here,
 * newest first, and each message can be read, its links opened in a new tab (verification links).
 */
export function OutboxView() {
  const { t } = useTranslation("email");
  const outbox = useOutbox({ enabled: true });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const messages = outbox.data ?? [];
  const selected = messages.find((m) => m.id === selectedId) ?? null;
  const readerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!selectedId) return;
    // On a phone the message opens below the list: bring it into view.
    if (typeof window.matchMedia === "function" && !window.matchMedia("(min-width: 1024px)").matches) {
      readerRef.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
    }
  }, [selectedId]);

  return (
    <Card data-testid="outbox">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="min-w-0">
          <CardTitle className="flex items-center gap-2">
            <Inbox className="size-4 text-muted-foreground" aria-hidden />
            {t("outbox.title")}
            {outbox.data ? (
              <span className="text-sm font-normal text-muted-foreground">
                {t("outbox.count", { count: messages.length })}
              </span>
            ) : null}
          </CardTitle>
          <CardDescription className="mt-1">{t("outbox.description")}</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
          data-testid="outbox-refresh"
        >
          <RefreshCw className={cn(outbox.isFetching && "animate-spin")} aria-hidden />
          <span className="sr-only sm:not-sr-only">{t("outbox.refresh")}</span>
        </Button>
      </CardHeader>
      <div className="border-t border-border">
        {outbox.isError && !outbox.data ? (
          <div className="p-6">
            <Alert variant="destructive">{t("outbox.loadFailed")}</Alert>
          </div>
        ) : outbox.isLoading ? (
          <div className="flex flex-col gap-2 p-4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : messages.length === 0 ? (
          <p className="px-6 py-12 text-center text-sm text-muted-foreground" data-testid="outbox-empty">
            {t("outbox.empty")}
          </p>
        ) : (
          <div className="grid lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
            <ul
              data-testid="outbox-list"
              className="max-h-[36rem] divide-y divide-border overflow-y-auto border-border lg:border-r"
            >
              {messages.map((message) => {
                const active = message.id === selectedId;
                return (
                  <li key={message.id}>
                    <button
                      type="button"
                      data-testid="outbox-item"
                      aria-current={active || undefined}
                      onClick={() => setSelectedId(message.id)}
                      className={cn(
                        "flex w-full cursor-pointer flex-col gap-0.5 px-4 py-3 text-left transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
                        active && "bg-brand-50 hover:bg-brand-50",
                      )}
                    >
                      <span className="flex items-baseline justify-between gap-3 text-xs text-muted-foreground">
                        <span className="min-w-0 truncate">{message.to}</span>
                        <time dateTime={message.createdAt} className="shrink-0 tabular-nums">
                          {formatDateTime(message.createdAt)}
                        </time>
                      </span>
                      <span className="truncate text-sm font-medium">
                        {message.subject || t("outbox.noSubject")}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <div
              ref={readerRef}
              className="min-w-0 scroll-mt-4 border-t border-border p-4 sm:p-6 lg:border-t-0"
            >
              {selected ? (
                <MessageView key={selected.id} message={selected} />
              ) : (
                <p className="py-12 text-center text-sm text-muted-foreground">{t("outbox.select")}</p>
              )}
            </div>
          </div>
        )}
      </div>
    </Card>
  );
}
