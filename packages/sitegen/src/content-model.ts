import {
  BUSINESS_CATEGORIES,
  LANGUAGES,
  ZBusinessCategory,
  ZLanguage,
  ZSiteFacts,
  ZTargetMarket,
} from "@shobai/shared";
import { z } from "zod";

/** What the owner typed on the generation screen (spec §3 "AI generation input"). */
export const ZGenerationInput = z.object({
  businessDescription: z
    .string()
    .trim()
    .min(1, "businessDescription: ビジネス内容を入力してください。")
    .max(4000),
  businessType: z.union([ZBusinessCategory, z.literal("")]).default(""),
  targetMarket: ZTargetMarket.default("japan"),
  languages: z
    .array(ZLanguage)
    .default(["ja"])
    // Keep the owner's order (the first is the default) but drop repeats; an empty list means ja.
    .transform((langs) => {
      const unique = [...new Set(langs)];
      return unique.length > 0 ? unique : (["ja"] as const).slice();
    }),
});
export type TGenerationInput = z.input<typeof ZGenerationInput>;
export type TParsedGenerationInput = z.output<typeof ZGenerationInput>;

const hex = z.string().regex(/^#[0-9a-f]{6}$/i);
const time = z.string().regex(/^\d{2}:\d{2}$/);
const text = (max: number) => z.string().trim().min(1).max(max);

export const ZColours = z.object({ primary: hex, accent: hex, background: hex, text: hex });

export const ZContact = z.object({
  phone: z.string().max(40).optional(),
  email: z.string().max(200).optional(),
  address: z.string().max(300).optional(),
  /** Opening hours as data; each language prints them its own way ("11:00〜22:00", "定休日 水曜日"). */
  hours: z
    .object({
      ranges: z.array(z.object({ opens: time, closes: time })).max(3),
      closedDays: z.array(z.union([z.number().int().min(0).max(6), z.literal("holidays")])).max(8),
      openEveryDay: z.boolean(),
    })
    .optional(),
});

export const ZOfferingItem = z.object({
  name: text(120),
  description: z.string().max(400),
  /** Which of the site's confirmed facts' items this is; its price is shown from there. */
  fact: z.number().int().min(0).max(19).optional(),
});

/** A relative path resolved against the site's base URL ("_assets/…"), or an https URL. */
const imageSrc = z
  .string()
  .max(500)
  .refine(
    (src) =>
      /^https:\/\/[^\s"'<>]+$/i.test(src) ||
      (/^[\w\-.~%/]+$/.test(src) && !src.startsWith("/") && !src.split("/").includes("..")),
    "src must be a relative path or an https URL",
  );

/** A photo from the owner's old site (imported) or uploaded: intrinsic size so pages never shift. */
export const ZSiteImage = z.object({
  src: imageSrc,
  /** Empty for a purely decorative image. */
  alt: z.string().max(300).default(""),
  width: z.number().int().min(1).max(20000),
  height: z.number().int().min(1).max(20000),
});

/**
 * One placement of a photo from the site's media library (issue 19): the library entry's data as
 * placed, so pages render (and stay cached) without reading the library. Variants are served at
 * `{mediaBase}/{hash}-{width}.{avif|webp|jpg}`, every width of `widths` in each format.
 */
const httpUrl = z
  .string()
  .max(2000)
  .regex(/^https?:\/\/[^\s"'<>]+$/);
export const ZStockPhoto = z.object({
  provider: z.literal("unsplash"),
  /** The provider's image URL (Unsplash `urls.raw`), to which width and format parameters are added. */
  url: httpUrl,
  /** The photographer's name and profile, and the photo's page (links carry the UTM tags). */
  author: z.string().min(1).max(200),
  authorUrl: httpUrl,
  providerUrl: httpUrl,
});
export type TStockPhoto = z.infer<typeof ZStockPhoto>;

export const ZSitePhoto = z.object({
  id: z.string().min(1).max(100),
  hash: z.string().regex(/^[a-f0-9]{32}$/),
  width: z.number().int().min(1).max(20000),
  height: z.number().int().min(1).max(20000),
  widths: z.array(z.number().int().min(1).max(20000)).min(1).max(6),
  /** Alt text per site language; empty or missing with `decorative` false falls back to the business name. */
  alt: z.partialRecord(ZLanguage, z.string().max(300)).default({}),
  /** The owner said the photo only decorates: empty alt, screen readers skip it. */
  decorative: z.boolean().default(false),
  /** The part that must stay in view when the photo is cropped, in percent from the left and top. */
  focus: z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) }).optional(),
  /**
   * A stock photo (decision 0053), not in the media library: shown from the provider's own image
   * URL (Unsplash requires hotlinking; sizes and formats by its URL parameters) with its credit.
   */
  stock: ZStockPhoto.optional(),
});

/** Where the owner placed photos; a place without one shows the template's illustration or nothing. */
export const ZSitePhotos = z.object({
  hero: ZSitePhoto.optional(),
  about: ZSitePhoto.optional(),
  /** By offering item (service or menu item) index, the same in every language. */
  items: z.array(ZSitePhoto.nullable()).max(20).optional(),
  gallery: z.array(ZSitePhoto).max(12).optional(),
  /** The owner's logo, shown in the header instead of the name (its alt is the business name). */
  logo: ZSitePhoto.optional(),
});

/** One testimonial exactly as the owner typed it; the generator never writes any. */
export const ZTestimonial = z.object({
  /** Blank while the owner is still typing: such an entry is not shown (never a placeholder). */
  quote: z.string().trim().max(600),
  name: z.string().trim().max(80),
  /** "常連のお客様", "Tokyo", a date: optional. */
  detail: z.string().trim().max(80).default(""),
});

export const ZLocalizedContent = z.object({
  hero: z.object({ headline: text(120), subline: text(300), cta: text(40) }),
  about: z.object({ title: text(80), paragraphs: z.array(text(1200)).min(1).max(4) }),
  offerings: z.object({
    title: text(80),
    intro: z.string().max(400),
    items: z.array(ZOfferingItem).min(1).max(20),
  }),
  highlights: z.object({ title: text(80), items: z.array(text(140)).min(3).max(4) }),
  faq: z.object({
    title: text(80),
    items: z
      .array(z.object({ question: text(200), answer: text(800) }))
      .min(1)
      .max(8),
  }),
  access: z.object({
    title: text(80),
    addressLabel: text(40),
    hoursLabel: text(40),
    phoneLabel: text(40),
    emailLabel: text(40),
    note: text(400),
  }),
  contact: z.object({
    title: text(80),
    intro: text(400),
    nameLabel: text(40),
    emailLabel: text(40),
    companyLabel: text(60),
    messageLabel: text(40),
    submit: text(40),
    privacyNote: text(400),
    /**
     * The owner's wording of the optional marketing-consent box (issue 22); empty or absent: the
     * default wording of the language. Shown on the site and kept as the consent record.
     */
    consentLabel: z.string().trim().max(300).optional(),
    thanksTitle: text(80),
    thanksText: text(400),
    backLabel: text(60),
  }),
  nav: z.object({ about: text(40), offerings: text(40), faq: text(40), access: text(40), contact: text(40) }),
  skipLink: text(60),
  languageLabel: text(40),
  seo: z.object({ title: text(60), description: text(160) }),
  /** Only when the owner added the section and typed them (issue 18); absent on generated sites. */
  testimonials: z.object({ title: text(80), items: z.array(ZTestimonial).max(12) }).optional(),
});

/** The page sections after the hero, in the order a template or the owner puts them. */
export const SECTION_IDS = ["about", "offerings", "highlights", "faq", "access", "contact"] as const;
export const ZSectionId = z.enum(SECTION_IDS);

/**
 * Every section a page can show: the text sections, the owner's photo gallery and testimonials
 * (those two only when the owner gave photos or typed testimonials).
 */
export const PAGE_SECTION_IDS = [...SECTION_IDS, "gallery", "testimonials"] as const;
export const ZPageSectionId = z.enum(PAGE_SECTION_IDS);

/** The form's contact fields: whether it asks for a phone number and which way of reply is required. */
export const ZContactFormOptions = z.object({
  phone: z.boolean().default(false),
  required: z.enum(["email", "phone", "either"]).default("email"),
});

/** One section of the page as the owner arranged it in the editor; a deleted section is left out. */
export const ZSectionLayout = z.object({ id: ZPageSectionId, hidden: z.boolean().default(false) });

/** Curated heading/body type pairings (system fonts only: no web-font downloads on sites). */
export const FONT_PAIRS = ["sans", "serif", "serif-sans", "sans-serif"] as const;
export const ZFontPair = z.enum(FONT_PAIRS);

export const ZSiteContent = z.object({
  businessName: text(120),
  tagline: text(160),
  industry: ZBusinessCategory,
  targetMarket: ZTargetMarket,
  languages: z.array(ZLanguage).min(1).max(LANGUAGES.length),
  colours: ZColours,
  /** Small deterministic variation (0..n) so two sites of one trade don't look identical. */
  variant: z.number().int().min(0).max(15),
  place: z.string().max(80).optional(),
  contact: ZContact,
  /**
   * The confirmed facts (decision 0025): name, place, items with prices, hours, contact, founding
   * year. Every language renders prices, hours and contact details from here. Sites generated
   * before the facts existed have none and render from `contact`.
   */
  facts: ZSiteFacts.optional(),
  /** The first image leads the page when it is large enough; the rest form a small gallery. */
  images: z.array(ZSiteImage).max(6).optional(),
  /** Photos from the media library, placed by the owner in the editor (issue 19). */
  photos: ZSitePhotos.optional(),
  content: z.partialRecord(ZLanguage, ZLocalizedContent),
  /** The editor's choices (issue 18); absent on generated sites, which follow their industry's template. */
  template: ZBusinessCategory.optional(),
  font: ZFontPair.optional(),
  sections: z
    .array(ZSectionLayout)
    .max(PAGE_SECTION_IDS.length)
    .refine((list) => new Set(list.map((s) => s.id)).size === list.length, "each section at most once")
    .optional(),
  /** The contact form's fields (issue 30); absent: email required, no phone field. */
  contactForm: ZContactFormOptions.optional(),
  /**
   * Per language and section: the fingerprint of the first language's section when this language's
   * was last written (edited or filled), so the editor can say which translations are outdated
   * (editor/language-status.ts). Absent on generated sites: all languages start in step.
   */
  sync: z
    .partialRecord(ZLanguage, z.partialRecord(z.enum(["hero", ...SECTION_IDS]), z.string().max(16)))
    .optional(),
});

export type TSiteContent = z.infer<typeof ZSiteContent>;
export type TLocalizedContent = z.infer<typeof ZLocalizedContent>;
export type TColours = z.infer<typeof ZColours>;
export type TContact = z.infer<typeof ZContact>;
export type TSiteImage = z.infer<typeof ZSiteImage>;
export type TSitePhoto = z.infer<typeof ZSitePhoto>;
export type TSitePhotos = z.infer<typeof ZSitePhotos>;
export type TOfferingItem = z.infer<typeof ZOfferingItem>;
export type TSectionLayout = z.infer<typeof ZSectionLayout>;
export type TFontPair = z.infer<typeof ZFontPair>;
export type TTestimonial = z.infer<typeof ZTestimonial>;
export type TPageSectionId = z.infer<typeof ZPageSectionId>;
export type TContactFormOptions = z.infer<typeof ZContactFormOptions>;

export const CATEGORIES = BUSINESS_CATEGORIES;
