import {
  mergeFacts,
  type TBusinessCategory,
  type TConfirmedFacts,
  type TLanguage,
  type TSiteFacts,
  type TTargetMarket,
  ZConfirmedFacts,
} from "@shobai/shared";
import {
  type TGenerationInput,
  type TLocalizedContent,
  type TSiteContent,
  type TSiteImage,
  ZGenerationInput,
  ZSiteContent,
} from "./content-model.ts";
import { foundedSentence, hoursText } from "./copy/facts-text.ts";
import { FAMILY_COPY } from "./copy/families.ts";
import { LEXICONS } from "./copy/index.ts";
import { readDescription } from "./facts/extract-facts.ts";
import { placeIn } from "./facts/places.ts";
import { findTrades, type TTrade } from "./facts/trades.ts";
import { hashString, truncate } from "./hash.ts";
import { cutText } from "./seo/cut-text.ts";
import { TEMPLATES } from "./templates/index.ts";

export type TComposeOptions = {
  /** The owner's chosen site name, when the screen asks for one; otherwise it comes from the text. */
  businessName?: string;
  /** An address read from the source's structured data; wins over one found in the text. */
  address?: string;
  /** Photos to show (imported or kept from the previous version of the site). */
  images?: TSiteImage[];
  /** What the owner confirmed on the generate form; each field given wins over the description. */
  facts?: TConfirmedFacts;
  /** The site's stored facts (regenerating, adding a language): used as they are, nothing re-read. */
  siteFacts?: TSiteFacts;
};

/** The place as a site language writes it (東京 / Tokyo / Tokio); none when only another script is known. */
function placeFor(lang: TLanguage, facts: TSiteFacts): string | undefined {
  const own = facts.localized[lang]?.place;
  if (own) return own;
  return facts.place ? placeIn(lang, facts.place) : undefined;
}

function fill(template: string, slots: Record<string, string | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => slots[key] ?? "");
}

function joinSentences(lang: TLanguage, sentences: string[]): string {
  return sentences.filter(Boolean).join(lang === "ja" ? "" : " ");
}

type TComposeContext = {
  industry: TBusinessCategory;
  market: TTargetMarket;
  name: string;
  named: boolean;
  facts: TSiteFacts;
  trade: TTrade | undefined;
  seed: number;
};

function composeLanguage(lang: TLanguage, ctx: TComposeContext): TLocalizedContent {
  const { industry, market, facts, trade } = ctx;
  const lex = LEXICONS[lang];
  // A trade that borrows another's template (yoga → healthcare) brings its own words.
  const copy = trade?.family ? FAMILY_COPY[trade.family][lang] : lex.industries[industry];
  const name = facts.localized[lang]?.name ?? ctx.name;
  const place = placeFor(lang, facts);
  const slots = { name, place };
  const headline = fill(place ? copy.headline[1] : copy.headline[0], slots);
  const international = market === "japan" ? "" : lex.international;
  const ownLanguage = lang === facts.sourceLanguage;
  const hoursLines = facts.hours ? hoursText(facts.hours, lang, facts.sourceLanguage) : [];
  const hoursSummary = hoursLines.length > 0 ? hoursLines.join(lang === "ja" ? "、" : "; ") : undefined;
  // The owner's word for the trade in the owner's language; the trade table's elsewhere.
  const noun = (ownLanguage && facts.trade) || trade?.noun[lang] || copy.noun;

  // The owner's items as the owner named them; the trade's general kinds of work only when none.
  const items =
    facts.items.length > 0
      ? facts.items.map((item, i) => ({ name: item.name, description: item.description ?? "", fact: i }))
      : copy.defaults.map(([itemName, description]) => ({ name: itemName, description }));
  const itemNames = facts.items.map((i) => i.name);

  const paragraphs = [
    joinSentences(lang, [lex.intro(name, noun, place), fill(copy.about, slots)]),
    facts.foundedYear ? foundedSentence(facts.foundedYear, lang) : "",
    // Items are listed in a sentence only in the language they were written in (no mixed-script sentences).
    ownLanguage && itemNames.length > 0
      ? fill(copy.servicesLine, { list: lex.list(itemNames.slice(0, 6)) })
      : "",
    international,
  ].filter(Boolean);

  const faq = [
    { question: copy.faq[0], answer: copy.faq[1] },
    { question: lex.faqHours(hoursSummary)[0], answer: lex.faqHours(hoursSummary)[1] },
    { question: lex.faqContact[0], answer: lex.faqContact[1] },
  ];
  if (market !== "japan" && lang !== "en")
    faq.push({ question: lex.faqLanguage[0], answer: lex.faqLanguage[1] });

  const subline = fill(copy.subline, slots);
  const seoTitleRaw =
    lang === "ja" && ctx.named
      ? `${name}｜${place ? `${place}の` : ""}${noun}`
      : `${name}${lang === "ja" ? "｜" : " | "}${headline.replace(/[.!。]$/, "")}`;
  return {
    hero: { headline, subline: truncate(joinSentences(lang, [subline, international]), 300), cta: copy.cta },
    about: { title: truncate(lex.aboutTitle(name), 80), paragraphs },
    offerings: {
      title: copy.offeringsTitle,
      intro: facts.items.length > 0 ? "" : copy.offeringsIntro,
      items: items.slice(0, 20),
    },
    highlights: { title: lex.highlightsTitle, items: [...copy.highlights] },
    faq: { title: lex.faqTitle, items: faq },
    access: {
      title: lex.access.title,
      addressLabel: lex.access.address,
      hoursLabel: lex.access.hours,
      phoneLabel: lex.access.phone,
      emailLabel: lex.access.email,
      note: lex.accessNote(place, Boolean(facts.address)),
    },
    contact: {
      title: lex.contact.title,
      intro: lex.contact.intro(Boolean(facts.phone)),
      nameLabel: lex.contact.name,
      emailLabel: lex.contact.email,
      companyLabel: lex.contact.company,
      messageLabel: lex.contact.message,
      submit: lex.contact.submit,
      privacyNote: lex.contact.privacy,
      consentLabel: lex.contact.consent,
      thanksTitle: lex.contact.thanksTitle,
      thanksText: lex.contact.thanksText,
      backLabel: lex.contact.back,
    },
    nav: { ...lex.nav, offerings: copy.offeringsTitle },
    skipLink: lex.skipLink,
    languageLabel: lex.languageLabel,
    seo: {
      title: truncate(seoTitleRaw, 60),
      description: cutText(joinSentences(lang, [subline, paragraphs[0] ?? ""]), 160),
    },
  };
}

/**
 * The built-in composer: turns the owner's description into site content for every chosen language.
 * Pure and deterministic; it writes only what the description supports and generic, honest copy around it.
 */
export function composeSite(input: TGenerationInput, options: TComposeOptions = {}): TSiteContent {
  const parsed = ZGenerationInput.parse(input);
  const description = parsed.businessDescription;
  const defaultLang = parsed.languages[0] ?? "ja";
  const reading = options.siteFacts ? undefined : readDescription(description, defaultLang);
  let facts: TSiteFacts =
    options.siteFacts ??
    mergeFacts((reading as NonNullable<typeof reading>).facts, ZConfirmedFacts.parse(options.facts ?? {}));
  if (options.businessName?.trim()) facts = { ...facts, name: options.businessName.trim().slice(0, 120) };
  if (options.address) facts = { ...facts, address: options.address };
  const trades = findTrades(`${facts.trade ?? ""} ${description}`);
  const industry: TBusinessCategory =
    parsed.businessType || reading?.industry || trades[0]?.category || "consulting";
  const trade = trades.find((t) => t.category === industry);
  const seed = hashString(`${description}\u0000${industry}\u0000${parsed.targetMarket}`);
  const given = facts.name ?? undefined;
  const fallbackNoun =
    (defaultLang === facts.sourceLanguage && facts.trade) ||
    trade?.noun[defaultLang] ||
    LEXICONS[defaultLang].industries[industry].noun;
  const name = truncate(
    given || LEXICONS[defaultLang].fallbackName(fallbackNoun, placeFor(defaultLang, facts)),
    80,
  );
  const template = TEMPLATES[industry];
  const colours = template.palettes[seed % template.palettes.length] ?? template.palettes[0]!;

  const ctx: TComposeContext = {
    industry,
    market: parsed.targetMarket,
    name,
    named: Boolean(given),
    facts,
    trade,
    seed,
  };
  const content: TSiteContent["content"] = {};
  for (const lang of parsed.languages) content[lang] = composeLanguage(lang, ctx);
  const hours = facts.hours;
  return ZSiteContent.parse({
    businessName: name,
    tagline: content[defaultLang]!.hero.headline,
    industry,
    targetMarket: parsed.targetMarket,
    languages: parsed.languages,
    colours,
    variant: seed % 16,
    ...(facts.place ? { place: facts.place.slice(0, 80) } : {}),
    facts,
    // The same facts in the shape sites made before them were rendered from (kept for older readers).
    contact: {
      ...(facts.phone ? { phone: facts.phone } : {}),
      ...(facts.email ? { email: facts.email } : {}),
      ...(facts.address ? { address: facts.address } : {}),
      ...(hours
        ? {
            hours: {
              ranges: hours.periods
                .filter((p): p is typeof p & { closes: string } => p.closes !== null)
                .slice(0, 3)
                .map((p) => ({ opens: p.opens, closes: p.closes })),
              closedDays: [...hours.closedDays, ...(hours.closedOnHolidays ? (["holidays"] as const) : [])],
              openEveryDay: hours.openEveryDay,
            },
          }
        : {}),
    },
    ...(options.images && options.images.length > 0 ? { images: options.images.slice(0, 6) } : {}),
    content,
  });
}

/** The facts the composer would start from, for the owner to confirm (POST /api/websites/understand). */
export function understandDescription(description: string, siteLanguage?: TLanguage) {
  const { facts, industry, candidates } = readDescription(description, siteLanguage);
  return { facts, industry, candidates };
}
