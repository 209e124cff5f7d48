import { BUSINESS_CATEGORIES } from "@shobai/shared";
import { contrastProblems, FONT_PAIRS, PALETTES, paletteOf, type TColours } from "@shobai/sitegen/editor";
import { Check } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";
import { variantUrl } from "./media-panel";
import { setColours, setFont, setTemplate, unplacePhoto } from "./site-edits";
import { useChange, useSite, useWebsiteId } from "./store-context";

/** The header shows the business name, or the logo the owner chose in the Photos tab (removable here). */
function LogoChoice() {
  const { t } = useTranslation("websites");
  const change = useChange();
  const websiteId = useWebsiteId();
  const logo = useSite((site) => site.photos?.logo);
  const name = useSite((site) => site.businessName);
  return (
    <fieldset className="m-0 grid gap-2 border-0 p-0" data-testid="editor-logo">
      <legend className="mb-1 text-sm font-medium">{t("editor.design.logo")}</legend>
      {logo ? (
        <div className="flex items-center gap-3 rounded-lg border border-border p-2">
          <img
            src={variantUrl(websiteId, logo)}
            alt={name}
            className="h-12 w-24 flex-none rounded-md bg-muted object-contain"
          />
          <span className="min-w-0 flex-1 text-xs text-muted-foreground">{t("editor.design.logoImage")}</span>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => change((site) => unplacePhoto(site, { kind: "logo" }))}
            data-testid="editor-logo-remove"
          >
            {t("editor.design.logoRemove")}
          </Button>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">{t("editor.design.logoText", { name })}</p>
      )}
    </fieldset>
  );
}

function Swatch({ colours }: { colours: TColours }) {
  return (
    <span className="flex h-8 w-full overflow-hidden rounded-md border border-border" aria-hidden>
      <span className="flex-1" style={{ background: colours.background }} />
      <span className="flex-1" style={{ background: colours.primary }} />
      <span className="flex-1" style={{ background: colours.accent }} />
      <span className="flex-1" style={{ background: colours.text }} />
    </span>
  );
}

/** A colour of the owner's own, refused when text drawn with it would read below WCAG AA. */
function CustomColour({ colours }: { colours: TColours }) {
  const { t } = useTranslation("websites");
  const change = useChange();
  const id = useId();
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {t("editor.design.customPrimary")}
      </label>
      <input
        id={id}
        type="color"
        value={colours.primary}
        className="h-10 w-20 cursor-pointer rounded-md border border-input bg-background"
        data-testid="editor-custom-primary"
        onChange={(e) => {
          const next = { ...colours, primary: e.target.value };
          const problems = contrastProblems(next);
          if (problems.length > 0) {
            setRefused(t("editor.design.contrastRefused", { ratio: problems[0]?.ratio ?? 0 }));
            return;
          }
          setRefused(null);
          change((site) => setColours(site, next));
        }}
      />
      {refused ? (
        <p role="alert" className="text-xs text-destructive" data-testid="editor-contrast-refused">
          {refused}
        </p>
      ) : null}
    </div>
  );
}

/** Template, palette and type: each a curated choice that keeps the site readable. */
export function DesignPanel() {
  const { t } = useTranslation("websites");
  const change = useChange();
  const template = useSite((site) => site.template ?? site.industry);
  const colours = useSite((site) => site.colours);
  const font = useSite((site) => site.font);
  const current = paletteOf(colours);
  const ordered = [...PALETTES].sort(
    (a, b) => Number(b.template === template) - Number(a.template === template),
  );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <fieldset className="m-0 grid gap-2 border-0 p-0">
        <legend className="mb-1 text-sm font-medium">{t("editor.design.template")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {BUSINESS_CATEGORIES.map((id) => (
            <button
              key={id}
              type="button"
              aria-pressed={template === id}
              onClick={() => change((site) => setTemplate(site, id))}
              data-testid={`editor-template-${id}`}
              className={cn(
                "rounded-lg border px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring",
                template === id ? "border-primary bg-primary/5 font-semibold" : "border-border",
              )}
            >
              {t(`categories.${id}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="m-0 grid gap-2 border-0 p-0">
        <legend className="mb-1 text-sm font-medium">{t("editor.design.palette")}</legend>
        <p className="text-xs text-muted-foreground">{t("editor.design.paletteHint")}</p>
        <div className="grid grid-cols-3 gap-2">
          {ordered.map((palette, i) => (
            <button
              key={palette.id}
              type="button"
              aria-pressed={current?.id === palette.id}
              aria-label={t("editor.design.paletteName", {
                n: i + 1,
                template: t(`categories.${palette.template}`),
              })}
              onClick={() => change((site) => setColours(site, palette.colours))}
              data-testid={`editor-palette-${palette.id}`}
              className={cn(
                "relative rounded-lg border p-1.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring",
                current?.id === palette.id ? "border-primary ring-2 ring-primary/40" : "border-border",
              )}
            >
              <Swatch colours={palette.colours} />
              {current?.id === palette.id ? (
                <Check
                  className="absolute -top-1.5 -right-1.5 size-4 rounded-full bg-primary p-0.5 text-primary-foreground"
                  aria-hidden
                />
              ) : null}
            </button>
          ))}
        </div>
        <CustomColour colours={colours} />
      </fieldset>
      <LogoChoice />
      <fieldset className="m-0 grid gap-2 border-0 p-0">
        <legend className="mb-1 text-sm font-medium">{t("editor.design.font")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {FONT_PAIRS.map((pair) => (
            <button
              key={pair}
              type="button"
              aria-pressed={font === pair}
              onClick={() => change((site) => setFont(site, pair))}
              data-testid={`editor-font-${pair}`}
              className={cn(
                "rounded-lg border px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring",
                font === pair ? "border-primary bg-primary/5 font-semibold" : "border-border",
                pair.startsWith("serif") ? "font-serif" : "font-sans",
              )}
            >
              {t(`editor.design.fonts.${pair}`)}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
