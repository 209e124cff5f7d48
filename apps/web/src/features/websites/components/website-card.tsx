import { type TWebsite, websitePreviewPath } from "@shobai/shared";
import { LANGUAGE_NATIVE_NAMES } from "@shobai/shared/constants";
import { ExternalLink, Globe, Pencil } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { DemoWebsite } from "@/demo/websites";
import { useTranslation } from "@/lib/use-translation";
import { siteAddress } from "../site-address";
import { SiteThumbnail } from "./site-thumbnail";

type CardWebsite = TWebsite | DemoWebsite;

function isDemo(website: CardWebsite): website is DemoWebsite {
  return "status" in website && website.status === "active";
}

/**
 * One site in the grid (spec §2): name, template, status ('編集中' / '公開中', sample sites
 * 'Active'), its languages with the default marked, Edit and Preview.
 */
export function WebsiteCard({ website, onDemoAction }: { website: CardWebsite; onDemoAction?: () => void }) {
  const { t } = useTranslation("websites");
  const demo = isDemo(website);
  const address = siteAddress(website);
  const status = demo ? "active" : website.isPublished ? "published" : "editing";
  return (
    <Card
      data-testid="website-card"
      data-website-id={website.id}
      className="flex min-w-0 flex-col overflow-hidden"
    >
      <SiteThumbnail category={website.template} name={website.name} />
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="truncate text-base font-semibold" title={website.name}>
              {website.name}
            </h3>
            <p className="text-sm text-muted-foreground">
              {t(`categories.${website.businessType}`)}
              {website.source === "imported" ? ` · ${t("card.imported")}` : null}
            </p>
          </div>
          <Badge
            variant={status === "editing" ? "muted" : "success"}
            data-testid="website-status"
            className="shrink-0"
          >
            <span
              aria-hidden
              className={
                status === "editing"
                  ? "size-1.5 rounded-full bg-muted-foreground"
                  : "size-1.5 rounded-full bg-success"
              }
            />
            {t(`card.status.${status}`)}
          </Badge>
        </div>
        {address ? (
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
            <Globe className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{address}</span>
          </p>
        ) : null}
        <ul className="flex flex-wrap gap-1.5" aria-label={t("card.languages")}>
          {website.languages.map((language, index) => (
            <li key={language}>
              <Badge
                variant={index === 0 ? "secondary" : "outline"}
                title={index === 0 ? t("languages.defaultLong") : undefined}
                data-testid="website-language"
              >
                <span lang={language}>{LANGUAGE_NATIVE_NAMES[language]}</span>
                {index === 0 ? (
                  <span className="text-[0.6875rem] opacity-75">· {t("languages.default")}</span>
                ) : null}
              </Badge>
            </li>
          ))}
        </ul>
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          {demo ? (
            <Button variant="outline" onClick={onDemoAction} data-testid="website-edit">
              <Pencil aria-hidden />
              {t("card.edit")}
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link href={`/websites/${encodeURIComponent(website.id)}/edit`} data-testid="website-edit">
                <Pencil aria-hidden />
                {t("card.edit")}
              </Link>
            </Button>
          )}
          {demo ? (
            <Button variant="secondary" onClick={onDemoAction} data-testid="website-preview">
              <ExternalLink aria-hidden />
              {t("card.preview")}
            </Button>
          ) : (
            <Button asChild variant="secondary">
              <a
                href={websitePreviewPath(website.id)}
                target="_blank"
                rel="noopener"
                data-testid="website-preview"
              >
                <ExternalLink aria-hidden />
                {t("card.preview")}
                <span className="sr-only">{t("card.newTab")}</span>
              </a>
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

export function WebsiteCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="website-card-skeleton">
      <Skeleton className="aspect-[16/7] rounded-none" />
      <div className="flex flex-col gap-3 p-4 sm:p-5">
        <div className="flex justify-between gap-3">
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
          </div>
          <Skeleton className="h-5 w-14" />
        </div>
        <div className="flex gap-1.5">
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-6 w-16" />
        </div>
        <div className="grid grid-cols-2 gap-2 pt-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      </div>
    </Card>
  );
}
