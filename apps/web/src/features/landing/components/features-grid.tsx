import {
  ChartColumn,
  Globe,
  Languages,
  type LucideIcon,
  Mail,
  MonitorSmartphone,
  PencilLine,
  Users,
} from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";

/**
 * The seven things the product does (spec §2 Landing page), in the order a shop owner meets them.
 * `comingSoon` marks a card whose feature is not live yet, so the grid never promises it.
 */
export const FEATURES: { key: string; icon: LucideIcon; comingSoon?: boolean }[] = [
  { key: "ai", icon: MonitorSmartphone },
  { key: "crm", icon: Users },
  { key: "email", icon: Mail },
  { key: "editor", icon: PencilLine },
  { key: "domain", icon: Globe },
  { key: "multilingual", icon: Languages },
  { key: "analytics", icon: ChartColumn },
];

/** The features grid, `#features` anchor target of the footer and header links. */
export function FeaturesGrid() {
  const { t } = useTranslation("landing");
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="mx-auto max-w-[1200px] scroll-mt-20 px-4 py-16 sm:px-6 sm:py-24"
    >
      <div className="max-w-[40em]">
        <p className="text-sm font-semibold text-primary">{t("features.eyebrow")}</p>
        <h2 id="features-title" className="mt-2 text-3xl font-bold text-foreground sm:text-4xl">
          {t("features.title")}
        </h2>
        <p className="mt-4 text-base text-muted-foreground">{t("features.subtitle")}</p>
      </div>
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="feature-grid">
        {FEATURES.map(({ key, icon: Icon, comingSoon }) => (
          <li
            key={key}
            data-testid={`feature-card-${key}`}
            className={cn(
              "flex flex-col rounded-xl border border-border bg-background p-6 shadow-card",
              // The lead feature takes two cells, so seven cards fill two rows of four.
              key === "ai" && "border-brand-200 bg-brand-50/60 sm:col-span-2",
            )}
          >
            <div className="mb-4 flex items-start justify-between gap-3">
              <span
                className={cn(
                  "grid size-10 place-items-center rounded-xl text-primary",
                  key === "ai" ? "bg-background" : "bg-brand-50",
                )}
              >
                <Icon className="size-5" aria-hidden />
              </span>
              {comingSoon ? (
                <Badge variant="muted" data-testid={`feature-coming-soon-${key}`}>
                  {t("features.comingSoon")}
                </Badge>
              ) : null}
            </div>
            <h3 className="text-base font-semibold text-foreground">{t(`features.items.${key}.title`)}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{t(`features.items.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
