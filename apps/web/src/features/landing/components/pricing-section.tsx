import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { PlanGrid } from "@/components/plans/plan-grid";
import { Button } from "@/components/ui/button";
import { hardNavigate } from "@/lib/navigation";
import { useTranslation } from "@/lib/use-translation";

function toLogin() {
  hardNavigate("/api/login");
}

/**
 * Pricing on the landing page (spec §2): the four plans from GET /api/subscription/plans, with
 * the call to action (and each plan's button) going to /api/login. /pricing has the full detail.
 */
export function PricingSection() {
  const { t } = useTranslation("landing");
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="border-t border-border bg-muted/40"
      data-testid="landing-pricing"
    >
      <div className="mx-auto max-w-[1200px] px-4 py-16 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-[40em] text-center">
          <p className="text-sm font-semibold text-primary">{t("pricing.eyebrow")}</p>
          <h2 id="pricing-title" className="mt-2 text-3xl font-bold text-foreground sm:text-4xl">
            {t("pricing.title")}
          </h2>
          <p className="mt-4 text-base text-muted-foreground">{t("pricing.subtitle")}</p>
        </div>
        <div className="mt-10">
          <PlanGrid current={null} pendingPlan={null} onSelect={toLogin} />
        </div>
        <div className="mt-10 flex flex-col items-center gap-3 text-center">
          <Button size="lg" data-testid="pricing-cta" onClick={toLogin}>
            {t("pricing.cta")}
            <ArrowRight aria-hidden />
          </Button>
          <p className="text-sm text-muted-foreground">
            {t("pricing.note")}{" "}
            <Link href="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
              {t("pricing.compare")}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
