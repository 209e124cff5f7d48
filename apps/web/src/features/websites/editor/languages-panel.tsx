import { LANGUAGE_NATIVE_NAMES, type TLanguage } from "@shobai/shared";
import {
  languageStatus,
  sectionFingerprint,
  sectionSchema,
  type TSiteContent,
  type TTranslatedSection,
} from "@shobai/sitegen/editor";
import { CheckCircle2, CircleAlert, Languages, Loader2, PenLine } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { errorText } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { regenerateSection } from "./draft-api";
import { setAt } from "./paths";
import { useChange, useDerived, useSite, useWebsiteId } from "./store-context";

/** Marks one language's section as in step with the first language's current text. */
function inStep(site: TSiteContent, lang: TLanguage, section: TTranslatedSection): TSiteContent {
  const first = site.languages[0];
  const source = first ? site.content[first] : undefined;
  if (!source) return site;
  return setAt(site, ["sync", lang, section], sectionFingerprint(source[section]));
}

/** Items still named in Japanese on this language's page: the owner translates them (or fills the section). */
function UntranslatedItems({ lang, indexes }: { lang: TLanguage; indexes: number[] }) {
  const { t } = useTranslation("websites");
  // The items array itself (a stable reference), not a new list of names on every read.
  const items = useSite((site) => site.content[lang]?.offerings.items);
  return (
    <div className="grid gap-1 rounded-md bg-muted p-2 text-sm" data-testid={`editor-untranslated-${lang}`}>
      <span>{t("editor.languages.untranslated", { lang: LANGUAGE_NATIVE_NAMES[lang] })}</span>
      <ul className="flex flex-wrap gap-1.5">
        {indexes.map((i) => (
          <li key={i} lang="ja" className="rounded bg-background px-1.5 py-0.5">
            {items?.[i]?.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Which languages lag behind the first one, section by section, since the owner changed the first
 * language's text; each can be filled from the first language (translated by the AI provider when one
 * is configured, else written again by the built-in composer), edited by hand, or marked as checked.
 */
export function LanguagesPanel({ onEdit }: { onEdit: (lang: TLanguage) => void }) {
  const { t } = useTranslation("websites");
  const id = useWebsiteId();
  const change = useChange();
  const first = useSite((site) => site.languages[0]) ?? "ja";
  const statuses = useDerived(languageStatus);
  const [busy, setBusy] = useState<string | null>(null);
  const firstName = LANGUAGE_NATIVE_NAMES[first];

  const fill = async (lang: TLanguage, sections: TTranslatedSection[]) => {
    setBusy(`${lang}:${sections.join(",")}`);
    try {
      for (const section of sections) {
        const result = await regenerateSection(id, section, [lang], first);
        const parsed = sectionSchema(section).safeParse(result.content[lang]);
        if (!parsed.success) throw new Error(t("editor.languages.failed"));
        change((site) => inStep(setAt(site, ["content", lang, section], parsed.data), lang, section));
      }
      toast({ title: t("editor.languages.filled", { lang: LANGUAGE_NATIVE_NAMES[lang], first: firstName }) });
    } catch (error) {
      toast({ title: errorText(error, t("editor.languages.failed")), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="grid gap-3" data-testid="editor-languages">
      <p className="text-sm text-muted-foreground">{t("editor.languages.intro", { first: firstName })}</p>
      <ul className="grid gap-3">
        {statuses.map((status) => {
          const name = LANGUAGE_NATIVE_NAMES[status.lang];
          const working = busy?.startsWith(`${status.lang}:`) ?? false;
          return (
            <li
              key={status.lang}
              className="grid gap-2 rounded-lg border border-border p-3"
              data-testid={`editor-language-${status.lang}`}
              data-outdated={status.outdated.length}
            >
              <div className="flex flex-wrap items-center gap-2">
                <Languages aria-hidden className="size-4 text-muted-foreground" />
                <span className="font-medium" lang={status.lang}>
                  {name}
                </span>
                {status.missing ? (
                  <span className="text-sm text-destructive">{t("editor.languages.missing")}</span>
                ) : status.outdated.length === 0 ? (
                  <span className="flex items-center gap-1 text-sm text-success">
                    <CheckCircle2 aria-hidden className="size-4" />
                    {t("editor.languages.upToDate")}
                  </span>
                ) : (
                  <span className="flex items-center gap-1 rounded-md bg-warning-soft px-2 py-0.5 text-sm">
                    <CircleAlert aria-hidden className="size-4" />
                    {t("editor.languages.outdated", { first: firstName })}
                  </span>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  onClick={() => onEdit(status.lang)}
                  data-testid={`editor-language-edit-${status.lang}`}
                >
                  <PenLine aria-hidden />
                  {t("editor.languages.edit", { lang: name })}
                </Button>
              </div>
              {status.untranslated.length > 0 ? (
                <UntranslatedItems lang={status.lang} indexes={status.untranslated} />
              ) : null}
              {status.outdated.length > 0 ? (
                <>
                  <ul className="grid gap-1.5">
                    {status.outdated.map((section) => (
                      <li key={section} className="flex flex-wrap items-center gap-2 text-sm">
                        <span className="mr-auto">{t(`editor.section.${section}`)}</span>
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={busy !== null}
                          onClick={() => void fill(status.lang, [section])}
                          data-testid={`editor-fill-${status.lang}-${section}`}
                        >
                          {busy === `${status.lang}:${section}` ? (
                            <Loader2 aria-hidden className="animate-spin" />
                          ) : null}
                          {t("editor.languages.fill", { first: firstName })}
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={busy !== null}
                          onClick={() => change((site) => inStep(site, status.lang, section))}
                          data-testid={`editor-checked-${status.lang}-${section}`}
                        >
                          {t("editor.languages.checked")}
                        </Button>
                      </li>
                    ))}
                  </ul>
                  {status.outdated.length > 1 ? (
                    <Button
                      size="sm"
                      className="justify-self-start"
                      disabled={busy !== null}
                      onClick={() => void fill(status.lang, status.outdated)}
                    >
                      {working && busy?.includes(",") ? (
                        <Loader2 aria-hidden className="animate-spin" />
                      ) : null}
                      {t("editor.languages.fillAll", { first: firstName })}
                    </Button>
                  ) : null}
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">
        {t("editor.languages.writerHint", { first: firstName })}
      </p>
    </div>
  );
}
