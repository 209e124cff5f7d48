import { type TWebsite, websitePreviewPath } from "@shobai/shared";
import { LANGUAGE_NATIVE_NAMES } from "@shobai/shared/constants";
import { ArrowRight, ExternalLink, MonitorSmartphone, Settings2, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useTranslation } from "@/lib/use-translation";
import { useWebsites } from "@/queries/websites";

/** Spec §9: the dashboard lists the first three websites. */
const SHOWN = 3;

function WebsiteRow({ website }: { website: TWebsite }) {
  const { t } = useTranslation("dashboard");
  return (
    <li
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
      data-testid="dashboard-website"
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Link
            href={`/websites/${encodeURIComponent(website.id)}`}
            className="truncate font-semibold text-foreground no-underline hover:underline"
            title={website.name}
          >
            {website.name}
          </Link>
          <Badge variant={website.isPublished ? "success" : "muted"} data-testid="dashboard-website-status">
            <span
              aria-hidden
              className={
                website.isPublished
                  ? "size-1.5 rounded-full bg-success"
                  : "size-1.5 rounded-full bg-muted-foreground"
              }
            />
            {t(website.isPublished ? "recent.published" : "recent.editing")}
          </Badge>
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label={t("recent.languages")}>
          {website.languages.map((language, index) => (
            <li key={language}>
              <Badge variant={index === 0 ? "secondary" : "outline"}>
                <span lang={language}>{LANGUAGE_NATIVE_NAMES[language]}</span>
              </Badge>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button asChild variant="outline" size="sm">
          <Link href={`/websites/${encodeURIComponent(website.id)}`} data-testid="dashboard-website-settings">
            <Settings2 aria-hidden />
            {t("recent.settings")}
          </Link>
        </Button>
        <Button asChild variant="secondary" size="sm">
          <a
            href={websitePreviewPath(website.id)}
            target="_blank"
            rel="noopener"
            data-testid="dashboard-website-preview"
          >
            <ExternalLink aria-hidden />
            {t("recent.preview")}
            <span className="sr-only">{t("recent.newTab")}</span>
          </a>
        </Button>
      </div>
    </li>
  );
}

function RowsSkeleton() {
  return (
    <ul className="flex flex-col divide-y divide-border" data-testid="dashboard-recent-skeleton">
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex items-center justify-between gap-3 py-4 first:pt-0 last:pb-0">
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-28" />
          </div>
          <Skeleton className="hidden h-8 w-40 sm:block" />
        </li>
      ))}
    </ul>
  );
}

function Empty() {
  const { t } = useTranslation("dashboard");
  return (
    <div
      className="flex flex-col items-center rounded-lg border border-dashed border-input px-6 py-10 text-center"
      data-testid="dashboard-recent-empty"
    >
      <span className="mb-4 grid size-12 place-items-center rounded-xl bg-brand-50 text-primary">
        <MonitorSmartphone className="size-6" aria-hidden />
      </span>
      <p className="max-w-[28em] text-sm text-muted-foreground">{t("recent.empty")}</p>
      <Button asChild className="mt-5">
        <Link href="/websites">
          <Sparkles aria-hidden />
          {t("quickActions.websites")}
        </Link>
      </Button>
    </div>
  );
}

/** Spec §2: the first three websites with their status and languages, or how to make the first. */
export function RecentWebsites() {
  const { t } = useTranslation("dashboard");
  const websites = useWebsites({ enabled: true });
  const list = websites.data ?? [];

  const body = () => {
    if (websites.isLoading) return <RowsSkeleton />;
    if (websites.isError) {
      return (
        <Alert variant="destructive" className="items-center justify-between">
          <span>{t("recent.loadFailed")}</span>
          <Button variant="outline" size="sm" onClick={() => void websites.refetch()}>
            {t("retry")}
          </Button>
        </Alert>
      );
    }
    if (list.length === 0) return <Empty />;
    return (
      <ul className="flex flex-col divide-y divide-border">
        {list.slice(0, SHOWN).map((website) => (
          <WebsiteRow key={website.id} website={website} />
        ))}
      </ul>
    );
  };

  return (
    <Card data-testid="dashboard-recent-websites">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>{t("recent.title")}</CardTitle>
        {list.length > 0 ? (
          <Link
            href="/websites"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary no-underline hover:underline"
          >
            {t("recent.all", { total: list.length })}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>{body()}</CardContent>
    </Card>
  );
}
