import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { useTranslation } from "@/lib/use-translation";

const QUESTIONS = ["changePlan", "trialEnd", "cancel"] as const;

/** The three billing questions of the pricing page (spec §2 Pricing); the rest live on /faq. */
export function PricingFaq() {
  const { t } = useTranslation("subscription");
  return (
    <section
      aria-labelledby="pricing-faq-title"
      data-testid="pricing-faq"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-12"
    >
      <div>
        <h2 id="pricing-faq-title" className="text-2xl font-bold sm:text-3xl">
          {t("pricing.faq.title")}
        </h2>
        <p className="mt-3 text-muted-foreground">{t("pricing.faq.subtitle")}</p>
        <Link
          href="/faq"
          className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
          data-testid="pricing-faq-more"
        >
          {t("pricing.faq.more")}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <Accordion
        type="single"
        collapsible
        className="rounded-xl border border-border bg-background px-5 shadow-card sm:px-6"
      >
        {QUESTIONS.map((key) => (
          <AccordionItem key={key} value={key} data-testid={`pricing-faq-${key}`}>
            <AccordionTrigger>{t(`pricing.faq.items.${key}.q`)}</AccordionTrigger>
            <AccordionContent>{t(`pricing.faq.items.${key}.a`)}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
