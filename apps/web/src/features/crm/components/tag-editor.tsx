import type { TContact } from "@shobai/shared";
import { CONTACT_TAGS_MAX } from "@shobai/shared/constants";
import { type FormEvent, useRef, useState } from "react";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { getErrorIssues, issueText } from "@/lib/api-error";
import type { TFunction } from "@/lib/use-translation";
import { useTranslation } from "@/lib/use-translation";
import { useSetContactTags } from "../api/set-contact-tags";
import { contactErrorText } from "../error-text";
import { TagChip } from "./tag-chip";

/** Why the tags were refused, said beside the tag field: the server's issue in the CRM's words. */
export function tagErrorText(error: unknown, t: TFunction<"crm">): string {
  const issue = getErrorIssues(error).find((i) => i.path === "tags" || i.path.startsWith("tags."));
  if (issue) {
    if (issue.path === "tags" && issue.code === "too_big")
      return t("tags.tooMany", { max: CONTACT_TAGS_MAX });
    if (issue.code === "too_big") return t("tags.tooLong");
    if (issue.code === "custom") return t("tags.noComma");
    return `${t("tags.saveFailed")} ${issueText(issue)}`;
  }
  return [t("tags.saveFailed"), contactErrorText(error, t)].filter(Boolean).join(" ");
}

/**
 * The contact's tags: type a name and press Enter to add (a new name becomes a tag), × removes.
 * A refusal is said beside the field, which keeps the name and takes the focus; a saved change is
 * announced politely, the focus staying in (or, after ×, coming back to) the field for the next tag.
 */
export function TagEditor({ contact, onDemo }: { contact: TContact; onDemo: (() => void) | null }) {
  const { t } = useTranslation("crm");
  const save = useSetContactTags();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const names = contact.tags.map((tag) => tag.name);
  const errorId = `crm-tag-error-${contact.id}`;

  /** Saves the tags; `added` empties the field (a removal leaves what is being typed there). */
  const send = (next: string[], said: string, added: boolean) => {
    if (onDemo) {
      onDemo();
      return;
    }
    if (save.isPending) return;
    setError(null);
    setDone("");
    save.mutate(
      { id: contact.id, tags: next },
      {
        onSuccess: () => {
          if (added) setDraft("");
          setDone(said);
          input.current?.focus();
        },
        onError: (failure) => {
          setError(tagErrorText(failure, t));
          input.current?.focus();
        },
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
    send([...names, name], t("tags.added", { name }), true);
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
            onRemove={() =>
              send(
                names.filter((n) => n !== tag.name),
                t("tags.removed", { name: tag.name }),
                false,
              )
            }
          />
        ))}
      </div>
      <form onSubmit={add} className="grid gap-1.5">
        <Input
          ref={input}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          placeholder={t("tags.addPlaceholder")}
          aria-label={t("tags.add")}
          maxLength={40}
          // Read-only, not disabled, while saving: the field keeps the focus.
          readOnly={save.isPending}
          aria-busy={save.isPending || undefined}
          data-testid="crm-tag-input"
          className="h-8 text-sm"
          {...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
        />
        <FieldError id={errorId} message={error} testId="crm-tag-error" />
      </form>
      {/* Always in the page, so that what it says next is announced (politely). */}
      <p role="status" className="text-xs text-success empty:sr-only" data-testid="crm-tag-done">
        {done}
      </p>
    </div>
  );
}
