import { FileUp, SearchX, UserPlus, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useTranslation } from "@/lib/use-translation";

/** No contacts yet: say so and offer the two ways to get some (plus the website form). */
export function EmptyState({ onAdd, onImport }: { onAdd: () => void; onImport: () => void }) {
  const { t } = useTranslation("crm");
  return (
    <Card data-testid="crm-empty" className="flex flex-col items-center px-6 py-14 text-center sm:py-20">
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-brand-50 text-primary ring-1 ring-brand-100">
        <Users className="size-7" aria-hidden />
      </span>
      <h2 className="text-xl font-bold">{t("empty.title")}</h2>
      <p className="mt-2 max-w-[34em] text-sm text-muted-foreground">{t("empty.description")}</p>
      <div className="mt-6 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button onClick={onAdd} data-testid="crm-empty-add">
          <UserPlus aria-hidden />
          {t("actions.add")}
        </Button>
        <Button variant="outline" onClick={onImport} data-testid="crm-empty-import">
          <FileUp aria-hidden />
          {t("actions.importCsv")}
        </Button>
      </div>
      <p className="mt-6 max-w-[34em] text-xs text-muted-foreground">{t("empty.formHint")}</p>
    </Card>
  );
}

/** A search or filter that matches nothing: say so and offer to clear it. */
export function NoMatches({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation("crm");
  return (
    <Card data-testid="crm-no-matches" className="flex flex-col items-center px-6 py-12 text-center">
      <span className="mb-4 grid size-12 place-items-center rounded-xl bg-muted text-muted-foreground">
        <SearchX className="size-6" aria-hidden />
      </span>
      <p className="font-semibold">{t("list.noMatches")}</p>
      <p className="mt-1 text-sm text-muted-foreground">{t("list.noMatchesHint")}</p>
      <Button variant="outline" className="mt-5" onClick={onClear}>
        {t("list.clearFilters")}
      </Button>
    </Card>
  );
}
