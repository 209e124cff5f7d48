import { CalendarCheck, CreditCard, RotateCcw } from "lucide-react";
import { useTranslation } from "@/lib/use-translation";

const BADGES = [
  { key: "trial", icon: CalendarCheck },
  { key: "noCard", icon: CreditCard },
  { key: "cancel", icon: RotateCcw },
] as const;

/** 'Simple, Transparent Pricing' with the three promises every plan keeps (spec §2 Pricing). */
export function PricingHero() {
  const { t } = useTranslation("subscription");
  return (
    <section
      className="mx-auto flex max-w-[44rem] flex-col items-center text-center"
      data-testid="pricing-hero"
    >
      <h1 className="text-3xl font-bold sm:text-4xl">{t("pricing.title")}</h1>
      <p className="mt-4 text-base text-muted-foreground sm:text-lg">{t("pricing.subtitle")}</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-2">
        {BADGES.map(({ key, icon: Icon }) => (
          <li
            key={key}
            className="inline-flex items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800"
          >
            <Icon className="size-4" aria-hidden />
            {t(`pricing.badges.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
