import type { TContact } from "@shobai/shared";
import { type FormEvent, useState } from "react";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useSetContactTags } from "../api/set-contact-tags";
import { contactErrorText } from "../error-text";
import { TagChip } from "./tag-chip";

/** The contact's tags: type a name and press Enter to add (a new name becomes a tag), × removes. */
export function TagEditor({ contact, onDemo }: { contact: TContact; onDemo: (() => void) | null }) {
  const { t } = useTranslation("crm");
  const save = useSetContactTags();
  const [draft, setDraft] = useState("");
  const names = contact.tags.map((tag) => tag.name);

  const send = (next: string[]) => {
    if (onDemo) {
      onDemo();
      return;
    }
    save.mutate(
      { id: contact.id, tags: next },
      {
        onSuccess: () => setDraft(""),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: t("toast.errorTitle"),
            description: contactErrorText(error, t) || t("tags.saveFailed"),
          }),
      },
    );
  };

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = draft.trim().replace(/[,、]/g, " ").trim();
    if (!name || names.includes(name)) {
      setDraft("");
      return;
    }
    send([...names, name]);
  };

  return (
    <div className="grid gap-2" data-testid="crm-drawer-tags">
      <div className="flex flex-wrap gap-1.5">
        {contact.tags.length === 0 ? (
          <span className="text-sm text-muted-foreground">{t("tags.none")}</span>
        ) : null}
        {contact.tags.map((tag) => (
          <TagChip
            key={tag.id}
            tag={tag}
            removeLabel={t("tags.remove", { name: tag.name })}
            onRemove={() => send(names.filter((n) => n !== tag.name))}
          />
        ))}
      </div>
      <form onSubmit={add}>
        <Input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t("tags.addPlaceholder")}
          aria-label={t("tags.add")}
          maxLength={40}
          disabled={save.isPending}
          data-testid="crm-tag-input"
          className="h-8 text-sm"
        />
      </form>
    </div>
  );
}
