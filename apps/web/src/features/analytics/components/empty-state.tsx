import { ChartColumn, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useTranslation } from "@/lib/use-translation";

/** Spec §2: signed in without any website, there is nothing to measure yet. */
export function EmptyState() {
  const { t } = useTranslation("analytics");
  return (
    <Card
      data-testid="analytics-empty"
      className="flex flex-col items-center border-dashed px-6 py-12 text-center shadow-none sm:py-16"
    >
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-brand-50 text-primary ring-1 ring-brand-100">
        <ChartColumn className="size-7" aria-hidden />
      </span>
      <h2 className="text-lg font-bold">{t("empty.title")}</h2>
      <p className="mt-2 max-w-[34em] text-sm text-muted-foreground">{t("empty.description")}</p>
      <Button asChild className="mt-6">
        <Link href="/websites" data-testid="analytics-empty-create">
          <Sparkles aria-hidden />
          {t("empty.action")}
        </Link>
      </Button>
    </Card>
  );
}
