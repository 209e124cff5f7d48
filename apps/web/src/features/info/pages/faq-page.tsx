import { MessageCircleQuestion } from "lucide-react";
import { Link } from "wouter";
import { InfoHero } from "@/components/info-hero";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";
import { FAQ_CATEGORIES } from "../faq-data";

/** /faq (spec §2 FAQ, §9): six categories of questions, each answer in an accordion. */
export default function FaqPage() {
  const { t } = useTranslation("info");
  return (
    <div className="flex flex-col gap-10 sm:gap-14" data-testid="faq-page">
      <InfoHero icon={MessageCircleQuestion} title={t("faq.title")} lead={t("faq.lead")} />
      <div className="grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-12">
        <nav aria-label={t("faq.categoriesLabel")} className="lg:sticky lg:top-24 lg:self-start">
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {FAQ_CATEGORIES.map(({ id, icon: Icon }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-flex items-center gap-2 rounded-full border border-border bg-background px-3 py-1.5 text-sm font-medium text-foreground no-underline hover:border-brand-300 hover:text-primary lg:w-full lg:rounded-lg lg:border-transparent lg:bg-transparent lg:px-3 lg:py-2 lg:hover:bg-background"
                >
                  <Icon className="size-4 text-primary" aria-hidden />
                  {t(`faq.categories.${id}.title`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-8">
          {FAQ_CATEGORIES.map(({ id, icon: Icon, questions }) => (
            <section
              key={id}
              id={id}
              aria-labelledby={`faq-${id}-title`}
              className="scroll-mt-24 rounded-xl border border-border bg-background px-5 pt-5 pb-1 shadow-card sm:px-7 sm:pt-6"
              data-testid={`faq-category-${id}`}
            >
              <h2 id={`faq-${id}-title`} className="flex items-center gap-2.5 text-xl font-semibold">
                <span className="grid size-8 place-items-center rounded-lg bg-brand-50 text-primary">
                  <Icon className="size-4" aria-hidden />
                </span>
                {t(`faq.categories.${id}.title`)}
              </h2>
              <Accordion type="multiple" className="mt-2">
                {questions.map((q) => (
                  <AccordionItem key={q} value={q}>
                    <AccordionTrigger>{t(`faq.categories.${id}.items.${q}.q`)}</AccordionTrigger>
                    <AccordionContent>{t(`faq.categories.${id}.items.${q}.a`)}</AccordionContent>
                  </AccordionItem>
                ))}
              </Accordion>
            </section>
          ))}
          <section className="flex flex-col items-start gap-4 rounded-xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
            <div>
              <h2 className="text-lg font-semibold">{t("faq.more.title")}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{t("faq.more.description")}</p>
            </div>
            <Button asChild>
              <Link href="/contact">{t("faq.more.action")}</Link>
            </Button>
          </section>
        </div>
      </div>
    </div>
  );
}
