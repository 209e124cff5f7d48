import type { TLanguage } from "@shobai/shared";
import type { TPageSectionId, TSectionLayout, TSiteContent, TTestimonial } from "../content-model.ts";
import { TEMPLATES } from "./index.ts";
import type { TTemplate } from "./types.ts";

const FONTS = {
  sans: ["sans", "sans"],
  serif: ["serif", "serif"],
  "serif-sans": ["serif", "sans"],
  "sans-serif": ["sans", "serif"],
} as const;

/**
 * The template a site is drawn with: the owner's choice in the editor over its industry's, with the
 * owner's font pairing. Content never depends on it, so switching templates loses nothing.
 */
export function siteTemplate(site: TSiteContent): TTemplate {
  const template = TEMPLATES[site.template ?? site.industry];
  if (!site.font) return template;
  const [headingFont, bodyFont] = FONTS[site.font];
  return { ...template, headingFont, bodyFont };
}

/**
 * The page's sections as arranged: the owner's list, else the template's. A gallery the list does
 * not name (photos placed on the template's order, or before the gallery was a section) goes right
 * after the about section, where it always stood.
 */
export function pageSections(site: TSiteContent, template: TTemplate): TSectionLayout[] {
  const list: TSectionLayout[] = site.sections ?? template.sections.map((id) => ({ id, hidden: false }));
  if ((site.photos?.gallery?.length ?? 0) === 0 || list.some((s) => s.id === "gallery")) return list;
  const about = list.findIndex((s) => s.id === "about");
  const at = about >= 0 ? about + 1 : list.length;
  return [...list.slice(0, at), { id: "gallery", hidden: false }, ...list.slice(at)];
}

/** The testimonials of one language the owner finished typing (a quote and a name each). */
export function shownTestimonials(site: TSiteContent, lang: TLanguage): TTestimonial[] {
  return (site.content[lang]?.testimonials?.items ?? []).filter((t) => t.quote.trim() && t.name.trim());
}

/**
 * The sections the page shows, in order: not hidden, and with something to show (the gallery
 * only with photos, testimonials only with ones the owner typed in this language).
 */
export function visibleSections(
  site: TSiteContent,
  template: TTemplate,
  lang: TLanguage = site.languages[0] ?? "ja",
): TPageSectionId[] {
  return pageSections(site, template)
    .filter((section) => !section.hidden)
    .map((section) => section.id)
    .filter((id) => {
      if (id === "gallery") return (site.photos?.gallery?.length ?? 0) > 0;
      if (id === "testimonials") return shownTestimonials(site, lang).length > 0;
      return true;
    });
}
