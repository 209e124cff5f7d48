import { LANGUAGE_NATIVE_NAMES, type TExampleSite, type TLanguage } from "@shobai/shared";
import { ArrowRight, ExternalLink, LayoutTemplate } from "lucide-react";
import { Link } from "wouter";
import { InfoHero } from "@/components/info-hero";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useTranslation } from "@/lib/use-translation";
import { useExamples } from "../api/get-examples";

/** The two languages each card opens directly; the others are listed as small links. */
const MAIN_LANGUAGES = ["ja", "en"] as const satisfies readonly TLanguage[];

function exampleUrl(example: TExampleSite, lang: TLanguage): string {
  return `${example.path}${lang}/`;
}

function ExampleCard({ example }: { example: TExampleSite }) {
  const { t, i18n } = useTranslation(["examples", "websites"]);
  const tagline = example.taglines[i18n.resolvedLanguage as TLanguage] ?? example.tagline;
  const others = example.languages.filter((l) => !(MAIN_LANGUAGES as readonly string[]).includes(l));
  const newTab = (lang: TLanguage) =>
    t("examples:card.openLabel", { name: example.name, language: LANGUAGE_NATIVE_NAMES[lang] });
  return (
    <li
      className="flex h-full min-w-0 flex-col rounded-xl border border-border bg-background p-5 shadow-card sm:p-6"
      data-testid={`example-card-${example.industry}`}
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-primary">
        {t(`websites:categories.${example.industry}`)}
      </p>
      <h2 className="mt-2 text-lg font-bold" lang="ja">
        {example.name}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{tagline}</p>
      <figure className="mt-4 flex-1 rounded-lg bg-muted px-4 py-3">
        <figcaption className="text-xs font-medium text-muted-foreground">
          {t("examples:card.input")}
        </figcaption>
        <blockquote className="mt-1 text-sm leading-relaxed [word-break:normal]" lang="ja">
          {example.description}
        </blockquote>
      </figure>
      <div className="mt-4 flex flex-wrap gap-2">
        {MAIN_LANGUAGES.map((lang, i) => {
          const label =
            i === 0
              ? t("examples:card.view", { language: LANGUAGE_NATIVE_NAMES[lang] })
              : LANGUAGE_NATIVE_NAMES[lang];
          return (
            <Button key={lang} asChild size="sm" variant={i === 0 ? "default" : "outline"}>
              <a
                href={exampleUrl(example, lang)}
                target="_blank"
                rel="noopener"
                // The name starts with the words shown (WCAG 2.5.3), then says which site and where it opens.
                aria-label={i === 0 ? `${label} — ${newTab(lang)}` : newTab(lang)}
                data-testid={`example-link-${example.industry}-${lang}`}
              >
                {label}
                <ExternalLink aria-hidden />
              </a>
            </Button>
          );
        })}
      </div>
      {others.length > 0 ? (
        <p className="mt-3 text-xs text-muted-foreground">
          {t("examples:card.alsoIn")}{" "}
          {others.map((lang, i) => (
            <span key={lang}>
              {i > 0 ? " · " : null}
              <a
                href={exampleUrl(example, lang)}
                target="_blank"
                rel="noopener"
                lang={lang}
                aria-label={newTab(lang)}
                className="text-foreground underline-offset-2 hover:underline"
              >
                {LANGUAGE_NATIVE_NAMES[lang]}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </li>
  );
}

/**
 * /case-studies: example sites made by the built-in generator, one per industry. The businesses
 * are fictional and shown as such: no customers, no testimonials.
 */
export default function CaseStudiesPage() {
  const { t } = useTranslation("examples");
  const { data, isPending, isError, refetch } = useExamples();
  return (
    <div className="flex flex-col gap-10 sm:gap-12" data-testid="case-studies-page">
      <InfoHero icon={LayoutTemplate} eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />
      <Alert variant="info" role="note" className="mx-auto max-w-[48rem]">
        <p>
          <strong className="font-semibold">{t("how.title")}</strong> {t("how.text")}
        </p>
      </Alert>
      {isPending ? (
        <ul
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:gap-6"
          aria-label={t("loading")}
          aria-busy="true"
        >
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <Skeleton className="h-72 rounded-xl" />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <Alert variant="destructive" className="mx-auto max-w-[48rem] items-center justify-between">
          <p>{t("error")}</p>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t("retry")}
          </Button>
        </Alert>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:gap-6" data-testid="example-list">
          {data.map((example) => (
            <ExampleCard key={example.industry} example={example} />
          ))}
        </ul>
      )}
      <section className="rounded-2xl bg-brand-900 px-6 py-10 text-center text-white sm:px-10 sm:py-12">
        <h2 className="text-2xl font-bold sm:text-3xl">{t("cta.title")}</h2>
        <p className="mx-auto mt-3 max-w-[36rem] text-brand-100">{t("cta.description")}</p>
        <Button asChild size="lg" variant="secondary" className="mt-6">
          <Link href="/auth?mode=register" data-testid="examples-cta">
            {t("cta.button")}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </section>
    </div>
  );
}
