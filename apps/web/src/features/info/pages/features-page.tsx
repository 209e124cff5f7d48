import {
  ChartColumn,
  Check,
  CloudDownload,
  CreditCard,
  Globe,
  type LucideIcon,
  Mail,
  Rocket,
  Sparkles,
  Users,
} from "lucide-react";
import { InfoHero } from "@/components/info-hero";
import { Badge } from "@/components/ui/badge";
import { useTranslation } from "@/lib/use-translation";
import { CtaBand } from "../components/cta-band";

/** Each feature and how many points it lists under `info:features.items.<id>.points`. */
const FEATURES: readonly { id: string; icon: LucideIcon; points: number; soon?: boolean }[] = [
  { id: "aiWebsites", icon: Sparkles, points: 4 },
  { id: "import", icon: CloudDownload, points: 3 },
  { id: "hosting", icon: Rocket, points: 3 },
  { id: "crm", icon: Users, points: 4 },
  { id: "email", icon: Mail, points: 4 },
  { id: "analytics", icon: ChartColumn, points: 3 },
  { id: "plans", icon: CreditCard, points: 3 },
  { id: "domains", icon: Globe, points: 3 },
];

/** /features: what the product does today, and honestly what is still coming. */
export default function FeaturesPage() {
  const { t } = useTranslation("info");
  return (
    <div className="flex flex-col gap-12 sm:gap-16" data-testid="features-page">
      <InfoHero
        icon={Sparkles}
        eyebrow={t("features.eyebrow")}
        title={t("features.title")}
        lead={t("features.lead")}
      />
      <section aria-labelledby="features-loop-title" className="mx-auto w-full max-w-[56rem]">
        <h2 id="features-loop-title" className="text-center text-xl font-semibold sm:text-2xl">
          {t("features.loop.title")}
        </h2>
        <ol className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[1, 2, 3, 4].map((step) => (
            <li key={step} className="rounded-xl border border-border bg-background p-4 text-sm shadow-card">
              <span className="grid size-7 place-items-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
                {step}
              </span>
              <p className="mt-2 font-semibold">{t(`features.loop.step${step}.title`)}</p>
              <p className="mt-1 text-muted-foreground">{t(`features.loop.step${step}.description`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <div className="grid gap-5 md:grid-cols-2">
        {FEATURES.map(({ id, icon: Icon, points, soon }) => (
          <section
            key={id}
            aria-labelledby={`feature-${id}`}
            className="flex flex-col rounded-xl border border-border bg-background p-6 shadow-card sm:p-7"
            data-testid={`feature-${id}`}
          >
            <div className="flex items-start justify-between gap-3">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              {soon ? <Badge variant="muted">{t("features.soon")}</Badge> : null}
            </div>
            <h2 id={`feature-${id}`} className="mt-4 text-xl font-semibold">
              {t(`features.items.${id}.title`)}
            </h2>
            <p className="mt-2 text-muted-foreground">{t(`features.items.${id}.description`)}</p>
            <ul className="mt-4 grid gap-2 text-sm">
              {Array.from({ length: points }, (_, i) => i + 1).map((n) => (
                <li key={n} className="flex gap-2">
                  <Check className="mt-1 size-4 shrink-0 text-success" aria-hidden />
                  <span>{t(`features.items.${id}.points.p${n}`)}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <CtaBand />
    </div>
  );
}
