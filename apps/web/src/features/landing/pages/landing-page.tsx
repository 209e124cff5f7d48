import { ArrowRight, ChartColumn, Mail, MonitorSmartphone, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ProductPreview } from "../components/product-preview";

const HIGHLIGHTS = [
  { key: "ai", icon: MonitorSmartphone },
  { key: "crm", icon: Users },
  { key: "email", icon: Mail },
  { key: "analytics", icon: ChartColumn },
];

/** `/` for anonymous visitors: the hero with its start button (the full landing page comes later). */
export default function LandingPage() {
  const { t } = useTranslation("landing");
  return (
    <div data-testid="landing">
      <section className="relative overflow-hidden border-b border-border bg-background">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,var(--color-brand-100),transparent_60%)]"
        />
        <div className="relative mx-auto grid max-w-[1200px] items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] lg:py-28">
          <div>
            <Badge variant="secondary" className="mb-6">
              {t("hero.badge")}
            </Badge>
            <h1 className="max-w-[14em] text-4xl font-bold text-foreground sm:text-5xl">{t("hero.title")}</h1>
            <p className="mt-6 max-w-[38em] text-base text-muted-foreground sm:text-lg">
              {t("hero.subtitle")}
            </p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link href="/auth" data-testid="hero-start">
                  {t("hero.start")}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link href="/auth">{t("hero.login")}</Link>
              </Button>
            </div>
          </div>
          <ProductPreview />
        </div>
      </section>
      <section className="mx-auto grid max-w-[1200px] gap-4 px-4 py-16 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        {HIGHLIGHTS.map(({ key, icon: Icon }) => (
          <Card key={key} className="p-6">
            <span className="mb-4 grid size-10 place-items-center rounded-xl bg-brand-50 text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <h2 className="text-base font-semibold">{t(`highlights.${key}.title`)}</h2>
            <p className="mt-2 text-sm text-muted-foreground">{t(`highlights.${key}.body`)}</p>
          </Card>
        ))}
      </section>
    </div>
  );
}
