import { useTranslation } from "@/lib/use-translation";
import { type TagGroup, tagAnchor, tagTitle } from "../group-operations";

/** The list of sections, linking to each; sticky beside the reference on wide screens. */
export function TagNav({ groups }: { groups: TagGroup[] }) {
  const { t } = useTranslation("api-docs");
  return (
    <nav aria-label={t("sections")} className="lg:sticky lg:top-24">
      <p className="mb-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        {t("sections")}
      </p>
      <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
        {groups.map((group) => (
          <li key={group.tag ?? "_other"} className="shrink-0">
            <a
              href={`#${tagAnchor(group.tag)}`}
              className="flex items-center justify-between gap-3 rounded-md px-3 py-1.5 text-sm text-muted-foreground no-underline transition-colors hover:bg-muted hover:text-foreground"
            >
              <span>{group.tag ? tagTitle(group.tag) : t("untagged")}</span>
              <span className="rounded bg-muted px-1.5 text-xs tabular-nums">{group.operations.length}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
