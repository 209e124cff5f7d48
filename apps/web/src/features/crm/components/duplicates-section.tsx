import type { TContact } from "@shobai/shared";
import { Users } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";
import { useDuplicates } from "../api/get-duplicates";
import { contactName } from "../contact-name";
import { MergeDialog } from "./merge-dialog";

/** Contacts that look like this one (same email, phone, or name): each can be merged into it. */
export function DuplicatesSection({
  contact,
  onMerged,
}: {
  contact: TContact;
  /** Moves the focus to the result once a merge is done (the timeline). */
  onMerged: () => void;
}) {
  const { t } = useTranslation("crm");
  const duplicates = useDuplicates(contact.id, { enabled: true });
  const [other, setOther] = useState<TContact | null>(null);
  const list = duplicates.data ?? [];
  return (
    <>
      {list.length > 0 ? (
        <section
          aria-labelledby="crm-drawer-duplicates"
          className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-3 text-amber-950"
          data-testid="crm-duplicates"
        >
          <h3 id="crm-drawer-duplicates" className="flex items-center gap-2 text-sm font-semibold">
            <Users className="size-4" aria-hidden />
            {t("merge.lookalikes", { count: list.length })}
          </h3>
          <ul className="grid gap-2">
            {list.map((d) => (
              <li key={d.id} className="flex min-w-0 flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 text-sm">
                  <span className="font-medium">{contactName(d)}</span>{" "}
                  <span className="break-all text-amber-900/80">{d.email}</span>
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  className="bg-background"
                  data-testid="crm-merge-open"
                  onClick={() => setOther(d)}
                >
                  {t("merge.open")}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* Outside the list: it stays mounted while the merged look-alike leaves the list. */}
      <MergeDialog
        key={other?.id ?? "none"}
        keep={contact}
        other={other}
        onOpenChange={(open) => !open && setOther(null)}
        onMerged={() => setOther(null)}
        focusResult={onMerged}
      />
    </>
  );
}
