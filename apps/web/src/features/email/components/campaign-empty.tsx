import { MailPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useTranslation } from "@/lib/use-translation";

/** No campaigns yet (spec §8: 'まだキャンペーンがありません'): say so and offer the next step. */
export function CampaignEmpty({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation("email");
  return (
    <Card data-testid="campaign-empty" className="flex flex-col items-center px-6 py-14 text-center sm:py-16">
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-brand-50 text-primary ring-1 ring-brand-100">
        <MailPlus className="size-7" aria-hidden />
      </span>
      <h2 className="text-xl font-bold">{t("empty.title")}</h2>
      <p className="mt-2 max-w-[34em] text-sm text-muted-foreground">{t("empty.description")}</p>
      <Button className="mt-6 w-full sm:w-auto" onClick={onCreate} data-testid="campaign-empty-create">
        <MailPlus aria-hidden />
        {t("empty.action")}
      </Button>
    </Card>
  );
}
