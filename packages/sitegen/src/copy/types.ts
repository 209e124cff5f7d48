import type { TBusinessCategory, TTargetMarket } from "@shobai/shared";
/** Opening hours of sites made before the confirmed facts (content.contact.hours). */
export type THoursRange = { opens: string; closes: string };
/** 0 = Sunday … 6 = Saturday; "holidays" marks public holidays (祝日). */
export type TClosedDay = 0 | 1 | 2 | 3 | 4 | 5 | 6 | "holidays";

/** Copy for one trade in one language. `{place}`, `{name}` and `{list}` are slots the composer fills. */
export type TIndustryCopy = {
  /** What the business is, for sentences and a fallback name ("ラーメン店" is better, but this is safe). */
  noun: string;
  offeringsTitle: string;
  offeringsIntro: string;
  /** [without a place, with {place}] */
  headline: [string, string];
  subline: string;
  about: string;
  /** Sentence naming what the owner listed: {list}. */
  servicesLine: string;
  highlights: [string, string, string, string];
  /** Offerings used when the description lists none: general kinds of work, never prices. */
  defaults: [string, string][];
  itemDesc: [string, string];
  cta: string;
  faq: [string, string];
};

export type TCopyContext = {
  name: string;
  place?: string;
  market: TTargetMarket;
};

export type TLexicon = {
  industries: Record<TBusinessCategory, TIndustryCopy>;
  /** Opening sentence of the about section. */
  intro: (name: string, noun: string, place?: string) => string;
  fallbackName: (noun: string, place?: string) => string;
  list: (items: string[]) => string;
  international: string;
  aboutTitle: (name: string) => string;
  highlightsTitle: string;
  faqTitle: string;
  faqContact: [string, string];
  faqHours: (hoursText?: string) => [string, string];
  faqLanguage: [string, string];
  access: { title: string; address: string; hours: string; phone: string; email: string };
  accessNote: (place?: string, hasAddress?: boolean) => string;
  contact: {
    title: string;
    intro: (hasPhone: boolean) => string;
    name: string;
    email: string;
    company: string;
    message: string;
    submit: string;
    /** The optional, unticked marketing-consent box (double opt-in follows); kept as the consent record. */
    consent: string;
    privacy: string;
    thanksTitle: string;
    thanksText: string;
    back: string;
  };
  /** The page a visitor sees when the form could not be sent; it shows the form again with what they typed. */
  formProblem: {
    title: string;
    /** Some fields need fixing (listed below it). */
    invalid: string;
    /** The post did not come from this site's own page (another site, or an old copy). */
    refused: string;
    /** Too many messages from this address in a short time. */
    tooMany: string;
    fields: { name: string; email: string; company: string; message: string };
  };
  nav: { about: string; faq: string; access: string; contact: string };
  skipLink: string;
  languageLabel: string;
  hours: (ranges: THoursRange[], closed: TClosedDay[], everyDay: boolean) => string[];
  separator: string;
};
