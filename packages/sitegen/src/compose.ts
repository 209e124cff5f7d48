import type { TBusinessCategory, TLanguage, TTargetMarket } from "@shobai/shared";
import {
  type TGenerationInput,
  type TLocalizedContent,
  type TSiteContent,
  type TSiteImage,
  ZGenerationInput,
  ZSiteContent,
} from "./content-model.ts";
import { LEXICONS } from "./copy/index.ts";
import { extractFacts, type TExtractedFacts } from "./extract.ts";
import { hashString, truncate } from "./hash.ts";
import { inferIndustry } from "./infer-industry.ts";
import { TEMPLATES } from "./templates/index.ts";

export type TComposeOptions = {
  /** The owner's chosen site name, when the screen asks for one; otherwise it comes from the text. */
  businessName?: string;
  /** An address read from the source's structured data; wins over one found in the text. */
  address?: string;
  /** Photos to show (imported or kept from the previous version of the site). */
  images?: TSiteImage[];
};

/** Latin spellings for places other languages would not read in kanji. Unknown places stay as written. */
const PLACE_LATIN: Record<string, string> = {
  東京: "Tokyo",
  東京都: "Tokyo",
  大阪: "Osaka",
  大阪府: "Osaka",
  大阪市: "Osaka",
  京都: "Kyoto",
  京都府: "Kyoto",
  京都市: "Kyoto",
  横浜: "Yokohama",
  横浜市: "Yokohama",
  名古屋: "Nagoya",
  名古屋市: "Nagoya",
  札幌: "Sapporo",
  札幌市: "Sapporo",
  福岡: "Fukuoka",
  福岡市: "Fukuoka",
  福岡県: "Fukuoka",
  神戸: "Kobe",
  神戸市: "Kobe",
  仙台: "Sendai",
  仙台市: "Sendai",
  広島: "Hiroshima",
  広島市: "Hiroshima",
  那覇: "Naha",
  那覇市: "Naha",
  沖縄県: "Okinawa",
  北海道: "Hokkaido",
  金沢: "Kanazawa",
  金沢市: "Kanazawa",
  渋谷: "Shibuya",
  渋谷区: "Shibuya",
  新宿: "Shinjuku",
  新宿区: "Shinjuku",
  池袋: "Ikebukuro",
  銀座: "Ginza",
  原宿: "Harajuku",
  表参道: "Omotesando",
  六本木: "Roppongi",
  恵比寿: "Ebisu",
  中目黒: "Nakameguro",
  下北沢: "Shimokitazawa",
  吉祥寺: "Kichijoji",
  浅草: "Asakusa",
  上野: "Ueno",
  秋葉原: "Akihabara",
  品川: "Shinagawa",
  品川区: "Shinagawa",
  目黒区: "Meguro",
  世田谷区: "Setagaya",
  港区: "Minato",
  中央区: "Chuo",
  千代田区: "Chiyoda",
  梅田: "Umeda",
  難波: "Namba",
  心斎橋: "Shinsaibashi",
  天神: "Tenjin",
  博多: "Hakata",
  鎌倉: "Kamakura",
  鎌倉市: "Kamakura",
  奈良: "Nara",
  奈良市: "Nara",
  神奈川県: "Kanagawa",
  埼玉県: "Saitama",
  千葉県: "Chiba",
  愛知県: "Aichi",
  兵庫県: "Hyogo",
};

function placeFor(lang: TLanguage, place: string | undefined): string | undefined {
  if (!place || lang === "ja") return place;
  return PLACE_LATIN[place] ?? place;
}

function fill(template: string, slots: Record<string, string | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => slots[key] ?? "");
}

function joinSentences(lang: TLanguage, sentences: string[]): string {
  return sentences.filter(Boolean).join(lang === "ja" ? "" : " ");
}

function composeLanguage(
  lang: TLanguage,
  industry: TBusinessCategory,
  market: TTargetMarket,
  name: string,
  named: boolean,
  facts: TExtractedFacts,
  seed: number,
): TLocalizedContent {
  const lex = LEXICONS[lang];
  const copy = lex.industries[industry];
  const place = placeFor(lang, facts.place);
  const slots = { name, place };
  const headline = fill(place ? copy.headline[1] : copy.headline[0], slots);
  const international = market === "japan" ? "" : lex.international;
  const hoursLines = lex.hours(facts.hours, facts.closedDays, facts.openEveryDay);
  const hoursText = hoursLines.length > 0 ? hoursLines.join(lang === "ja" ? "、" : "; ") : undefined;

  const items =
    facts.services.length > 0
      ? facts.services.map((service, i) => ({
          name: service,
          description: copy.itemDesc[(i + seed) % 2] ?? "",
        }))
      : copy.defaults.map(([itemName, description]) => ({ name: itemName, description }));

  const paragraphs = [
    joinSentences(lang, [
      lex.intro(
        name,
        lang === "ja" && facts.tradeNoun ? facts.tradeNoun : copy.noun,
        named ? place : undefined,
      ),
      fill(copy.about, slots),
    ]),
    facts.services.length > 0 ? fill(copy.servicesLine, { list: lex.list(facts.services) }) : "",
    international,
  ].filter(Boolean);

  const faq = [
    { question: copy.faq[0], answer: copy.faq[1] },
    { question: lex.faqHours(hoursText)[0], answer: lex.faqHours(hoursText)[1] },
    { question: lex.faqContact[0], answer: lex.faqContact[1] },
  ];
  if (market !== "japan" && lang !== "en")
    faq.push({ question: lex.faqLanguage[0], answer: lex.faqLanguage[1] });

  const subline = fill(copy.subline, slots);
  const seoTitleRaw =
    lang === "ja" && named
      ? `${name}｜${place ? `${place}の` : ""}${copy.noun}`
      : `${name}${lang === "ja" ? "｜" : " | "}${headline.replace(/[.!。]$/, "")}`;
  return {
    hero: { headline, subline: truncate(joinSentences(lang, [subline, international]), 300), cta: copy.cta },
    about: { title: truncate(lex.aboutTitle(name), 80), paragraphs },
    offerings: { title: copy.offeringsTitle, intro: copy.offeringsIntro, items: items.slice(0, 8) },
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
      thanksTitle: lex.contact.thanksTitle,
      thanksText: lex.contact.thanksText,
      backLabel: lex.contact.back,
    },
    nav: { ...lex.nav, offerings: copy.offeringsTitle },
    skipLink: lex.skipLink,
    languageLabel: lex.languageLabel,
    seo: {
      title: truncate(seoTitleRaw, 60),
      description: truncate(joinSentences(lang, [subline, paragraphs[0] ?? ""]), 160),
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
  const extracted = extractFacts(description);
  const facts = options.address ? { ...extracted, address: options.address } : extracted;
  const industry: TBusinessCategory = parsed.businessType || inferIndustry(description);
  const seed = hashString(`${description}\u0000${industry}\u0000${parsed.targetMarket}`);
  const defaultLang = parsed.languages[0] ?? "ja";
  const place = facts.place;
  const given = options.businessName?.trim() || facts.name;
  const fallbackNoun =
    defaultLang === "ja" && facts.tradeNoun
      ? facts.tradeNoun
      : LEXICONS[defaultLang].industries[industry].noun;
  const name = truncate(
    given || LEXICONS[defaultLang].fallbackName(fallbackNoun, placeFor(defaultLang, place)),
    80,
  );
  const template = TEMPLATES[industry];
  const colours = template.palettes[seed % template.palettes.length] ?? template.palettes[0]!;

  const content: TSiteContent["content"] = {};
  for (const lang of parsed.languages) {
    content[lang] = composeLanguage(lang, industry, parsed.targetMarket, name, Boolean(given), facts, seed);
  }
  const hasHours = facts.hours.length > 0 || facts.closedDays.length > 0 || facts.openEveryDay;
  return ZSiteContent.parse({
    businessName: name,
    tagline: content[defaultLang]!.hero.headline,
    industry,
    targetMarket: parsed.targetMarket,
    languages: parsed.languages,
    colours,
    variant: seed % 16,
    place,
    contact: {
      phone: facts.phone,
      email: facts.email,
      address: facts.address,
      hours: hasHours
        ? { ranges: facts.hours, closedDays: facts.closedDays, openEveryDay: facts.openEveryDay }
        : undefined,
    },
    ...(options.images && options.images.length > 0 ? { images: options.images.slice(0, 6) } : {}),
    content,
  });
}
