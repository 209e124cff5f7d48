import { ArrowRight, GraduationCap } from "lucide-react";
import { Link } from "wouter";
import { InfoHero } from "@/components/info-hero";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";

/** One screenshot, taken by scripts/tutorial-screenshots.ts at 1280×800. */
interface Shot {
  file: string;
  alt: string;
}

interface Guide {
  id: string;
  key: "firstWebsite" | "importContacts" | "firstCampaign" | "domain";
  steps: string[];
  shots: Shot[];
}

export const GUIDES: Guide[] = [
  {
    id: "first-website",
    key: "firstWebsite",
    steps: ["open", "describe", "languages", "generate", "open_site"],
    shots: [
      { file: "website-1-describe", alt: "describe" },
      { file: "website-2-generated", alt: "generated" },
      { file: "website-3-site", alt: "site" },
    ],
  },
  {
    id: "import-contacts",
    key: "importContacts",
    steps: ["prepare", "open", "report", "done"],
    shots: [
      { file: "contacts-1-crm", alt: "crm" },
      { file: "contacts-2-report", alt: "report" },
      { file: "contacts-3-list", alt: "list" },
    ],
  },
  {
    id: "first-campaign",
    key: "firstCampaign",
    steps: ["verify", "confirm", "create", "start"],
    shots: [
      { file: "campaign-1-verify", alt: "verify" },
      { file: "campaign-2-create", alt: "create" },
      { file: "campaign-3-started", alt: "started" },
    ],
  },
  {
    id: "connect-domain",
    key: "domain",
    steps: ["address", "search", "register", "connect", "dns", "verify"],
    shots: [
      { file: "domain-1-address", alt: "address" },
      { file: "domain-2-search", alt: "search" },
      { file: "domain-3-connection", alt: "connection" },
    ],
  },
];

function GuideSection({ guide, index }: { guide: Guide; index: number }) {
  const { t } = useTranslation("tutorials");
  const base = `guides.${guide.key}`;
  return (
    <section
      id={guide.id}
      aria-labelledby={`${guide.id}-title`}
      className="scroll-mt-24 rounded-2xl border border-border bg-background p-5 shadow-card sm:p-8"
      data-testid="tutorial-guide"
    >
      <p className="text-sm font-semibold text-primary">{String(index + 1).padStart(2, "0")}</p>
      <h2 id={`${guide.id}-title`} className="mt-1 text-2xl font-bold">
        {t(`${base}.title`)}
      </h2>
      <p className="mt-2 text-muted-foreground">{t(`${base}.intro`)}</p>
      <h3 className="sr-only">{t("stepsLabel")}</h3>
      <ol className="mt-5 flex flex-col gap-3">
        {guide.steps.map((step, i) => (
          <li key={step} className="flex gap-3">
            <span
              aria-hidden
              className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
            >
              {i + 1}
            </span>
            <div className="min-w-0 pt-0.5 leading-relaxed">
              <p>{t(`${base}.steps.${step}`)}</p>
              {guide.key === "domain" && step === "address" ? (
                <ul className="mt-2 flex flex-col gap-1 text-sm">
                  <li>
                    <code className="break-all rounded bg-muted px-1.5 py-0.5">
                      {t("guides.domain.slug")}.{t("guides.domain.sitesDomain")}
                    </code>
                  </li>
                </ul>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {guide.key === "firstCampaign" ? (
        <Alert variant="info" role="note" className="mt-5">
          <p>{t("guides.firstCampaign.note")}</p>
        </Alert>
      ) : null}
      <div className={`mt-6 grid gap-4 ${guide.shots.length > 1 ? "lg:grid-cols-2" : ""}`}>
        {guide.shots.map((shot, i) => (
          <figure key={shot.file} className="min-w-0">
            <img
              src={`/tutorials/${shot.file}.jpg`}
              alt={t(`${base}.images.${shot.alt}`)}
              width={1280}
              height={800}
              loading="lazy"
              decoding="async"
              className="h-auto w-full rounded-lg border border-border bg-muted"
              data-testid="tutorial-image"
            />
            <figcaption className="mt-2 text-xs text-muted-foreground">
              {t("figureLabel", { number: `${index + 1}-${i + 1}` })}: {t(`${base}.images.${shot.alt}`)}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

/** /tutorials: four step-by-step guides with screenshots of the real product. */
export default function TutorialsPage() {
  const { t } = useTranslation("tutorials");
  return (
    <div className="flex flex-col gap-10 sm:gap-12" data-testid="tutorials-page">
      <InfoHero icon={GraduationCap} eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />
      <nav
        aria-label={t("toc.label")}
        className="mx-auto w-full max-w-[48rem] rounded-xl bg-muted px-5 py-4"
        data-testid="tutorials-toc"
      >
        <h2 className="text-sm font-semibold">{t("toc.title")}</h2>
        <ol className="mt-2 grid gap-1 sm:grid-cols-2">
          {GUIDES.map((guide, i) => (
            <li key={guide.id}>
              <a href={`#${guide.id}`} className="text-primary underline-offset-4 hover:underline">
                {i + 1}. {t(`guides.${guide.key}.title`)}
              </a>
            </li>
          ))}
        </ol>
        <p className="mt-3 text-xs text-muted-foreground">{t("screenshotNote")}</p>
      </nav>
      <div className="mx-auto flex w-full max-w-[64rem] flex-col gap-8">
        {GUIDES.map((guide, i) => (
          <GuideSection key={guide.id} guide={guide} index={i} />
        ))}
      </div>
      <section className="rounded-2xl bg-brand-900 px-6 py-10 text-center text-white sm:px-10 sm:py-12">
        <h2 className="text-2xl font-bold sm:text-3xl">{t("cta.title")}</h2>
        <p className="mx-auto mt-3 max-w-[36rem] text-brand-100">{t("cta.description")}</p>
        <Button asChild size="lg" variant="secondary" className="mt-6">
          <Link href="/auth?mode=register" data-testid="tutorials-cta">
            {t("cta.button")}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </section>
    </div>
  );
}
