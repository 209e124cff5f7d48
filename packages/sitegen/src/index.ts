import type { TLanguage } from "@shobai/shared";
import type { TSiteContent } from "./content-model.ts";
import { LEXICONS } from "./copy/index.ts";

export {
  extractAddress,
  formatPostalAddress,
  normalizeAddress,
  type TPostalAddressParts,
} from "./address.ts";
export { composeSite, type TComposeOptions, understandDescription } from "./compose.ts";
export {
  type TColours,
  type TContact,
  type TContactFormOptions,
  type TGenerationInput,
  type TLocalizedContent,
  type TParsedGenerationInput,
  type TSiteContent,
  type TSiteImage,
  type TSitePhoto,
  type TSitePhotos,
  type TStockPhoto,
  ZGenerationInput,
  ZSiteContent,
  ZSiteImage,
  ZSitePhoto,
  ZStockPhoto,
} from "./content-model.ts";
export { hoursText, priceText } from "./copy/facts-text.ts";
export { readDescription, type TFactsReading } from "./facts/extract-facts.ts";
export { placeIn } from "./facts/places.ts";
export { benchmarkSitegen, generateSite } from "./generate.ts";
export { inferIndustry, scoreIndustries } from "./infer-industry.ts";
export { photoPlaces, placedPhotoIds, withoutPhoto, withPhotoText } from "./photos.ts";
export { contactFields } from "./render/page.tsx";
export { stockImageUrl } from "./render/picture.tsx";
export {
  renderFormProblem,
  renderSite,
  type TFormField,
  type TFormProblem,
  type TFormValues,
  type TRenderedPage,
  type TRenderedSite,
  type TRenderOptions,
} from "./render/render-site.tsx";
export { contactLinks, lineLink, mapLink, whatsappLink } from "./seo/contact-links.ts";
export { cutText } from "./seo/cut-text.ts";
export { renderFavicon, renderRobots, renderSitemap } from "./seo/site-files.ts";
export { businessType, localBusinessJsonLd } from "./seo/structured-data.ts";
export { TEMPLATES, type TTemplate } from "./templates/index.ts";

/**
 * The wording of the site form's marketing-consent box in a language, as the site shows it (kept as
 * the consent record): the owner's own for that language, else the default.
 */
export const formConsentText = (lang: TLanguage, site?: TSiteContent): string =>
  site?.content[lang]?.contact.consentLabel?.trim() || LEXICONS[lang].contact.consent;

export const SITEGEN_VERSION = 1;
