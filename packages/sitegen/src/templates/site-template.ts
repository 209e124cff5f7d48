import type { TSiteContent } from "../content-model.ts";
import { TEMPLATES } from "./index.ts";
import type { TSectionId, TTemplate } from "./types.ts";

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

/** The sections the page shows, in order: the owner's arrangement, else the template's. */
export function visibleSections(site: TSiteContent, template: TTemplate): TSectionId[] {
  if (!site.sections) return template.sections;
  return site.sections.filter((section) => !section.hidden).map((section) => section.id);
}
