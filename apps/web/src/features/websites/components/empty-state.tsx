import { MonitorSmartphone } from "lucide-react";
import { Card } from "@/components/ui/card";
import { useTranslation } from "@/lib/use-translation";

/** Signed in, no sites yet: say what the form above does and how long it takes. */
export function EmptyState() {
  const { t } = useTranslation("websites");
  return (
    <Card
      data-testid="websites-empty"
      className="flex flex-col items-center border-dashed px-6 py-12 text-center shadow-none sm:py-16"
    >
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-brand-50 text-primary ring-1 ring-brand-100">
        <MonitorSmartphone className="size-7" aria-hidden />
      </span>
      <h3 className="text-lg font-bold">{t("empty.title")}</h3>
      <p className="mt-2 max-w-[34em] text-sm text-muted-foreground">{t("empty.description")}</p>
    </Card>
  );
}
