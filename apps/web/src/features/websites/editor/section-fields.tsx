import { useId } from "react";
import { useTranslation } from "@/lib/use-translation";
import { FaqItems, OfferingItems, Paragraphs, TestimonialItems } from "./list-fields";
import type { TSectionId } from "./site-edits";
import { setContactForm } from "./site-edits";
import { useChange, useEditingLanguage, useSite } from "./store-context";
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

const REQUIRED = ["email", "phone", "either"] as const;

/** Whether the form asks for a phone number, and whether email, phone or either one is required. */
function ContactFormOptions() {
  const { t } = useTranslation("websites");
  const change = useChange();
  const phoneId = useId();
  const phone = useSite((site) => site.contactForm?.phone ?? false);
  const required = useSite((site) => site.contactForm?.required ?? "email");
  return (
    <fieldset
      className="m-0 grid gap-2 rounded-lg border border-border p-3"
      data-testid="editor-form-options"
    >
      <legend className="px-1 text-xs font-semibold">{t("editor.form.title")}</legend>
      <div className="flex items-center gap-2">
        <input
          id={phoneId}
          type="checkbox"
          className="size-4 accent-primary"
          checked={phone || required !== "email"}
          onChange={(e) => change((site) => setContactForm(site, { phone: e.target.checked }))}
          data-testid="editor-form-phone"
        />
        <label htmlFor={phoneId} className="text-sm">
          {t("editor.form.phone")}
        </label>
      </div>
      <div role="radiogroup" aria-label={t("editor.form.required")} className="grid gap-1">
        <span className="text-xs font-medium text-muted-foreground">{t("editor.form.required")}</span>
        {REQUIRED.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${phoneId}-required`}
              className="size-4 accent-primary"
              checked={required === value}
              onChange={() => change((site) => setContactForm(site, { required: value }))}
              data-testid={`editor-form-required-${value}`}
            />
            {t(`editor.form.requires.${value}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The gallery's photos (placed and arranged in the Photos tab). */
function GalleryFields() {
  const { t } = useTranslation("websites");
  const count = useSite((site) => site.photos?.gallery?.length ?? 0);
  return (
    <p className="text-xs text-muted-foreground" data-testid="editor-gallery-hint">
      {t("editor.gallery.hint", { count })}
    </p>
  );
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
    case "gallery":
      return <GalleryFields />;
    case "testimonials":
      return (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {title}
          <p className="text-xs text-muted-foreground">{t("editor.testimonials.hint")}</p>
          <TestimonialItems />
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
          <ContactFormOptions />
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
