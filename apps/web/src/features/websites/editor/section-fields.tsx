import { useTranslation } from "@/lib/use-translation";
import { FaqItems, OfferingItems, Paragraphs } from "./list-fields";
import type { TSectionId } from "./site-edits";
import { useEditingLanguage, useSite } from "./store-context";
import { TextField } from "./text-field";

function Highlights() {
  const { t } = useTranslation("websites");
  const lang = useEditingLanguage();
  const count = useSite((site) => site.content[lang]?.highlights.items.length ?? 0);
  return Array.from({ length: count }, (_, i) => (
    <TextField
      // biome-ignore lint/suspicious/noArrayIndexKey: highlights are addressed by position in the model
      key={i}
      label={t("editor.highlight", { n: i + 1 })}
      path={["highlights", "items", i]}
      maxLength={140}
    />
  ));
}

/** The texts of one section in the editing language. */
export function SectionFields({ id }: { id: TSectionId | "hero" }) {
  const { t } = useTranslation("websites");
  const title = (
    <TextField
      label={t("editor.fields.title")}
      path={[id, "title"]}
      maxLength={80}
      testId={`editor-${id}-title`}
    />
  );
  switch (id) {
    case "hero":
      return (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
          <TextField
            label={t("editor.fields.headline")}
            path={["hero", "headline"]}
            maxLength={120}
            testId="editor-headline"
          />
          <TextField
            label={t("editor.fields.subline")}
            path={["hero", "subline"]}
            multiline
            maxLength={300}
          />
          <TextField label={t("editor.fields.cta")} path={["hero", "cta"]} maxLength={40} />
        </div>
      );
    case "about":
      return (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {title}
          <Paragraphs />
        </div>
      );
    case "offerings":
      return (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {title}
          <TextField
            label={t("editor.fields.intro")}
            path={["offerings", "intro"]}
            multiline
            maxLength={400}
          />
          <OfferingItems />
        </div>
      );
    case "highlights":
      return (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {title}
          <Highlights />
        </div>
      );
    case "faq":
      return (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {title}
          <FaqItems />
        </div>
      );
    case "access":
      return (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {title}
          <TextField label={t("editor.fields.note")} path={["access", "note"]} multiline maxLength={400} />
          <p className="text-xs text-muted-foreground">{t("editor.accessHint")}</p>
        </div>
      );
    case "contact":
      return (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {title}
          <TextField label={t("editor.fields.intro")} path={["contact", "intro"]} multiline maxLength={400} />
          <TextField label={t("editor.fields.submit")} path={["contact", "submit"]} maxLength={40} />
          <TextField
            label={t("editor.fields.privacyNote")}
            path={["contact", "privacyNote"]}
            multiline
            maxLength={400}
          />
          <TextField
            label={t("editor.fields.consentLabel")}
            path={["contact", "consentLabel"]}
            multiline
            maxLength={300}
            testId="editor-consent-label"
          />
          <p className="text-xs text-muted-foreground">{t("editor.consentLabelHint")}</p>
        </div>
      );
  }
}
