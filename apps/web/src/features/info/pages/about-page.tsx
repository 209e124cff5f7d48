import { Building2, Eye, HeartHandshake, Languages, type LucideIcon, ShieldCheck } from "lucide-react";
import { InfoHero } from "@/components/info-hero";
import { useTranslation } from "@/lib/use-translation";
import { CtaBand } from "../components/cta-band";

const PRINCIPLES: readonly { id: string; icon: LucideIcon }[] = [
  { id: "local", icon: Languages },
  { id: "honest", icon: Eye },
  { id: "privacy", icon: ShieldCheck },
  { id: "yours", icon: HeartHandshake },
];

const AUDIENCE = ["shops", "professionals", "freelancers", "agencies"] as const;

/** /about: why Shobai exists, how it works, what it holds to. No invented figures or customers. */
export default function AboutPage() {
  const { t } = useTranslation("info");
  return (
    <div className="flex flex-col gap-12 sm:gap-16" data-testid="about-page">
      <InfoHero
        icon={Building2}
        eyebrow={t("about.eyebrow")}
        title={t("about.title")}
        lead={t("about.lead")}
      />
      <section aria-labelledby="about-story" className="mx-auto grid w-full max-w-[44rem] gap-4">
        <h2 id="about-story" className="text-2xl font-semibold">
          {t("about.story.title")}
        </h2>
        <p className="text-base">{t("about.story.p1")}</p>
        <p className="text-base">{t("about.story.p2")}</p>
        <p className="text-base">{t("about.story.p3")}</p>
      </section>
      <section aria-labelledby="about-principles">
        <h2 id="about-principles" className="text-center text-2xl font-semibold">
          {t("about.principles.title")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PRINCIPLES.map(({ id, icon: Icon }) => (
            <li key={id} className="rounded-xl border border-border bg-background p-5 shadow-card">
              <span className="grid size-10 place-items-center rounded-lg bg-brand-50 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-3 text-base font-semibold">{t(`about.principles.${id}.title`)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{t(`about.principles.${id}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="about-audience" className="mx-auto w-full max-w-[56rem]">
        <h2 id="about-audience" className="text-center text-2xl font-semibold">
          {t("about.audience.title")}
        </h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {AUDIENCE.map((id) => (
            <li key={id} className="rounded-xl bg-background p-5 ring-1 ring-border">
              <h3 className="text-base font-semibold">{t(`about.audience.${id}.title`)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{t(`about.audience.${id}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <CtaBand />
    </div>
  );
}
