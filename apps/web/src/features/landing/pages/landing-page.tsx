import { ArrowRight } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";
import { FeaturesGrid } from "../components/features-grid";
import { ProductPreview } from "../components/product-preview";
import { LANDING_SECTIONS_ATTRIBUTE, loadLandingSections } from "../deferred-sections";

const LandingSections = lazy(loadLandingSections);

/**
 * `/` for signed-out visitors (spec §2): the hero with its start button, the seven features, then
 * (in a chunk of their own) the AI demo, the dashboard preview and the plans.
 */
export default function LandingPage() {
  const { t } = useTranslation("landing");
  // Arriving from another page's "/#features" link: the grid was not there yet when the browser
  // looked for the anchor, so scroll to it once it is.
  useEffect(() => {
    if (window.location.hash === "#features") document.getElementById("features")?.scrollIntoView();
  }, []);
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
                <Link href="/auth?mode=register" data-testid="hero-start">
                  {t("hero.start")}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link href="/auth?mode=login">{t("hero.login")}</Link>
              </Button>
            </div>
          </div>
          <ProductPreview />
        </div>
      </section>
      <FeaturesGrid />
      <div {...{ [LANDING_SECTIONS_ATTRIBUTE]: "" }}>
        <Suspense
          fallback={<div className="min-h-[60rem]" aria-busy="true" data-testid="landing-sections-loading" />}
        >
          <LandingSections />
        </Suspense>
      </div>
    </div>
  );
}
