import type { TPaidPlanId } from "@shobai/shared/constants";
import { Suspense, useState } from "react";
import { useLocation } from "wouter";
import { PlanGrid } from "@/components/plans/plan-grid";
import { Button } from "@/components/ui/button";
import { onDemand } from "@/lib/on-demand";
import { useTranslation } from "@/lib/use-translation";
import { useSubscriptionStatus } from "@/queries/subscription-status";
import { useUser } from "@/queries/user";
import { PlanComparison } from "../components/plan-comparison";
import { PricingFaq } from "../components/pricing-faq";
import { PricingHero } from "../components/pricing-hero";
import { TrustRow } from "../components/trust-row";
import { useCheckoutReturn } from "../hooks/use-checkout-return";
import { useSelectPlan } from "../hooks/use-select-plan";

// The sign-up dialog (a form with its selects) loads when the visitor reaches for its button, not
// with the page: most visitors read the plans first.
const { Component: SignupDialog, preloadProps: signupPreload } = onDemand(() =>
  import("@/components/signup/signup-dialog").then((m) => m.SignupDialog),
);

/**
 * /pricing (spec §2 Pricing), public: the hero, the plan cards, the trust row, the feature
 * comparison and a three-question FAQ. Select Plan sends visitors to /auth; a signed-in owner goes
 * straight to checkout (spec §4).
 */
export default function PricingPage() {
  const { t } = useTranslation(["subscription", "auth"]);
  const [, navigate] = useLocation();
  const { user, isLoading } = useUser();
  const signedIn = user !== null;
  useCheckoutReturn();
  // Signed in, the cards know the running plan: no checkout for it or for a downgrade.
  const status = useSubscriptionStatus({ enabled: signedIn });
  const { select, pendingPlan } = useSelectPlan();
  const [signupOpen, setSignupOpen] = useState(false);
  const [signupWanted, setSignupWanted] = useState(false);

  const onSelect = (planId: TPaidPlanId) => {
    if (isLoading) return;
    if (!signedIn) {
      navigate("/auth?mode=register");
      return;
    }
    select(planId);
  };

  const current = signedIn && status.data ? { plan: status.data.plan, access: status.data.access } : null;
  return (
    <div className="flex flex-col gap-12 sm:gap-16" data-testid="pricing">
      <PricingHero />
      <section aria-labelledby="pricing-plans-title">
        {/* The cards' plan names are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
        <h2 id="pricing-plans-title" className="sr-only">
          {t("pricing.plansLabel")}
        </h2>
        <PlanGrid current={current} pendingPlan={pendingPlan} onSelect={onSelect} />
        <ul
          className="mx-auto mt-6 grid max-w-[48rem] gap-1.5 text-center text-sm text-muted-foreground"
          data-testid="pricing-notes"
        >
          <li data-testid="pricing-tax-note">{t("pricing.notes.tax")}</li>
          <li data-testid="pricing-domain-note">{t("pricing.notes.domains")}</li>
          <li data-testid="pricing-trial-note">{t("pricing.notes.trialUpgrade")}</li>
        </ul>
        {!isLoading && !signedIn ? (
          <div className="mt-8 flex flex-col items-center gap-2">
            <Button
              size="lg"
              {...signupPreload}
              onClick={() => {
                setSignupWanted(true);
                setSignupOpen(true);
              }}
              data-testid="pricing-signup"
            >
              {t("auth:signup.cta")}
            </Button>
            <p className="text-sm text-muted-foreground">{t("auth:signup.ctaNote")}</p>
          </div>
        ) : null}
      </section>
      {signupWanted ? (
        <Suspense fallback={null}>
          <SignupDialog open={signupOpen} onOpenChange={setSignupOpen} />
        </Suspense>
      ) : null}
      <TrustRow />
      <PlanComparison />
      <PricingFaq />
    </div>
  );
}
