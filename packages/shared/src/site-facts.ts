import { z } from "zod";
import { ZBusinessCategory } from "./categories.ts";
import { ZLanguage } from "./languages.ts";
import { zText } from "./text.ts";

/**
 * The confirmed facts of a website (decision 0025): one set per site, in no particular language,
 * that every site language, every template, the editor and structured data read. Extraction from
 * the owner's description proposes them; the owner confirms or corrects them on the generate form;
 * what the owner confirmed always wins over what the extractor read.
 */

/** 0 = Sunday … 6 = Saturday, as JavaScript's Date and schema.org's day order (from Sunday). */
export const ZWeekday = z.number().int().min(0).max(6);
export type TWeekday = z.infer<typeof ZWeekday>;

/** 24-hour "HH:MM". A closing time earlier than the opening one ends on the next day (17:00–01:00). */
export const ZClockTime = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: "time must be HH:MM (00:00–23:59)" });

export const ZOpeningPeriod = z.object({
  /** The days these hours apply to; empty means every day the business is open. */
  days: z.array(ZWeekday).max(7).default([]),
  opens: ZClockTime,
  /** null: no fixed end ("until sold out"). */
  closes: ZClockTime.nullable().default(null),
});
export type TOpeningPeriod = z.infer<typeof ZOpeningPeriod>;

export const ZOpeningHours = z.object({
  periods: z.array(ZOpeningPeriod).max(14).default([]),
  closedDays: z.array(ZWeekday).max(7).default([]),
  closedOnHolidays: z.boolean().default(false),
  openEveryDay: z.boolean().default(false),
  /** The owner's own words for what the data cannot say: 第3木曜日, 不定休, last order 21:30. */
  notes: z.array(zText("hours.notes").trim().min(1).max(120)).max(6).default([]),
});
export type TOpeningHours = z.infer<typeof ZOpeningHours>;
export type TOpeningHoursInput = z.input<typeof ZOpeningHours>;

export const CURRENCIES = ["JPY", "MYR", "IDR", "PLN", "RON", "SGD", "USD", "EUR"] as const;
export const ZCurrency = z.enum(CURRENCIES);
export type TCurrency = z.infer<typeof ZCurrency>;

/** Japan's standard consumption tax; shown prices include it (総額表示). */
export const JAPAN_CONSUMPTION_TAX = 0.1;

export const ZPrice = z.object({
  /** In the currency's main unit; yen are whole numbers. */
  amount: z.number().nonnegative().max(1_000_000_000),
  currency: ZCurrency.default("JPY"),
  /** false: the owner wrote the price before tax (税抜); pages show it with tax (税込). */
  taxIncluded: z.boolean().default(true),
  /** "〜", "from": the lowest price. */
  from: z.boolean().default(false),
  /** What the price is for, in the owner's words: 1個, per person, 60 min. */
  unit: zText("price.unit").trim().max(40).optional(),
  /** A recurring fee (月額, 年額, per month): each language says it its own way. */
  period: z.enum(["month", "year"]).optional(),
});
export type TPrice = z.infer<typeof ZPrice>;
export type TPriceInput = z.input<typeof ZPrice>;

/** A product, service or menu item as the owner named it, with its price when the owner gave one. */
export const ZFactItem = z.object({
  name: zText("items.name").trim().min(1, { error: "items.name is required" }).max(120),
  description: zText("items.description").trim().max(300).optional(),
  price: ZPrice.optional(),
});
export type TFactItem = z.infer<typeof ZFactItem>;
export type TFactItemInput = z.input<typeof ZFactItem>;

const optionalText = (field: string, max: number) => zText(field).trim().min(1).max(max).nullable();

/** Who runs the business, as the owner's site states it (代表税理士 山田太郎; 税理士, 行政書士). */
export const ZProfile = z.object({
  representative: zText("profile.representative").trim().min(1).max(80).nullable().default(null),
  qualifications: z.array(zText("profile.qualifications").trim().min(1).max(60)).max(6).default([]),
});
export type TProfile = z.infer<typeof ZProfile>;

/** A short remark customers need to know, in the owner's words: 初回相談無料, free parking, halal. */
export const ZFactNote = zText("notes").trim().min(1).max(80);

/** A name or place as it should read in one site language (Tokyo for 東京), when the owner gives one. */
export const ZLocalizedNames = z.object({
  name: zText("localized.name").trim().min(1).max(120).optional(),
  place: zText("localized.place").trim().min(1).max(80).optional(),
});

export const ZSiteFacts = z.object({
  /** The language the owner wrote in; items and notes are in it. */
  sourceLanguage: ZLanguage,
  name: optionalText("name", 120),
  /** What the business is, in the owner's words (和菓子店, yoga studio, warung). */
  trade: optionalText("trade", 80),
  /** Area or town as the owner wrote it (京都市上京区, Bangsar, Kuala Lumpur). */
  place: optionalText("place", 80),
  /** How to get there, in the owner's words (たまプラーザ駅から徒歩3分). */
  access: optionalText("access", 120).default(null),
  /** A postal address, one line (〒150-0001 東京都渋谷区…). */
  address: optionalText("address", 300),
  phone: optionalText("phone", 40),
  email: z.email({ error: "email must be an email address" }).max(200).nullable(),
  foundedYear: z.number().int().min(1000).max(2100).nullable(),
  items: z.array(ZFactItem).max(20).default([]),
  hours: ZOpeningHours.nullable(),
  localized: z.partialRecord(ZLanguage, ZLocalizedNames).default({}),
  notes: z.array(ZFactNote).max(8).default([]),
  profile: ZProfile.nullable().default(null),
  /** A WhatsApp number (click-to-chat at wa.me), when the owner gives one. */
  whatsapp: optionalText("whatsapp", 40).default(null),
  /** A LINE ID (@shop or a personal ID) for the friend-add link, when the owner gives one. */
  lineId: optionalText("lineId", 40).default(null),
  /** The owner's own pages elsewhere (Instagram, Facebook, Google Maps…): schema.org sameAs. */
  sameAs: z
    .array(z.url({ protocol: /^https?$/ }).max(300))
    .max(8)
    .default([]),
});
export type TSiteFacts = z.infer<typeof ZSiteFacts>;
export type TSiteFactsInput = z.input<typeof ZSiteFacts>;

/**
 * What the owner confirmed on the generate form: every field optional. A field that is present
 * wins over extraction (null and [] included: "there is none"); a missing field is extracted.
 */
export const ZConfirmedFacts = z.object({
  name: optionalText("name", 120).optional(),
  trade: optionalText("trade", 80).optional(),
  place: optionalText("place", 80).optional(),
  access: optionalText("access", 120).optional(),
  address: optionalText("address", 300).optional(),
  phone: optionalText("phone", 40).optional(),
  email: z.email({ error: "email must be an email address" }).max(200).nullable().optional(),
  foundedYear: z.number().int().min(1000).max(2100).nullable().optional(),
  items: z.array(ZFactItem).max(20).optional(),
  hours: ZOpeningHours.nullable().optional(),
  localized: z.partialRecord(ZLanguage, ZLocalizedNames).optional(),
  notes: z.array(ZFactNote).max(8).optional(),
  profile: ZProfile.nullable().optional(),
  whatsapp: optionalText("whatsapp", 40).optional(),
  lineId: optionalText("lineId", 40).optional(),
  sameAs: z
    .array(z.url({ protocol: /^https?$/ }).max(300))
    .max(8)
    .optional(),
});
export type TConfirmedFacts = z.input<typeof ZConfirmedFacts>;

/** The confirmed facts over the extracted ones, field by field. */
export function mergeFacts(
  extracted: TSiteFacts,
  confirmed: z.output<typeof ZConfirmedFacts> | undefined,
): TSiteFacts {
  if (!confirmed) return extracted;
  const merged: TSiteFacts = { ...extracted };
  for (const [key, value] of Object.entries(confirmed) as [keyof typeof confirmed, unknown][]) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** A yen price as shown to customers: tax-inclusive, whole yen (rounded down, as shops do). */
export function priceWithTax(price: Pick<TPrice, "amount" | "currency" | "taxIncluded">): number {
  if (price.currency !== "JPY" || price.taxIncluded) return price.amount;
  return Math.floor(price.amount * (1 + JAPAN_CONSUMPTION_TAX));
}

/** The answer of POST /api/websites/understand: what the generator read, for the owner to confirm. */
export const ZUnderstoodDescription = z.object({
  facts: ZSiteFacts,
  /** The template the generator would choose, and the other candidates, best first. */
  industry: ZBusinessCategory,
  candidates: z.array(ZBusinessCategory),
});
export type TUnderstoodDescription = z.infer<typeof ZUnderstoodDescription>;
