/**
 * What the site editor (web) and the draft API (server) share: the content model, its schemas,
 * the curated palettes and the contrast guard, and the renderer the preview uses.
 */
export {
  FONT_PAIRS,
  PAGE_SECTION_IDS,
  SECTION_IDS,
  type TColours,
  type TContactFormOptions,
  type TFontPair,
  type TLocalizedContent,
  type TOfferingItem,
  type TPageSectionId,
  type TSectionLayout,
  type TSiteContent,
  type TSitePhoto,
  type TSitePhotos,
  type TStockPhoto,
  type TTestimonial,
  ZSiteContent,
  ZSitePhoto,
  ZStockPhoto,
} from "../content-model.ts";
export { photoPlaces, placedPhotoIds, withoutPhoto, withPhotoText } from "../photos.ts";
export { stockImageUrl } from "../render/picture.tsx";
export { renderHomePage, type TRenderOptions } from "../render/render-site.tsx";
export { TEMPLATES } from "../templates/index.ts";
export {
  pageSections,
  shownTestimonials,
  siteTemplate,
  visibleSections,
} from "../templates/site-template.ts";
export { AA_CONTRAST, contrastProblems, type TContrastProblem } from "./contrast.ts";
export {
  languageStatus,
  sectionFingerprint,
  type TLanguageStatus,
  TRANSLATED_SECTIONS,
  type TTranslatedSection,
  trackTranslations,
} from "./language-status.ts";
export { PALETTES, paletteOf, type TPalette } from "./palettes.ts";
export * from "./schemas.ts";

import type { TLanguage } from "@shobai/shared";
import { CHROME_TEXT } from "../seo/chrome-text.ts";

/** The heading a testimonials section starts with in a language (the owner may change it). */
export const testimonialsTitle = (lang: TLanguage): string => CHROME_TEXT[lang].testimonials;
