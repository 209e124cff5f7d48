import { Building2, ExternalLink, Globe, LockKeyhole, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";
import type { SitemapAccess } from "../sitemap-data";

const STYLES: Record<SitemapAccess, { icon: LucideIcon; className: string }> = {
  public: { icon: Globe, className: "bg-success-soft text-success" },
  login: { icon: LockKeyhole, className: "bg-brand-50 text-brand-800" },
  enterprise: { icon: Building2, className: "bg-warning-soft text-[#7a4b00]" },
  external: { icon: ExternalLink, className: "bg-muted text-muted-foreground" },
};

/** One of the sitemap's four access badges. */
export function AccessBadge({ access, className }: { access: SitemapAccess; className?: string }) {
  const { t } = useTranslation("info");
  const { icon: Icon, className: tone } = STYLES[access];
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-medium leading-5",
        tone,
        className,
      )}
      data-testid={`access-${access}`}
    >
      <Icon className="size-3.5" aria-hidden />
      {t(`sitemap.access.${access}`)}
    </span>
  );
}
