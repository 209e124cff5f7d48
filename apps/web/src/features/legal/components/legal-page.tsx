import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Trans, useTranslation } from "@/lib/use-translation";
import { formatLegalDate, LAST_UPDATED } from "../legal-date";

export interface LegalSection {
  /** Anchor id, unique on the page. */
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalPageProps {
  /** Prefix of the section anchors and test ids: terms, privacy, security, cookies, commercial-law. */
  name: string;
  title: string;
  intro?: ReactNode;
  sections: LegalSection[];
}

/**
 * Whether Back stays on this site. The Navigation API counts only this origin's entries (so a new
 * tab, or a visitor from a search engine, has none); without it, any earlier entry counts.
 */
function canGoBack(): boolean {
  const navigation = (window as { navigation?: { canGoBack?: boolean } }).navigation;
  if (typeof navigation?.canGoBack === "boolean") return navigation.canGoBack;
  return window.history.length > 1;
}

/** Back: where the visitor came from, or the home page when this page was opened directly. */
export function useGoBack(): () => void {
  const [, navigate] = useLocation();
  return () => {
    if (canGoBack()) window.history.back();
    else navigate("/");
  };
}

/**
 * The frame every legal page shares (spec §2 Legal pages): Back, the title, last updated,
 * a table of contents and the numbered sections, set for reading. The public layout adds the footer.
 */
export function LegalPage({ name, title, intro, sections }: LegalPageProps) {
  const { t, i18n } = useTranslation("legal");
  const goBack = useGoBack();
  return (
    <div className="mx-auto w-full max-w-[1040px]" data-testid={`legal-${name}`}>
      {/* A link to the home page before the script runs; then Back, to wherever the visitor came from. */}
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <a
          href="/"
          data-testid="legal-back"
          onClick={(event) => {
            event.preventDefault();
            goBack();
          }}
        >
          <ArrowLeft aria-hidden />
          {t("common.back")}
        </a>
      </Button>
      <header className="mt-4 border-b border-border pb-6 sm:mt-6 sm:pb-8">
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-muted-foreground text-sm">
          <Trans
            t={t}
            i18nKey="common.lastUpdated"
            values={{ date: formatLegalDate(LAST_UPDATED, i18n.resolvedLanguage ?? i18n.language) }}
            components={[<time key="date" dateTime={LAST_UPDATED} data-testid="legal-last-updated" />]}
          />
        </p>
      </header>
      <div className="mt-8 grid gap-8 lg:mt-10 lg:grid-cols-[220px_minmax(0,1fr)] lg:gap-12">
        <nav
          aria-label={t("common.contents")}
          className="self-start rounded-xl border border-border bg-background p-5 lg:sticky lg:top-24 lg:border-0 lg:bg-transparent lg:p-0"
        >
          <p className="font-semibold text-foreground text-sm">{t("common.contents")}</p>
          <ol className="mt-3 space-y-1.5 text-sm">
            {sections.map((section, index) => (
              <li key={section.id} className="flex gap-2">
                <span className="w-5 shrink-0 text-right text-muted-foreground tabular-nums">
                  {index + 1}.
                </span>
                <a
                  href={`#${name}-${section.id}`}
                  className="text-muted-foreground no-underline hover:text-foreground hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="legal-prose min-w-0 max-w-[70ch] text-[0.9375rem] leading-[1.8] sm:text-base">
          {intro ? <div className="mb-10 text-foreground">{intro}</div> : null}
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={`${name}-${section.id}`}
              aria-labelledby={`${name}-${section.id}-title`}
              className="mt-12 scroll-mt-24 first-of-type:mt-0"
              data-testid="legal-section"
            >
              <h2 id={`${name}-${section.id}-title`} className="font-semibold text-foreground text-xl">
                <span className="mr-2 text-brand-600 tabular-nums">{index + 1}.</span>
                {section.title}
              </h2>
              <div className="mt-4 space-y-4 text-foreground/90">{section.content}</div>
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}

/** Paragraphs and an optional bullet list, as written in `legal.json`. */
export function Prose({ paragraphs, items }: { paragraphs: string[]; items?: string[] | undefined }) {
  return (
    <>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {items && items.length > 0 ? (
        <ul className="list-disc space-y-2 pl-6 marker:text-brand-400">
          {items.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
