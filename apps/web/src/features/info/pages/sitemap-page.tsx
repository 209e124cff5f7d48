import { Network } from "lucide-react";
import { Link } from "wouter";
import { InfoHero } from "@/components/info-hero";
import { useTranslation } from "@/lib/use-translation";
import { AccessBadge } from "../components/access-badge";
import { SITEMAP_GROUPS, type SitemapAccess, type SitemapEntry } from "../sitemap-data";

const LEGEND: readonly SitemapAccess[] = ["public", "login", "enterprise", "external"];

function EntryLink({ entry, children }: { entry: SitemapEntry; children: React.ReactNode }) {
  const className = "font-medium text-foreground no-underline hover:text-primary hover:underline";
  if (entry.access === "external") {
    return (
      <a href={entry.href} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link href={entry.href} className={className}>
      {children}
    </Link>
  );
}

/** /sitemap (spec §2): every page, grouped, with who may open it. */
export default function SitemapPage() {
  const { t } = useTranslation("info");
  return (
    <div className="flex flex-col gap-10 sm:gap-12" data-testid="sitemap-page">
      <InfoHero icon={Network} title={t("sitemap.title")} lead={t("sitemap.lead")} />
      <section aria-labelledby="sitemap-legend" className="mx-auto w-full max-w-[56rem]">
        <h2 id="sitemap-legend" className="sr-only">
          {t("sitemap.legendTitle")}
        </h2>
        <dl className="grid gap-3 rounded-xl border border-border bg-background p-4 text-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-4">
          {LEGEND.map((access) => (
            <div key={access} className="flex flex-col items-start gap-1">
              <dt>
                <AccessBadge access={access} />
              </dt>
              <dd className="text-muted-foreground">{t(`sitemap.legend.${access}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {/* Columns, not a grid: groups of different lengths pack without gaps. */}
      <div className="columns-1 gap-6 md:columns-2 xl:columns-3">
        {SITEMAP_GROUPS.map((group) => (
          <section
            key={group.id}
            aria-labelledby={`sitemap-${group.id}`}
            className="mb-6 break-inside-avoid rounded-xl border border-border bg-background p-5 shadow-card sm:p-6"
            data-testid={`sitemap-group-${group.id}`}
          >
            <h2 id={`sitemap-${group.id}`} className="text-lg font-semibold">
              {t(`sitemap.groups.${group.id}`)}
            </h2>
            <ul className="mt-3 divide-y divide-border">
              {group.entries.map((entry) => (
                <li key={entry.id} className="py-3" data-testid={`sitemap-entry-${entry.id}`}>
                  <div className="flex items-start justify-between gap-3">
                    <EntryLink entry={entry}>{t(`sitemap.pages.${entry.id}.title`)}</EntryLink>
                    <AccessBadge access={entry.access} className="mt-0.5" />
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {t(`sitemap.pages.${entry.id}.description`)}
                  </p>
                  {entry.demo ? <p className="mt-0.5 text-xs text-primary">{t("sitemap.demo")}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
