import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";

/** The closing call to action of the marketing pages: the free trial, or a question first. */
export function CtaBand() {
  const { t } = useTranslation("info");
  return (
    <section className="rounded-2xl bg-brand-900 px-6 py-10 text-center text-white sm:px-10 sm:py-12">
      <h2 className="text-2xl font-bold sm:text-3xl">{t("cta.title")}</h2>
      <p className="mx-auto mt-3 max-w-[36rem] text-brand-100">{t("cta.description")}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg" variant="secondary">
          <Link href="/auth?mode=register">
            {t("cta.start")}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-brand-300 bg-transparent text-white hover:bg-brand-800"
        >
          <Link href="/contact">{t("cta.contact")}</Link>
        </Button>
      </div>
    </section>
  );
}
