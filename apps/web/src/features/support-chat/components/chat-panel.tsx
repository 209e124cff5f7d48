import { LANGUAGES } from "@shobai/shared/constants";
import { Bot, Send, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { formatTime } from "@/lib/format";
import { loadTexts } from "@/lib/locale-resources";
import { type TFunction, useTranslation } from "@/lib/use-translation";
import {
  type BotReply,
  type ChatLink,
  type ChatMessage,
  createMessage,
  NO_MATCH_LINKS,
  QUICK_QUESTIONS,
  TOPIC_LINKS,
} from "../chat-message";
import { type ChatKeywords, type ChatMatcher, type ChatTopic, createMatcher } from "../match";

/** The keywords of all six languages (each language's `chat.json`), loaded once for every panel. */
let allLanguages: Promise<ChatMatcher> | null = null;
function loadMatcher(): Promise<ChatMatcher> {
  allLanguages ??= Promise.all(LANGUAGES.map((language) => loadTexts(language, "chat"))).then((texts) =>
    createMatcher(texts.map((text) => (text.keywords ?? {}) as ChatKeywords)),
  );
  return allLanguages;
}

/** The text and links of one bot reply, in the interface language. */
function replyContent(reply: BotReply, t: TFunction): { text: string; links?: ChatLink[] } {
  const links = (list: ReadonlyArray<{ href: string; labelKey: string }>) =>
    list.map(({ href, labelKey }) => ({ href, label: t(labelKey) }));
  if (reply.kind === "greeting") return { text: t("greeting") };
  if (reply.kind === "noMatch") return { text: t("noMatch"), links: links(NO_MATCH_LINKS) };
  const seen = new Set<string>();
  const list = reply.topics
    .flatMap((topic) => TOPIC_LINKS[topic] ?? [])
    .filter(({ href }) => !seen.has(href) && seen.add(href));
  return {
    text: reply.topics.map((topic) => t(`topics.${topic}`)).join("\n\n"),
    links: list.length ? links(list) : undefined,
  };
}

/**
 * The 320×384 chat panel (narrower phones: the screen width less margins). Rule-based: each
 * question is matched to one or two of the topics (match.ts, decision 0048), and the answer is
 * those topics' texts; when nothing matches, the bot says it does not know and offers /contact.
 */
export default function ChatPanel({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const { t, i18n, ready } = useTranslation("chat");
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    createMessage("", true, { kind: "greeting" }),
  ]);
  const matcherRef = useRef<ChatMatcher | null>(null);
  const [draft, setDraft] = useState("");
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const asked = messages.some((message) => !message.isBot);

  useEffect(() => {
    if (open && ready) inputRef.current?.focus();
  }, [open, ready]);

  useEffect(() => {
    let live = true;
    void loadMatcher().then((matcher) => {
      if (live) matcherRef.current = matcher;
    });
    return () => {
      live = false;
    };
  }, []);

  // Bring the latest question to the top, so its answer reads from its first line on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the list changes
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const questions = log.querySelectorAll<HTMLElement>('[data-from="user"]');
    const last = questions[questions.length - 1];
    log.scrollTop = last ? last.offsetTop - 12 : 0;
  }, [messages, open]);

  /** Until the other languages' keywords arrive (a moment after opening), the interface language's. */
  function match(question: string): ChatTopic[] {
    const matcher =
      matcherRef.current ??
      createMatcher([(i18n.getResourceBundle(i18n.language, "chat")?.keywords ?? {}) as ChatKeywords]);
    return matcher.match(question);
  }

  function ask(question: string, topics: readonly ChatTopic[] = match(question)) {
    const text = question.trim();
    if (!text) return;
    const reply: BotReply = topics.length ? { kind: "answer", topics } : { kind: "noMatch" };
    setMessages((previous) => [...previous, createMessage(text, false), createMessage("", true, reply)]);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft.trim()) return;
    ask(draft);
    setDraft("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  }

  // Nothing until the texts are here: a panel of raw keys ("greeting") helps no one.
  if (!open || !ready) return null;

  return (
    <div
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="chat-panel"
      onKeyDown={onKeyDown}
      className="fixed right-4 bottom-[4.75rem] z-40 flex h-[min(24rem,calc(100dvh-6rem))] w-[min(20rem,calc(100vw-2rem))] animate-fade-in flex-col overflow-hidden rounded-2xl border border-border bg-background shadow-popover sm:bottom-[5.25rem] sm:h-[min(24rem,calc(100dvh-6.5rem))] print:hidden"
    >
      <header className="flex shrink-0 items-center gap-3 bg-primary px-4 py-3 text-primary-foreground">
        <span
          aria-hidden="true"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-white/15 [&_svg]:size-5"
        >
          <Bot />
        </span>
        <div className="min-w-0 flex-1 leading-tight">
          <h2 id={titleId} className="truncate font-semibold text-sm">
            {t("title")}
          </h2>
          <p
            className="flex items-center gap-1.5 text-primary-foreground/85 text-xs"
            data-testid="chat-availability"
          >
            <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-emerald-400" />
            <span>{t("availability")}</span>
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t("close")}
          title={t("close")}
          className="-mr-1 inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-lg text-primary-foreground/90 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white [&_svg]:size-4"
        >
          <X aria-hidden="true" />
        </button>
      </header>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={t("log")}
        data-testid="chat-log"
        className="relative flex-1 space-y-3 overflow-y-auto overscroll-contain bg-surface px-3 py-3"
      >
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
        {asked ? null : (
          <div className="pt-1">
            <p className="mb-1.5 text-muted-foreground text-xs">{t("quickTitle")}</p>
            <ul className="flex flex-wrap gap-1.5">
              {QUICK_QUESTIONS.map((topic) => (
                <li key={topic}>
                  <button
                    type="button"
                    onClick={() => ask(t(`quick.${topic}`), [topic])}
                    data-testid={`chat-quick-${topic}`}
                    className="cursor-pointer rounded-full border border-brand-200 bg-background px-3 py-1 text-left text-brand-700 text-xs leading-normal transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
                  >
                    {t(`quick.${topic}`)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <form
        onSubmit={submit}
        className="flex shrink-0 items-center gap-2 border-border border-t bg-background p-2"
      >
        <Input
          ref={inputRef}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-label={t("inputLabel")}
          placeholder={t("placeholder")}
          autoComplete="off"
          enterKeyHint="send"
          maxLength={500}
          data-testid="chat-input"
          className="min-w-0 flex-1 text-sm"
        />
        <Button
          type="submit"
          size="icon"
          aria-label={t("send")}
          disabled={!draft.trim()}
          data-testid="chat-send"
        >
          <Send aria-hidden="true" />
        </Button>
      </form>
    </div>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation("chat");
  const { isBot, timestamp } = message;
  const { text, links } = message.reply
    ? replyContent(message.reply, t)
    : { text: message.text, links: undefined };
  return (
    <div
      className={cn("flex", isBot ? "justify-start" : "justify-end")}
      data-testid="chat-message"
      data-from={isBot ? "bot" : "user"}
    >
      <div
        className={cn(
          "max-w-[88%] rounded-2xl px-3 py-2 text-sm leading-relaxed",
          isBot
            ? "rounded-bl-sm border border-border bg-background text-foreground"
            : "rounded-br-sm bg-primary text-primary-foreground",
        )}
      >
        <span className="sr-only">{isBot ? t("bot") : t("you")}: </span>
        <p className="whitespace-pre-line">{text}</p>
        {links?.length ? (
          <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1">
            {links.map((link) => (
              <Link
                key={link.href}
                href={link.href}
                className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
              >
                {link.label}
              </Link>
            ))}
          </p>
        ) : null}
        <time
          dateTime={timestamp.toISOString()}
          className={cn(
            "mt-1 block text-[0.6875rem]",
            isBot ? "text-muted-foreground" : "text-primary-foreground/80",
          )}
        >
          {formatTime(timestamp)}
        </time>
      </div>
    </div>
  );
}
