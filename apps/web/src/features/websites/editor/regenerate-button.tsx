import { sectionSchema, type TRegeneratedSection } from "@shobai/sitegen/editor";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorText } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { regenerateSection } from "./draft-api";
import { setAt } from "./paths";
import type { TTextSectionId } from "./site-edits";
import { useChange, useEditingLanguage, useSite, useWebsiteId } from "./store-context";

/** Every text in a section's value, in order, to show what the generator wrote. */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return value ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}

/** Writes one section again (every site language) and lets the owner keep or discard the result. */
export function RegenerateButton({ section }: { section: TTextSectionId | "hero" }) {
  const { t } = useTranslation("websites");
  const id = useWebsiteId();
  const lang = useEditingLanguage();
  const languages = useSite((site) => site.languages);
  const change = useChange();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<TRegeneratedSection | null>(null);

  const run = async () => {
    setPending(true);
    try {
      setResult(await regenerateSection(id, section, languages));
    } catch (error) {
      toast({ title: errorText(error, t("editor.regenerate.failed")), variant: "destructive" });
    } finally {
      setPending(false);
    }
  };
  const keep = () => {
    if (!result) return;
    const schema = sectionSchema(section);
    change((site) => {
      let next = site;
      for (const [l, value] of Object.entries(result.content)) {
        const parsed = schema.safeParse(value);
        if (parsed.success && next.content[l as keyof typeof next.content]) {
          next = setAt(next, ["content", l, section], parsed.data);
        }
      }
      return next;
    });
    setResult(null);
  };

  return (
    <>
      <Button variant="outline" size="sm" className="justify-self-start" disabled={pending} onClick={run}>
        <RefreshCw aria-hidden className={pending ? "animate-spin" : undefined} />
        {t("editor.regenerate.button")}
      </Button>
      <Dialog open={result !== null} onOpenChange={(open) => !open && setResult(null)}>
        <DialogContent closeLabel={t("editor.close")} data-testid="editor-regenerate-dialog">
          <DialogHeader>
            <DialogTitle>
              {t("editor.regenerate.title", { section: t(`editor.section.${section}`) })}
            </DialogTitle>
            <DialogDescription>{t("editor.regenerate.description")}</DialogDescription>
          </DialogHeader>
          <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-lg bg-muted p-3 text-sm">
            {textsOf(result?.content[lang]).map((text, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list of one result
              <li key={i}>{text}</li>
            ))}
          </ul>
          <DialogFooter>
            <Button variant="outline" onClick={() => setResult(null)}>
              {t("editor.regenerate.discard")}
            </Button>
            <Button onClick={keep} data-testid="editor-regenerate-keep">
              {t("editor.regenerate.keep")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
